// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";
import { withI18n } from "#app/modules/i18n/test-i18n.tsx";
import type { Design } from "#app/modules/design/design.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { SafeZoneWarning } from "./safe-zone-warning.tsx";

afterEach(cleanup);

function Stub({ routes }: { routes: Parameters<typeof createRoutesStub>[0] }) {
  const Routes = createRoutesStub(routes);
  return <Routes />;
}

async function show(design: Design, size: number, locale: Locale = "en") {
  const Page = () => (
    <>
      <h1>Payment</h1>
      <SafeZoneWarning design={design} size={size} />
    </>
  );
  render(withI18n(<Stub routes={[{ path: "/", Component: Page }]} />, locale));
  await screen.findByRole("heading", { name: "Payment" }); // the router has rendered the page
}

describe("SafeZoneWarning", () => {
  it("says nothing for a design inside the safe zone", async () => {
    await show(designWith(textLayer({ id: "inside" })), 8);
    expect(screen.queryByTestId("safe-zone-warning")).toBeNull();
  });

  it("counts the layers beyond it, for the width chosen, and links to the editor", async () => {
    await show(designWith(textLayer({ id: "inside" }), emojiLayer({ id: "corner", x: 0, y: 0 })), 8);
    const warning = await screen.findByTestId("safe-zone-warning");
    expect(warning.textContent).toBe(
      "One part of your design reaches beyond the safe zone and may be cut off at the deck's rounded edge. Check it in the editor.",
    );
    expect(screen.getByRole("link", { name: "Check it in the editor" }).getAttribute("href")).toBe("/editor");
  });

  it("speaks German, with the count", async () => {
    await show(designWith(emojiLayer({ id: "a", x: 0, y: 0 }), emojiLayer({ id: "b", x: 0, y: 0 })), 8.5, "de");
    expect((await screen.findByTestId("safe-zone-warning")).textContent).toMatch(/^2 Teile deines Designs reichen über den sicheren Bereich hinaus/);
  });
});
