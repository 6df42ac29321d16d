import { expect, test } from "@playwright/test";
import { expectFieldError, expectPriceLine, fillCard, open, optionsAndContact, payButton, seedOrder, shippingForm } from "./helpers.ts";

test("a buyer in the US: a required state, net prices without VAT, the duties note, and the charge as shown", async ({ page }) => {
  test.setTimeout(120_000);
  await seedOrder(page, { ...optionsAndContact, size: 8.5, grip: true });
  await open(page, "/Shipping");
  const form = shippingForm(page);
  const summary = page.getByRole("complementary", { name: "Order summary" });

  await test.step("France: the same price as Germany, holding French VAT", async () => {
    await form.country.selectOption({ label: "France" });
    await expectPriceLine(summary, "Includes 20% VAT (France)", "€13.48");
    await expectPriceLine(summary, "Total", "€80.90");
    await expect(page.getByLabel("State")).toHaveCount(0);
  });

  await test.step("the US: a state to choose, the postal code after it, export prices", async () => {
    await form.country.selectOption({ label: "United States" });
    await expect(page.getByLabel("State")).toBeVisible();
    await expect(form.postalcode).toHaveAccessibleDescription(/For example 94103/);
    await expectPriceLine(summary, "Shipping to United States", "€20.92");
    await expectPriceLine(summary, "VAT (export)", "€0.00");
    await expectPriceLine(summary, "Total", "€80.58");
    await expect(summary).toContainText("VAT-free export: import duties and taxes may be due on delivery");
    await expect(summary.getByTestId("delivery-estimate")).toHaveText(
      "Delivery in about 11–17 working days (5 to make your deck, 6–12 in transit)",
    );

    await form.name.fill("Grace Hopper");
    await form.address.fill("1 Market Street");
    await form.city.fill("San Francisco");
    await form.postalcode.fill("9410");
    await form.submit.click();
    await expectFieldError(page.getByLabel("State"), "Choose your state");
    await expectFieldError(form.postalcode, "Enter a US ZIP code, like 94103");
    await page.getByLabel("State").selectOption({ label: "California" });
    await form.postalcode.fill("94103");
    await form.submit.click();
    await expect(page).toHaveURL(/\/Payment$/);
  });

  await test.step("payment: the address as the US post reads it, and the total charged", async () => {
    await expect(page.getByTestId("ship-to")).toHaveText(
      ["Grace Hopper", "1 Market Street", "San Francisco CA 94103", "United States"].join(""),
    );
    await expectPriceLine(page.getByRole("complementary", { name: "Order summary" }), "Total", "€80.58");
    // Above the button as well, where a phone shows no summary: what is bought, the shipping, the duties note.
    await expect(page.getByTestId("order-items")).toHaveText("Custom skateboard deck, 8.5″ wide, with black grip tape");
    await expect(page.getByTestId("order-included")).toHaveText(
      "Includes shipping to United States (€20.92). VAT-free export: import duties and taxes may be due on delivery.",
    );
    await fillCard(page);
    await payButton(page).click();
    await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
    await expectPriceLine(page.locator("main"), "Total paid", "€80.58");
    await expect(page.locator("main")).toContainText("VAT-free export: import duties and taxes may be due on delivery");
  });
});
