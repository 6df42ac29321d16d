import { describe, expect, it } from "vitest";
import { action } from "./language.ts";

const post = (fields: Record<string, string>) =>
  action({ request: new Request("http://shop.test/language", { method: "POST", body: new URLSearchParams(fields) }) } as never);

describe("the language switcher's action", () => {
  it("stores the choice for a year and goes back to the page", async () => {
    const response = await post({ locale: "de", returnTo: "/Shipping" });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/Shipping");
    expect(response.headers.get("Set-Cookie")).toBe("lang=de; Path=/; Max-Age=31536000; SameSite=Lax");
  });

  it("refuses a language we do not speak with 400, and never redirects off the shop", async () => {
    await expect(post({ locale: "fr", returnTo: "/" })).rejects.toMatchObject({ status: 400 });
    await expect(post({ locale: "<script>", returnTo: "/" })).rejects.toMatchObject({ status: 400 });
    expect((await post({ locale: "en", returnTo: "https://evil.example" })).headers.get("Location")).toBe("/");
  });
});
