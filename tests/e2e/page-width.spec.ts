import { expect, test, type Browser, type Page } from "@playwright/test";
import {
  completeOrder,
  createAccount,
  fillCard,
  open,
  optionsAndContact,
  payButton,
  seedOrder,
  shippingForm,
  waitForHydration,
} from "./helpers.ts";

/**
 * No page is wider than the screen (#14 point 5): every page of the shop, at a small and a common phone, a tablet
 * and a laptop, measured as loaded and again with each of its popups and disclosures open.
 */
const WIDTHS = [320, 390, 768, 1280] as const;

interface Visit {
  name: string;
  path: string;
  /** Who looks: a guest (no cookie) or the signed-in buyer made in beforeAll. */
  signedIn?: boolean;
  status?: number;
  /** The order draft in the tab (default: every step before Payment done). */
  draft?: Record<string, unknown>;
  /** Popups and disclosures to open, one after the other, measuring after each. */
  popups?: { name: string; open: (page: Page) => Promise<void> }[];
}

const orderSummaryOpen = {
  name: "order summary open",
  async open(page: Page) {
    const toggle = page.getByRole("complementary", { name: "Order summary" }).locator("summary");
    // From 48rem the summary is always open and has no toggle.
    if (await toggle.isVisible()) await toggle.click();
    await expect(page.getByRole("complementary", { name: "Order summary" }).getByRole("row", { name: "Total" })).toBeVisible();
  },
};

/** A buyer's own words as long as they come: one unbroken e-mail address wider than a 320 px screen. */
const longContactOrder = { ...completeOrder, contact: "erika.mustermann.langername.mitbindestrich@example.com" };

let signedInState: Awaited<ReturnType<ReturnType<Page["context"]>["storageState"]>>;
let guestOrderPath = "";
let ownOrderPath = "";

/** Places one order as a guest and one as a signed-in buyer (whose account then has an order and an address). */
test.beforeAll(async ({ browser }: { browser: Browser }) => {
  test.setTimeout(180_000);
  const guest = await (await browser.newContext()).newPage();
  await seedOrder(guest, longContactOrder);
  await open(guest, "/Payment");
  await fillCard(guest);
  await payButton(guest).click();
  await expect(guest.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  guestOrderPath = new URL(guest.url()).pathname + new URL(guest.url()).search;
  await guest.context().close();

  const buyer = await (await browser.newContext()).newPage();
  await seedOrder(buyer, { size: 8.5, grip: true });
  await createAccount(buyer);
  const form = shippingForm(buyer);
  await form.name.fill("Maximilian Alexander von Mustermann-Schnarrenberger");
  await form.address.fill("Landsberger Allee 123, Hinterhaus, Seitenflügel links");
  await form.postalcode.fill("10407");
  await form.city.fill("Berlin");
  await form.submit.click();
  await expect(buyer).toHaveURL(/\/Payment$/);
  await fillCard(buyer);
  await payButton(buyer).click();
  await expect(buyer.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  ownOrderPath = new URL(buyer.url()).pathname;
  signedInState = await buyer.context().storageState();
  await buyer.context().close();
});

function visits(): Visit[] {
  return [
    { name: "start page", path: "/" },
    {
      name: "editor",
      path: "/editor",
      popups: [
        {
          name: "sticker picker open",
          async open(page) {
            await page.getByRole("button", { name: "Add sticker" }).click();
            await expect(page.getByRole("dialog", { name: "Choose a sticker" }).getByRole("searchbox")).toBeVisible({ timeout: 20_000 });
          },
        },
        {
          name: "keyboard shortcuts open",
          async open(page) {
            await page.keyboard.press("Escape"); // the sticker picker closes
            await page.getByText("Keyboard shortcuts", { exact: true }).click();
          },
        },
      ],
    },
    {
      name: "card and emoji demo",
      path: "/Example",
      popups: [
        {
          name: "emoji picker open",
          async open(page) {
            await page.getByRole("button", { name: "Choose emoji" }).click();
            await expect(page.getByRole("dialog", { name: "Emoji for Message" }).getByRole("searchbox")).toBeVisible({ timeout: 20_000 });
          },
        },
      ],
    },
    { name: "grip and size", path: "/GripSize" },
    { name: "login", path: "/Login" },
    { name: "shipping", path: "/Shipping", popups: [orderSummaryOpen] },
    { name: "payment", path: "/Payment", popups: [orderSummaryOpen] },
    {
      name: "shipping, signed in, the saved address filled in",
      path: "/Shipping",
      signedIn: true,
      draft: optionsAndContact,
      popups: [orderSummaryOpen],
    },
    { name: "guest's order page (with the account offer)", path: guestOrderPath },
    { name: "buyer's own order page", path: ownOrderPath, signedIn: true },
    { name: "account, signed out", path: "/account" },
    {
      name: "account, signed in (orders and addresses)",
      path: "/account",
      signedIn: true,
      popups: [
        {
          name: "add-an-address form open",
          async open(page: Page) {
            await page.getByText("Add an address", { exact: true }).click();
            await expect(page.getByRole("form", { name: "Add an address" }).getByLabel("Full name")).toBeVisible();
          },
        },
      ],
    },
    { name: "new password", path: "/account/reset" },
    { name: "withdrawal form", path: "/withdraw" },
    { name: "404 page", path: "/no-such-page", status: 404 },
    { name: "back office sign-in", path: "/admin/login" },
  ];
}

/** How far the page reaches past the screen's right edge (0 when it fits), and the widest elements if it does not. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const excess = document.documentElement.scrollWidth - innerWidth;
    if (excess <= 0) return null;
    const culprits = [...document.querySelectorAll<HTMLElement>("body *")]
      .filter((element) => element.getBoundingClientRect().right > innerWidth + 0.5)
      .slice(-3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`);
    return `${excess}px too wide (${culprits.join(", ")})`;
  });
}

/** Opens each visit at this width, measures, opens its popups one by one and measures again. */
async function measure(browser: Browser, width: number, list: Visit[]): Promise<string[]> {
  const problems: string[] = [];
  for (const visit of list) {
    const context = await browser.newContext({
      viewport: { width, height: width >= 1280 ? 800 : 844 },
      storageState: visit.signedIn ? signedInState : undefined,
    });
    const page = await context.newPage();
    await seedOrder(page, visit.draft ?? longContactOrder);
    const response = await page.goto(visit.path);
    expect(response?.status(), `${visit.name}: status`).toBe(visit.status ?? 200);
    await waitForHydration(page);
    const loaded = await overflow(page);
    if (loaded) problems.push(`${visit.name} (${visit.path}): ${loaded}`);
    for (const popup of visit.popups ?? []) {
      await popup.open(page);
      const opened = await overflow(page);
      if (opened) problems.push(`${visit.name} (${visit.path}), ${popup.name}: ${opened}`);
    }
    await context.close();
  }
  return problems;
}

for (const width of WIDTHS) {
  test(`at ${width} px no page is wider than the screen, popups open or not`, async ({ browser }) => {
    test.setTimeout(300_000);
    expect(await measure(browser, width, visits()), `pages wider than ${width} px`).toEqual([]);
  });
}
