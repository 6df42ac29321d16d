import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectLayout, expectNoAxeViolations, open, ORDER_STORAGE_KEY, reload } from "./helpers.ts";

interface SavedLayer {
  id: string;
  kind: "text" | "emoji";
  x: number;
  y: number;
  rotation: number;
  text?: string;
  unified?: string;
  name?: string;
  size?: number;
  fontSize?: number;
}

const text = (overrides: Partial<SavedLayer> = {}) => ({
  id: "layer-1",
  kind: "text",
  x: 100,
  y: 250,
  rotation: 0,
  text: "Skate",
  font: "inter",
  fontSize: 25,
  color: "#1b1b1b",
  align: "center",
  ...overrides,
});

const sticker = (overrides: Partial<SavedLayer> = {}) => ({
  id: "layer-2",
  kind: "emoji",
  x: 100,
  y: 450,
  rotation: 0,
  unified: "1f525",
  name: "fire",
  size: 60,
  ...overrides,
});

/** Opens /editor with a saved draft holding these layers, as the order store writes it. */
async function openWithLayers(page: Page, layers: object[]) {
  await page.addInitScript(
    ([key, draft]) => {
      if (!sessionStorage.getItem(key)) sessionStorage.setItem(key, draft);
    },
    [ORDER_STORAGE_KEY, JSON.stringify({ design: { background: "#f4d35e", layers } })] as const,
  );
  await open(page, "/editor");
}

async function savedLayers(page: Page): Promise<SavedLayer[]> {
  return page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? "{}").design?.layers ?? [], ORDER_STORAGE_KEY);
}

async function savedLayer(page: Page, id: string): Promise<SavedLayer | undefined> {
  return (await savedLayers(page)).find((layer) => layer.id === id);
}

function canvas(page: Page): Locator {
  return page.getByRole("group", { name: /^Design canvas/ });
}

function canvasLayer(page: Page, name: string | RegExp): Locator {
  return canvas(page).getByRole("button", { name: typeof name === "string" ? new RegExp(`^${name}, layer`) : name });
}

/** Screen pixels per millimetre of the deck on the canvas. */
async function canvasScale(page: Page): Promise<number> {
  return canvas(page).evaluate((svg) => (svg as SVGSVGElement).getScreenCTM()?.a ?? 1);
}

async function centreOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function dragWithMouse(page: Page, from: { x: number; y: number }, by: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + by.x, from.y + by.y, { steps: 8 });
  await page.mouse.up();
}

