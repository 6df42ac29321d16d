// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { initialDesign, type Design, type TextLayer } from "#app/modules/design/design.ts";
import { DesignEditor } from "./design-editor.tsx";
import { designWith, emojiLayer, textLayer } from "#tests/support/design-fixtures.ts";

afterEach(cleanup);

/** The editor with its design held like the order store holds it; `saved()` reads the latest. */
function renderEditor(start: Design = initialDesign) {
  let latest = start;
  function Host() {
    const [design, setDesign] = useState(start);
    return (
      <DesignEditor
        design={design}
        onDesignChange={(next) => {
          latest = next;
          setDesign(next);
        }}
        size={8}
        grip={false}
      />
    );
  }
  render(<Host />);
  return { saved: () => latest };
}

const layerOnCanvas = (name: RegExp) =>
  within(screen.getByRole("group", { name: /^Design canvas/ })).getByRole("button", { name });
const ctrl = (key: string, extra: Partial<KeyboardEventInit> = {}) => ({ key, ctrlKey: true, ...extra });

describe("DesignEditor", () => {
  it("adds a text layer, which the buyer types into, with a counter", () => {
    const { saved } = renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add text" }));
    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "Skate or die" } });
    expect(saved().layers).toMatchObject([{ kind: "text", text: "Skate or die" }]);
    expect(screen.getByText("12/40 characters, up to 4 lines")).toBeTruthy();
    expect(layerOnCanvas(/^Text “Skate or die”, layer 1 of 1$/).getAttribute("aria-pressed")).toBe("true");
  });

  it("leaves out characters the fonts cannot print and says so", () => {
    const { saved } = renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add text" }));
    fireEvent.change(screen.getByLabelText("Text"), { target: { value: "Go 🛹 <b>" } });
    expect((saved().layers[0] as TextLayer).text).toBe("Go  b");
    expect(screen.getByText(/Characters our fonts cannot print/)).toBeTruthy();
  });

  it("moves the focused layer with the arrow keys, further with Shift, and says where it is", () => {
    const { saved } = renderEditor(designWith(textLayer({ x: 100, y: 300 })));
    const layer = layerOnCanvas(/^Text “Skate”/);
    fireEvent.focus(layer);
    fireEvent.keyDown(layer, { key: "ArrowRight" });
    fireEvent.keyDown(layer, { key: "ArrowDown", shiftKey: true });
    expect(saved().layers[0]).toMatchObject({ x: 101, y: 310 });
    expect(screen.getByRole("status").textContent).toContain("101 mm across, 310 mm down");
  });

  it("undoes and redoes with Ctrl+Z and Shift+Ctrl+Z, nudges in a row being one step", () => {
    const { saved } = renderEditor(designWith(textLayer({ x: 100, y: 300 })));
    const layer = layerOnCanvas(/^Text “Skate”/);
    fireEvent.focus(layer);
    for (let step = 0; step < 3; step++) fireEvent.keyDown(layer, { key: "ArrowLeft" });
    expect(saved().layers[0]).toMatchObject({ x: 97 });
    fireEvent.keyDown(layer, ctrl("z"));
    expect(saved().layers[0]).toMatchObject({ x: 100 });
    fireEvent.keyDown(layer, ctrl("Z", { shiftKey: true }));
    expect(saved().layers[0]).toMatchObject({ x: 97 });
  });

  it("deletes with Delete, duplicates with Ctrl+D and orders with the brackets", () => {
    const { saved } = renderEditor(designWith(textLayer({ id: "layer-1" }), emojiLayer({ id: "layer-2" })));
    const sticker = layerOnCanvas(/^Sticker: skateboard/);
    fireEvent.focus(sticker);
    fireEvent.keyDown(sticker, { key: "[" });
    expect(saved().layers.map((layer) => layer.id)).toEqual(["layer-2", "layer-1"]);
    fireEvent.keyDown(sticker, ctrl("d"));
    expect(saved().layers.map((layer) => layer.id)).toEqual(["layer-2", "layer-3", "layer-1"]);
    fireEvent.keyDown(layerOnCanvas(/^Text “Skate”/), { key: "Delete" });
    expect(saved().layers.map((layer) => layer.id)).toEqual(["layer-2", "layer-3"]);
  });

  it("flags a layer outside the safe zone on the canvas, in the list and in the panel", () => {
    renderEditor(designWith(emojiLayer({ x: 3, y: 400 })));
    const layer = layerOnCanvas(/^Sticker: skateboard, layer 1 of 1, outside the safe zone$/);
    expect(screen.getByText("Outside the safe zone", { selector: ".editor-layers__flag" })).toBeTruthy();
    act(() => layer.focus());
    expect(screen.getByText("Outside the safe zone.")).toBeTruthy();
  });

  it("announces when a nudge takes a layer over the safe zone's edge", () => {
    renderEditor(designWith(emojiLayer({ x: 32, y: 400, size: 50 })));
    const layer = layerOnCanvas(/^Sticker: skateboard/);
    fireEvent.focus(layer);
    fireEvent.keyDown(layer, { key: "ArrowLeft" });
    expect(screen.getByRole("status").textContent).toContain("It is now outside the safe zone");
  });

  it("changes the background from the swatches", () => {
    const { saved } = renderEditor();
    fireEvent.click(screen.getByRole("radio", { name: "Ocean" }));
    expect(saved().background).toBe("#0d3b66");
  });

  it("places a second text apart from the first, each large and running along the deck", () => {
    const { saved } = renderEditor();
    fireEvent.click(screen.getByRole("button", { name: "Add text" }));
    const text = saved().layers[0] as TextLayer;
    expect(text.rotation).toBe(-90);
    expect(text.fontSize).toBeGreaterThan(80);
    fireEvent.click(screen.getByRole("button", { name: "Add text" }));
    const [first, second] = saved().layers as [TextLayer, TextLayer];
    expect(second.x).toBeCloseTo(first.x, 1);
    expect(Math.abs(second.y - first.y)).toBeGreaterThan(100);
  });

  it("shows what it is given beside the deck", () => {
    render(
      <DesignEditor
        design={initialDesign}
        onDesignChange={() => {}}
        size={0}
        grip={false}
        summary={<p>From €59.00</p>}
      />,
    );
    expect(document.querySelector(".editor__stage")?.textContent).toContain("From €59.00");
  });

  it("renders its tools disabled on the server, where a click could not reach them", () => {
    const html = renderToString(
      <DesignEditor design={initialDesign} onDesignChange={() => {}} size={0} grip={false} />,
    );
    const page = new DOMParser().parseFromString(html, "text/html");
    const tools = page.querySelector("fieldset.editor__tools") as HTMLFieldSetElement;
    expect(tools.disabled).toBe(true);
    expect(page.querySelectorAll(".editor-zoom button:disabled")).toHaveLength(2);
  });

  it("enables them in the browser", () => {
    renderEditor();
    expect((screen.getByRole("group", { name: "Design tools" }) as HTMLFieldSetElement).disabled).toBe(false);
    expect((screen.getByRole("button", { name: "Add text" }) as HTMLButtonElement).matches(":disabled")).toBe(false);
  });

  it("keeps the resize handle on the canvas for a text wider than the deck, on the line from its centre to its corner", () => {
    const wide = textLayer({ x: 100, y: 300, text: "W".repeat(40), fontSize: 150 });
    renderEditor(designWith(wide));
    fireEvent.focus(layerOnCanvas(/^Text “W+…”/));
    const canvas = document.querySelector<SVGSVGElement>("svg[viewBox]")!;
    const [left, top, width, height] = canvas.getAttribute("viewBox")!.split(" ").map(Number) as number[];
    const knob = document.querySelector('[data-handle="resize"] .editor-handle__knob')!;
    const x = Number(knob.getAttribute("cx"));
    const y = Number(knob.getAttribute("cy"));
    expect(x).toBeGreaterThan(wide.x);
    expect(x).toBeLessThanOrEqual(left! + width!);
    expect(y).toBeGreaterThan(wide.y);
    expect(y).toBeLessThanOrEqual(top! + height!);
    // On the diagonal: dragging it scales by the ratio of distances from the centre, as at the corner.
    const corner = document.querySelector(".editor-selection__frame")!.getAttribute("points")!.split(" ")[2]!.split(",").map(Number);
    expect((y - wide.y) / (x - wide.x)).toBeCloseTo((corner[1]! - wide.y) / (corner[0]! - wide.x), 5);
  });
});
