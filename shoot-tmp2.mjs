import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "/work/wt-editor/scripts/lib/chromium.mjs";
const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage({ viewport: { width: 320, height: 700 } });
await page.goto("http://127.0.0.1:3501/editor");
await page.waitForTimeout(1000);
const report = async (label) => console.log(label, await page.evaluate(() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (r.right > innerWidth + 0.5 && r.width > 0) out.push(`${el.tagName}.${el.className?.baseVal ?? el.className} ${Math.round(r.left)}-${Math.round(r.right)}`);
  }
  return [document.scrollingElement.scrollWidth, out.slice(0, 12)];
}));
await report("load");
await page.getByRole("button", { name: "Add text" }).click();
await report("text added");
await page.getByRole("textbox", { name: "Text", exact: true }).fill("Skate or die");
await report("typed");
await browser.close();