test.describe("design editor", () => {
  test("designs with a text and an emoji from the picker, kept on reload and shown on the start page", async ({
    page,
  }) => {
    await open(page, "/editor");
    await expectLayout(page, "Design your deck");
    await page.getByRole("button", { name: "Add text" }).click();
    const field = page.getByRole("textbox", { name: "Text", exact: true });
    await expect(field).toBeFocused();
    await field.fill("Skate or die");
    await expect(page.getByText("12/40 characters")).toBeVisible();
    await page.getByRole("combobox", { name: "Font" }).selectOption({ label: "Permanent Marker" });

    await page.getByRole("button", { name: "Add sticker" }).click();
    const picker = page.getByRole("dialog", { name: "Choose a sticker" });
    await picker.getByRole("searchbox", { name: "Search emoji" }).fill("fire");
    await picker.getByRole("gridcell").getByRole("button", { name: "fire", exact: true }).click();
    await expect(picker).toBeHidden();
    const fire = canvasLayer(page, "Sticker: fire");
    await expect(fire).toBeFocused();
    await expect(fire).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("status").filter({ hasText: "Added the sticker fire." })).toBeAttached();
    const art = fire.locator("image");
    await expect(art).toHaveAttribute("href", "/emoji/svg/1f525.svg");

    const layerList = page.getByRole("region", { name: "Layers, front to back" });
    await expect(layerList.getByRole("listitem")).toHaveText(["Sticker: fire", "Text “Skate or die”"]);
    expect(await savedLayers(page)).toMatchObject([
      { kind: "text", text: "Skate or die", font: "permanent-marker" },
      { kind: "emoji", unified: "1f525", name: "fire" },
    ]);

    await reload(page);
    await expect(layerList.getByRole("listitem")).toHaveText(["Sticker: fire", "Text “Skate or die”"]);
    await expect(canvasLayer(page, "Text “Skate or die”")).toBeVisible();

    await page.getByRole("link", { name: "Deck Studio", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    const deck = page.getByRole("main").getByRole("img", { name: /Custom skateboard deck/ });
    await expect(deck).toHaveAccessibleName(/with the text “Skate or die” and the sticker: fire/);
    await expect(deck.locator("text")).toHaveText("Skate or die");
    const onDeck = deck.locator('image[href="/emoji/svg/1f525.svg"]');
    await expect(onDeck).toBeAttached();
    // The bundled font is served by the shop itself and used on the start page too.
    await expect.poll(() => page.evaluate(() => document.fonts.check('40px "Permanent Marker"'))).toBe(true);
  });

  test("moves a layer with the keyboard, Shift for bigger steps, and undoes and redoes", async ({ page }) => {
    await openWithLayers(page, [text()]);
    const layer = canvasLayer(page, "Text “Skate”");
    await layer.focus();
    await expect(layer).toHaveAttribute("aria-pressed", "true");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    await expect.poll(() => savedLayer(page, "layer-1")).toMatchObject({ x: 102, y: 260 });
    await expect(page.getByRole("status").filter({ hasText: "102 mm across, 260 mm down" })).toBeAttached();

    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => savedLayer(page, "layer-1")).toMatchObject({ x: 100, y: 250 });
    await page.keyboard.press("ControlOrMeta+Shift+z");
    await expect.poll(() => savedLayer(page, "layer-1")).toMatchObject({ x: 102, y: 260 });
    await page.getByRole("button", { name: "Undo" }).click();
    await expect.poll(() => savedLayer(page, "layer-1")).toMatchObject({ x: 100, y: 250 });
  });

  test("moves, resizes and rotates a layer with the mouse, each one step to undo", async ({ page }) => {
    await openWithLayers(page, [sticker()]);
    const layer = canvasLayer(page, "Sticker: fire");
    const scale = await canvasScale(page);

    await dragWithMouse(page, await centreOf(layer), { x: 40, y: 100 });
    const moved = await savedLayer(page, "layer-2");
    expect(moved?.x).toBeCloseTo(100 + 40 / scale, 0);
    expect(moved?.y).toBeCloseTo(450 + 100 / scale, 0);
    await expect(layer).toHaveAttribute("aria-pressed", "true");

    const resize = canvas(page).locator('[data-handle="resize"] .editor-handle__knob');
    const corner = await centreOf(resize);
    await dragWithMouse(page, corner, { x: 30 * scale, y: 30 * scale });
    await expect.poll(async () => (await savedLayer(page, "layer-2"))?.size).toBeGreaterThan(100);

    const rotate = canvas(page).locator('[data-handle="rotate"] .editor-handle__knob');
    const knob = await centreOf(rotate);
    const centre = await centreOf(layer);
    // A quarter turn clockwise around the centre: from above it to its right.
    const radius = centre.y - knob.y;
    await page.mouse.move(knob.x, knob.y);
    await page.mouse.down();
    await page.mouse.move(centre.x + radius * 0.7, centre.y - radius * 0.7, { steps: 4 });
    await page.mouse.move(centre.x + radius, centre.y, { steps: 4 });
    await page.mouse.up();
    await expect.poll(async () => (await savedLayer(page, "layer-2"))?.rotation).toBeCloseTo(90, -1);

    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(async () => (await savedLayer(page, "layer-2"))?.rotation).toBe(0);
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(async () => (await savedLayer(page, "layer-2"))?.size).toBe(60);
    await page.keyboard.press("ControlOrMeta+z");
    await expect.poll(() => savedLayer(page, "layer-2")).toMatchObject({ x: 100, y: 450 });
  });

  test("moves a layer with a finger", async ({ browser }) => {
    const context = await browser.newContext({ hasTouch: true, viewport: { width: 412, height: 860 } });
    const page = await context.newPage();
    await openWithLayers(page, [sticker()]);
    const layer = canvasLayer(page, "Sticker: fire");
    const scale = await canvasScale(page);
    const start = await centreOf(layer);
    const cdp = await context.newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: type === "touchEnd" ? [] : [{ x, y }] });
    await touch("touchStart", start.x, start.y);
    for (let step = 1; step <= 6; step++) await touch("touchMove", start.x + step * 5, start.y + step * 10);
    await touch("touchEnd", 0, 0);
    await expect.poll(async () => (await savedLayer(page, "layer-2"))?.y).toBeCloseTo(450 + 60 / scale, 0);
    await expect(layer).toHaveAttribute("aria-pressed", "true");
    await context.close();
  });

  test("Tab goes from layer to layer; Delete removes, Ctrl+D duplicates, brackets reorder", async ({ page }) => {
    await openWithLayers(page, [text(), sticker()]);
    await canvasLayer(page, "Text “Skate”").focus();
    await page.keyboard.press("Tab");
    const fire = canvasLayer(page, "Sticker: fire");
    await expect(fire).toBeFocused();
    await expect(fire).toHaveAttribute("aria-pressed", "true");

    await page.keyboard.press("ControlOrMeta+d");
    await expect
      .poll(async () => (await savedLayers(page)).map((layer) => layer.id))
      .toEqual(["layer-1", "layer-2", "layer-3"]);
    await expect(canvasLayer(page, /^Sticker: fire, layer 3 of 3/)).toBeFocused();
    await page.keyboard.press("[");
    await expect
      .poll(async () => (await savedLayers(page)).map((layer) => layer.id))
      .toEqual(["layer-1", "layer-3", "layer-2"]);
    await page.keyboard.press("Delete");
    await expect.poll(async () => (await savedLayers(page)).map((layer) => layer.id)).toEqual(["layer-1", "layer-2"]);
    await page.keyboard.press("Backspace");
    await expect.poll(async () => (await savedLayers(page)).map((layer) => layer.id)).toEqual(["layer-2"]);
    await expect(page.getByRole("status").filter({ hasText: "Deleted Text “Skate”." })).toBeAttached();
  });

  test("flags a layer that leaves the safe zone, on screen and for screen readers", async ({ page }) => {
    // A 60 mm sticker on a 7.75″ deck: its left edge reaches the 6.35 mm margin when its centre is at 36.35 mm.
    await openWithLayers(page, [sticker({ x: 50 })]);
    await canvasLayer(page, "Sticker: fire").focus();
    await expect(canvas(page).locator(".editor-flag")).toHaveCount(0);
    await expect(page.getByText("Inside the safe zone.")).toBeVisible();
    await page.keyboard.press("Shift+ArrowLeft");
    await expect(page.getByRole("status").filter({ hasText: "40 mm across, 450 mm down." })).toBeAttached();
    await page.keyboard.press("Shift+ArrowLeft");
    const status = page.getByRole("status").filter({ hasText: "30 mm across, 450 mm down, outside the safe zone." });
    await expect(status).toContainText("It is now outside the safe zone: it may be cut off.");
    await expect(canvasLayer(page, /^Sticker: fire, layer 1 of 1, outside the safe zone$/)).toBeFocused();
    await expect(canvas(page).locator(".editor-flag")).toHaveCount(1);
    await expect(page.getByText("Outside the safe zone.", { exact: true })).toBeVisible();
    const layerList = page.getByRole("region", { name: "Layers, front to back" });
    await expect(layerList.getByRole("button", { name: "Sticker: fire Outside the safe zone" })).toBeVisible();

    await page.keyboard.press("Shift+ArrowRight");
    await expect(page.getByRole("status")).toContainText("It is back inside the safe zone.");
    await expect(canvas(page).locator(".editor-flag")).toHaveCount(0);
  });

  test("has no axe violations with a layer selected", async ({ page }) => {
    await openWithLayers(page, [text(), sticker()]);
    await canvasLayer(page, "Text “Skate”").focus();
    await expect(page.getByRole("heading", { name: "Selected: Text “Skate”" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
