import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoAxeViolations, open, reload } from "./helpers.ts";

/** The /Example page's emoji showcase: a standalone picker and one attached to the "Message" textarea. */
async function openShowcase(page: Page) {
  await open(page, "/Example");
  await expect(page.getByRole("heading", { name: "Emoji picker", exact: true })).toBeVisible();
  return {
    standalone: page.getByRole("group", { name: "Standalone emoji picker" }),
    message: page.getByRole("textbox", { name: "Message" }),
    toggle: page.getByRole("button", { name: "Choose emoji" }),
    popup: page.getByRole("dialog", { name: "Emoji for Message" }),
  };
}

function emoji(picker: Locator, name: string): Locator {
  return picker.getByRole("gridcell").getByRole("button", { name, exact: true });
}

function searchBox(picker: Locator): Locator {
  return picker.getByRole("searchbox", { name: "Search emoji" });
}

/**
 * The code an emoji button's picture shows, once loaded: its own file's, or that of its cell in a requested sheet
 * (/emoji/sheets/<code>_<code>….svg, the cell read from the image's object-position). Null while not loaded.
 */
function artShown(button: Locator): Promise<string | null> {
  return button.locator("img").evaluate((img: HTMLImageElement) => {
    if (!img.complete || img.naturalWidth === 0) return null;
    const path = new URL(img.src).pathname;
    const own = /^\/emoji\/svg\/([0-9a-f-]+)\.svg$/.exec(path);
    if (own) return own[1] ?? null;
    const sheet = /^\/emoji\/sheets\/([0-9a-f_-]+)\.svg$/.exec(path);
    if (!sheet) return path;
    // The cell comes from classes (pages allow no inline styles), so read the computed position.
    const cell = Math.round(-Number.parseFloat(getComputedStyle(img).objectPosition.split(" ")[1] ?? "0") / img.width);
    return sheet[1]?.split("_")[cell] ?? null;
  });
}

/** Every request the page makes, to prove that nothing leaves the shop's own server. */
function recordHosts(page: Page): Set<string> {
  const hosts = new Set<string>();
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith("http")) hosts.add(url.host);
  });
  return hosts;
}

