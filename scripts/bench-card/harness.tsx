import { useState, type ComponentType } from "react";
import { createRoot } from "react-dom/client";
import { createInstance } from "i18next";
import { setI18n } from "react-i18next";
import card from "#app/locales/en/card.json";
import common from "#app/locales/en/common.json";
import { installProbe } from "./probe.ts";

/** What each preview under test receives: the raw text of the number field, exactly as typed. */
export interface PreviewUnderTest {
  cardNumber: string;
}

// The shop's preview reads its words through i18next (the shop's pages give it the page's instance): here the
// English card words, set up alike on every page of the bench, as the component tests do (test-setup.ts).
const english = createInstance();
void english.init({
  lng: "en",
  fallbackLng: false,
  ns: ["common", "card"],
  defaultNS: "common",
  resources: { en: { common, card } },
  initAsync: false,
  interpolation: { escapeValue: false },
});
setI18n(english);

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
