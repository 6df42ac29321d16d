import { expect, test } from "@playwright/test";

test.describe("cross-site form posts", () => {
  test("a POST from another site's page is refused with 403", async ({ request }) => {
    const response = await request.post("/Login", {
      headers: { Origin: "https://attacker.example" },
      form: { contact: "victim@example.com" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("a POST with neither Origin nor Referer is refused with 403", async ({ request }) => {
    const response = await request.post("/Shipping", { form: { name: "Erika" }, maxRedirects: 0 });
    expect(response.status()).toBe(403);
  });

  test("the same POST from the shop's own origin goes on to the next step", async ({ request, baseURL }) => {
    const response = await request.post("/Login", {
      headers: { Origin: baseURL! },
      form: { intent: "guest", contact: "buyer@example.com" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/Shipping");
  });
});