test.describe("emoji picker", () => {
  test("opens from the toggle below the field, with search focused and self-hosted artwork", async ({ page }) => {
    const hosts = recordHosts(page);
    const { toggle, popup, message } = await openShowcase(page);
    await expect(popup).toBeHidden();
    await toggle.click();
    await expect(popup).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(searchBox(popup)).toBeFocused();
    await expect(searchBox(popup)).toHaveAttribute("placeholder", "Search emoji");
    await expect(popup.getByRole("toolbar", { name: "Emoji categories" }).getByRole("button")).toHaveCount(8);
    await expect(popup.getByRole("group", { name: "Skin tone" })).toBeVisible();
    const grinning = emoji(popup, "grinning face");
    await expect(grinning).toBeVisible();
    // The first screen's artwork is one self-hosted sheet; each cell shows its part of it.
    const image = grinning.locator("img");
    await expect(image).toHaveAttribute("src", /^\/emoji\/sheet-[0-9a-f]{10}\.svg$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // 6 px below the field's control row, right-aligned with it.
    const control = await message.locator("..").boundingBox();
    const box = await popup.boundingBox();
    expect(box && control && Math.round(box.y - (control.y + control.height))).toBe(6);
    expect(box && control && Math.round(box.x + box.width - (control.x + control.width))).toBe(0);

    expect([...hosts]).toEqual([new URL(page.url()).host]);
  });

  test("opens with two requests, data and the first screen's sheet, and loads other artwork as it scrolls", async ({ page }) => {
    const { toggle, popup } = await openShowcase(page);
    await expect(emoji(page.getByRole("group", { name: "Standalone emoji picker" }), "grinning face")).toBeVisible();
    const requested: string[] = [];
    page.on("request", (request) => requested.push(new URL(request.url()).pathname));
    await page.reload(); // the standalone picker opens with the page: count from the start
    await expect(emoji(page.getByRole("group", { name: "Standalone emoji picker" }), "grinning face")).toBeVisible();
    await page.waitForLoadState("networkidle");
    const emojiRequests = requested.filter((path) => path.startsWith("/emoji/"));
    expect(emojiRequests.filter((path) => path.startsWith("/emoji/svg/"))).toEqual([]);
    expect(emojiRequests.filter((path) => /^\/emoji\/sheet-[0-9a-f]{10}\.svg$/.test(path))).toHaveLength(1);
    expect(emojiRequests).toContain("/emoji/data.json");

    // Further down, sheets the server composes: a section's first screen in one, then two rows at a time.
    requested.length = 0;
    await toggle.click();
    await popup.getByRole("button", { name: "Food & Drink" }).click();
    await expect.poll(() => artShown(emoji(popup, "red apple"))).toBe("1f34e");
    await page.waitForLoadState("networkidle");
    const sheets = requested.filter((path) => path.startsWith("/emoji/sheets/"));
    expect(requested.filter((path) => path.startsWith("/emoji/svg/"))).toEqual([]);
    expect(sheets.length).toBeGreaterThan(0);
    expect(sheets.length).toBeLessThanOrEqual(3); // the category's first screen in one sheet, maybe the next rows'
  });

  test("shows each emoji's own file when a sheet cannot be had", async ({ page }) => {
    await page.route("**/emoji/sheets/**", (route) => route.fulfill({ status: 503, body: "" }));
    const { standalone } = await openShowcase(page);
    await searchBox(standalone).fill("wave");
    await expect.poll(() => artShown(emoji(standalone, "waving hand"))).toBe("1f44b");
  });

  test("the category buttons scroll to their category and follow the scrolling", async ({ page }) => {
    const { standalone } = await openShowcase(page);
    const bar = standalone.getByRole("toolbar", { name: "Emoji categories" });
    await expect(bar.getByRole("button", { name: "Smiles & People" })).toHaveAttribute("aria-current", "true");
    await bar.getByRole("button", { name: "Food & Drink" }).click();
    await expect(emoji(standalone, "red apple")).toBeVisible();
    await expect(bar.getByRole("button", { name: "Food & Drink" })).toHaveAttribute("aria-current", "true");
    await standalone.getByRole("grid").evaluate((grid) => grid.scrollTo({ top: 0 }));
    await expect(bar.getByRole("button", { name: "Smiles & People" })).toHaveAttribute("aria-current", "true");
    // Virtualised: only the rows in view are in the document.
    expect(await standalone.getByRole("gridcell").count()).toBeLessThan(200);

    // A category button while searching clears the search and goes to the category.
    await searchBox(standalone).fill("wave");
    await bar.getByRole("button", { name: "Flags" }).click();
    await expect(searchBox(standalone)).toHaveValue("");
    await expect(bar.getByRole("button", { name: "Flags" })).toHaveAttribute("aria-current", "true");
    await expect(emoji(standalone, "chequered flag")).toBeVisible();
  });

  test("search matches every name (wave, joy) and shows the empty text", async ({ page }) => {
    const { standalone } = await openShowcase(page);
    const search = searchBox(standalone);
    await search.fill("wave");
    const results = standalone.getByRole("grid", { name: "Search results" });
    await expect(results.getByRole("button").first()).toHaveAccessibleName("waving hand");
    await search.fill("  JOY ");
    await expect(results.getByRole("button").first()).toHaveAccessibleName("face with tears of joy");
    await search.fill("qwxzv");
    await expect(standalone.getByText("No emoji has been found!")).toBeVisible();
    await expect(standalone.getByRole("grid")).toHaveCount(0);
  });

  test("picks in the chosen skin tone, the light one included, into the textarea and the callback", async ({ page }) => {
    const { standalone, toggle, popup, message } = await openShowcase(page);
    await standalone.getByRole("radio", { name: "Light", exact: true }).check();
    await searchBox(standalone).fill("wave");
    await emoji(standalone, "waving hand").click();
    await expect(page.getByText("Picked: waving hand (tone 1f3fb)")).toBeVisible();
    await expect(standalone.getByRole("img")).toHaveCount(0); // artwork is decorative: the buttons carry the names

    await message.fill("Hi!");
    await message.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(0, 0));
    await toggle.click();
    // The tone is remembered across pickers.
    await expect(popup.getByRole("radio", { name: "Light", exact: true })).toBeChecked();
    await searchBox(popup).fill("wave");
    await expect.poll(() => artShown(emoji(popup, "waving hand"))).toBe("1f44b-1f3fb");
    await emoji(popup, "waving hand").click();
    await expect(message).toHaveValue("👋🏻Hi!");
    await expect(popup).toBeVisible(); // a pick does not close it
  });

  test("keeps recently used emoji, newest first with their tones, after a reload", async ({ page }) => {
    const { standalone } = await openShowcase(page);
    await expect(standalone.getByRole("button", { name: "Recently used" })).toHaveCount(0);
    await searchBox(standalone).fill("joy");
    await emoji(standalone, "face with tears of joy").click();
    await standalone.getByRole("radio", { name: "Dark", exact: true }).check();
    await searchBox(standalone).fill("thumbs up");
    await emoji(standalone, "thumbs up").click();
    await searchBox(standalone).fill("joy");
    await emoji(standalone, "face with tears of joy").click();
    await expect(page.getByText("Picked: face with tears of joy")).toBeVisible();

    await reload(page);
    const bar = standalone.getByRole("toolbar", { name: "Emoji categories" });
    await expect(bar.getByRole("button", { name: "Recently used" })).toHaveAttribute("aria-current", "true");
    const recent = standalone.getByRole("rowgroup", { name: "Recently used" }).getByRole("button");
    await expect(recent).toHaveCount(2);
    await expect(recent.nth(0)).toHaveAccessibleName("face with tears of joy");
    await expect(recent.nth(1)).toHaveAccessibleName("thumbs up");
    await expect.poll(() => artShown(recent.nth(1))).toBe("1f44d-1f3ff");
  });

  test("works with the keyboard alone", async ({ page }) => {
    const { toggle, popup, message } = await openShowcase(page);
    await message.focus();
    await page.keyboard.type("Hello ");
    await page.keyboard.press("Tab");
    await expect(toggle).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(searchBox(popup)).toBeFocused();
    await expect(emoji(popup, "grinning face")).toBeVisible(); // the data has arrived

    // Tab order: search, the category toolbar (one stop), the grid (one stop), the skin tones.
    await page.keyboard.press("Tab");
    await expect(popup.getByRole("button", { name: "Smiles & People" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(popup.getByRole("button", { name: "Animals & Nature" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(emoji(popup, "grinning face")).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(popup.getByRole("radio", { name: "Default" })).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(popup.getByRole("radio", { name: "Light", exact: true })).toBeChecked();

    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Shift+Tab");
    await expect(searchBox(popup)).toBeFocused();
    await page.keyboard.type("hand");
    await page.keyboard.press("ArrowDown");
    const results = popup.getByRole("grid", { name: "Search results" });
    const cells = results.getByRole("button");
    await expect(cells.nth(0)).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(cells.nth(1)).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await expect(cells.nth(9)).toBeFocused();
    await page.keyboard.press("Home");
    await expect(cells.nth(8)).toBeFocused();
    await page.keyboard.press("End");
    await expect(cells.nth(15)).toBeFocused();
    await page.keyboard.press("Control+Home");
    await expect(cells.nth(0)).toBeFocused();
    const name = await cells.nth(0).getAttribute("aria-label");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press(" ");
    await expect(message).toHaveValue(/^Hello .{2,}/u);

    await page.keyboard.press("Escape");
    await expect(popup).toBeHidden();
    await expect(toggle).toBeFocused();
    expect(name).toBeTruthy();
  });

  test("closes on a click outside", async ({ page }) => {
    const { toggle, popup } = await openShowcase(page);
    await toggle.click();
    await expect(popup).toBeVisible();
    await searchBox(popup).click();
    await expect(popup).toBeVisible();
    await page.getByRole("heading", { name: "Example", level: 1 }).click();
    await expect(popup).toBeHidden();
  });

  test("has no axe violations with the picker open", async ({ page }) => {
    test.slow(); // two full-page axe runs over a few hundred emoji buttons
    const { toggle, popup, standalone } = await openShowcase(page);
    await toggle.click();
    await expect(emoji(popup, "grinning face")).toBeVisible();
    await expect(emoji(standalone, "grinning face")).toBeVisible();
    await expectNoAxeViolations(page);
    await searchBox(popup).fill("qwxzv");
    await expect(popup.getByText("No emoji has been found!")).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
