import { useState, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { installProbe } from "./probe.ts";

/** What each preview under test receives: the raw text of the number field, exactly as typed. */
export interface PreviewUnderTest {
  cardNumber: string;
}

/** The same page for both previews: one number field driving the preview, and the probe on the preview. */
export function mountHarness(Preview: ComponentType<PreviewUnderTest>): void {
  function Harness() {
    const [cardNumber, setCardNumber] = useState("");
    return (
      <main style={{ maxWidth: 420, margin: "2rem auto", fontFamily: "system-ui" }}>
        <div id="preview">
          <Preview cardNumber={cardNumber} />
        </div>
        <label style={{ display: "block", marginTop: "2rem" }}>
          Card number{" "}
          <input
            id="number"
            autoComplete="off"
            value={cardNumber}
            onChange={(event) => setCardNumber(event.currentTarget.value)}
          />
        </label>
      </main>
    );
  }
  const root = document.getElementById("root")!;
  createRoot(root).render(<Harness />);
  installProbe(root);
}
