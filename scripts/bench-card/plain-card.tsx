// The least a card preview can be: the number's four groups in a card-shaped box with a background, rounded
// corners and white text, and nothing else (no brand, masking, holder, expiry or frame). Its ratio to the bare
// page is the cost of showing the number on any card at all (`--plain-card`).
import { mountHarness } from "./harness.tsx";

const box = {
  display: "flex",
  alignItems: "center",
  justifyContent: "center",
  gap: "0.6em",
  aspectRatio: "85.6 / 53.98",
  borderRadius: 18,
  background: "linear-gradient(135deg, #1f2933, #3e4c59)",
  color: "#ffffff",
  fontFamily: "ui-monospace, monospace",
  fontSize: 26,
} as const;

mountHarness(({ cardNumber }) => {
  const digits = cardNumber.replace(/\D/g, "").padEnd(16, "#");
  return (
    <div style={box}>
      {[0, 4, 8, 12].map((start) => (
        <span key={start}>{digits.slice(start, start + 4)}</span>
      ))}
    </div>
  );
});
