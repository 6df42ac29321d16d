import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { addresses } from "#app/db/schema.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { MAX_ADDRESSES, rememberCheckoutAddress } from "#app/modules/accounts/address-book.server.ts";
import { priceOrder } from "#app/modules/catalog/pricing.ts";
import { createSession } from "#app/modules/session/session.server.ts";
import { localeContext } from "#app/request-context.server.ts";
import { orderSubmission, validAddress } from "#tests/support/fixtures.ts";
import { callRoute, contextForVisitor, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as account from "./account.tsx";
import * as payment from "./payment.tsx";
import * as shipping from "./shipping.tsx";
import { withEnglishMessages } from "#tests/support/form-messages.ts";

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const run = (handler: (args: never) => unknown, request: Request, cookie: string | null = null) =>
  callRoute(handler, request, { database, cookie });

/** A buyer with an account, signed in: their id and session cookie. */
async function signedInBuyer() {
  const created = await createAccount(database.db, `book-${randomUUID().slice(0, 8)}@example.com`, "a long passphrase");
  if (!created.ok) throw new Error("account not created");
  const session = await createSession(database.db, { userId: created.account.id });
  return { id: created.account.id, cookie: session.setCookie.split(";")[0]! };
}

const { contact: _contact, ...address } = validAddress;
const secondAddress = { ...address, name: "Ada King", address: "Ockham Park 2", postalcode: "1010", city: "Wien", country: "AT" };

async function book(cookie: string) {
  const page = await run(account.loader, new Request(`${TEST_ORIGIN}/account`), cookie);
  return page.body!.addresses as { id: string; name: string; isDefault: boolean; postalcode: string }[];
}

const save = (cookie: string, fields: Record<string, string>) =>
  run(account.action, formPost("/account", { intent: "save-address", ...fields }), cookie);

describe(`the address book on ${databaseKind}`, () => {
  it("adds, changes, makes default and deletes addresses, always keeping exactly one default", async () => {
    const buyer = await signedInBuyer();
    expect(await book(buyer.cookie)).toEqual([]);

    // The first address is the default, whatever the form said.
    expect(await save(buyer.cookie, address)).toMatchObject({ status: 302, location: "/account?done=added" });
    const [first] = await book(buyer.cookie);
    expect(first).toMatchObject({ name: "Ada Lovelace", isDefault: true });

    expect(await save(buyer.cookie, { ...secondAddress, isDefault: "on" })).toMatchObject({ status: 302 });
    let entries = await book(buyer.cookie);
    expect(entries.map((entry) => [entry.name, entry.isDefault])).toEqual([
      ["Ada King", true],
      ["Ada Lovelace", false],
    ]);

    // The same address twice is refused, with a message on the form.
    const duplicate = await save(buyer.cookie, { ...address, postalcode: " 10115 " });
    expect(duplicate.status).toBe(409);
    expect(JSON.stringify(duplicate.body)).toContain("in your address book already");

    // Changing one keeps it where it is; the postal code is normalised by the Shipping step's schema.
    const edited = await save(buyer.cookie, { ...address, id: first!.id, postalcode: "10117" });
    expect(edited).toMatchObject({ status: 302, location: "/account?done=saved" });
    entries = await book(buyer.cookie);
    expect(entries.find((entry) => entry.id === first!.id)).toMatchObject({ postalcode: "10117", isDefault: false });

    const made = await run(account.action, formPost("/account", { intent: "default-address", id: first!.id }), buyer.cookie);
    expect(made).toMatchObject({ status: 302, location: "/account?done=default" });
    entries = await book(buyer.cookie);
    expect(entries.filter((entry) => entry.isDefault).map((entry) => entry.id)).toEqual([first!.id]);

    // Deleting the default hands the role to the other address.
    const deleted = await run(account.action, formPost("/account", { intent: "delete-address", id: first!.id }), buyer.cookie);
    expect(deleted).toMatchObject({ status: 302, location: "/account?done=deleted" });
    entries = await book(buyer.cookie);
    expect(entries.map((entry) => [entry.name, entry.isDefault])).toEqual([["Ada King", true]]);
  });

  it("never touches another buyer's address, and the signed-out page only signs in", async () => {
    const owner = await signedInBuyer();
    const other = await signedInBuyer();
    await save(owner.cookie, address);
    const [entry] = await book(owner.cookie);

    for (const intent of ["default-address", "delete-address"]) {
      const outcome = await run(account.action, formPost("/account", { intent, id: entry!.id }), other.cookie);
      expect(outcome.status).toBe(404);
    }
    const edit = await save(other.cookie, { ...address, city: "Hamburg", postalcode: "20095", id: entry!.id });
    expect(edit.status).toBe(404);
    expect(await book(owner.cookie)).toMatchObject([{ id: entry!.id, postalcode: "10115", isDefault: true }]);
    // ?edit= with someone else's id opens nothing.
    const page = await run(account.loader, new Request(`${TEST_ORIGIN}/account?edit=${entry!.id}`), other.cookie);
    expect(page.body).toMatchObject({ editing: null, addresses: [] });

    // Signed out, the form post is a sign-in attempt (the Login step's action), never an address write.
    const before = (await database.db.select().from(addresses)).length;
    const anonymous = await run(account.action, formPost("/account", { intent: "save-address", ...address }));
    expect(anonymous.status).toBe(400);
    expect(anonymous.body).toMatchObject({ form: "guest" });
    expect(await database.db.select().from(addresses)).toHaveLength(before);
  });

  it("answers hostile and oversized input with 400 or 413 and field messages, never an error page", async () => {
    const buyer = await signedInBuyer();
    const tooLong = await save(buyer.cookie, {
      ...address,
      name: "x".repeat(101),
      address: "Main\nStreet",
      postalcode: "1",
      country: "XX",
    });
    expect(tooLong.status).toBe(400);
    expect(withEnglishMessages(tooLong.body)).toMatchObject({
      form: "address",
      result: {
        error: {
          name: ["Use at most 100 characters"],
          address: ["Remove the special characters"],
          country: ["Choose a country we ship to"],
        },
      },
    });
    const wrongPostalCode = await save(buyer.cookie, { ...address, postalcode: "1234" });
    expect(withEnglishMessages(wrongPostalCode.body)).toMatchObject({ result: { error: { postalcode: ["Enter a German postal code, like 10115"] } } });

    const oversized = await run(account.action, formPost("/account", { intent: "save-address", ...address, city: "y".repeat(70_000) }), buyer.cookie);
    expect(oversized.status).toBe(413);
    const unknown = await run(account.action, formPost("/account", { intent: "drop-table" }), buyer.cookie);
    expect(unknown.status).toBe(400);

    // Whatever arrives in the fields: a 302 (stored) or a 400 with messages, never an error page.
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 300 }), fc.string({ maxLength: 30 }), async (name, postalcode) => {
        const outcome = await save(buyer.cookie, { ...address, name, postalcode });
        expect([302, 400, 409]).toContain(outcome.status);
        if (outcome.status === 400) expect(outcome.body).toMatchObject({ form: "address", result: { status: "error" } });
      }),
      { numRuns: 25 },
    );
    expect((await book(buyer.cookie)).length).toBeLessThanOrEqual(MAX_ADDRESSES);
  });

  it("refuses an address in Japanese script with the Latin-letters message in the page's language, and keeps what was typed", async () => {
    const buyer = await signedInBuyer();
    const japan = { ...address, country: "JP", name: "山田 太郎", address: "千代田1-1", postalcode: "100-0001", city: "東京" };
    const refused = await save(buyer.cookie, japan);
    expect(refused.status).toBe(400);
    const latin = ["Write this in Latin letters, as for international post"];
    expect(withEnglishMessages(refused.body)).toMatchObject({
      form: "address",
      result: { error: { name: latin, address: latin, city: latin }, initialValue: { name: "山田 太郎", city: "東京" } },
    });
    const context = await contextForVisitor(database, buyer.cookie);
    context.set(localeContext, "de");
    const german = await callRoute(account.action, formPost("/account", { intent: "save-address", ...japan }), { database, context });
    expect(german.body).toMatchObject({
      result: { error: { name: ["Schreib das bitte in lateinischen Buchstaben, wie für internationale Post"] } },
    });
    expect(await book(buyer.cookie)).toEqual([]);
  });

  it("shows an address saved before the Latin-letters rule without failing, offers it to no checkout, and refuses it when saved again", async () => {
    const buyer = await signedInBuyer();
    const id = randomUUID();
    const old = { ...address, country: "JP", name: "山田 太郎", address: "千代田1-1", postalcode: "100-0001", city: "東京" };
    await database.db.insert(addresses).values({ id, userId: buyer.id, ...old, isDefault: true });

    const page = await run(account.loader, new Request(`${TEST_ORIGIN}/account?edit=${id}`), buyer.cookie);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ addresses: [{ id, name: "山田 太郎" }], editing: { id, city: "東京" } });
    const shippingPage = await run(shipping.loader, new Request(`${TEST_ORIGIN}/Shipping`), buyer.cookie);
    expect(shippingPage.status).toBe(200);
    expect(shippingPage.body).toMatchObject({ savedAddress: null });

    const again = await save(buyer.cookie, { ...old, id });
    expect(again.status).toBe(400);
    expect(withEnglishMessages(again.body)).toMatchObject({ result: { error: { name: ["Write this in Latin letters, as for international post"] } } });
    // Rewritten in Latin letters, it is saved over the old one.
    expect(await save(buyer.cookie, { ...old, id, name: "Taro Yamada", address: "Chiyoda 1-1", city: "Tokyo" })).toMatchObject({ status: 302 });
    expect(await book(buyer.cookie)).toMatchObject([{ id, name: "Taro Yamada", isDefault: true }]);
  });

  it("allows one default per buyer in the table itself", async () => {
    const buyer = await signedInBuyer();
    const row = { userId: buyer.id, ...address, isDefault: true };
    await database.db.insert(addresses).values({ id: randomUUID(), ...row });
    await expect(database.db.insert(addresses).values({ id: randomUUID(), ...row, name: "Someone Else" })).rejects.toThrow();
    // The same address twice, default or not, is refused too.
    await expect(database.db.insert(addresses).values({ id: randomUUID(), ...row, isDefault: false })).rejects.toThrow();
  });

  it("keeps a signed-in buyer's checkout address as the default, once, and offers it on the Shipping step", async () => {
    const buyer = await signedInBuyer();
    const guestPage = await run(shipping.loader, new Request(`${TEST_ORIGIN}/Shipping`));
    expect(guestPage.body).toMatchObject({ accountEmail: null, savedAddress: null });
    expect((await run(shipping.loader, new Request(`${TEST_ORIGIN}/Shipping`), buyer.cookie)).body).toMatchObject({ savedAddress: null });

    const pay = (overrides: Parameters<typeof orderSubmission>[0] = {}) => {
      const submission = orderSubmission(overrides);
      const fields = Object.fromEntries(
        Object.entries({ ...submission, design: JSON.stringify(submission.design), expectedTotalCents: priceOrder(submission).totalCents }).map(
          ([key, value]) => [key, typeof value === "boolean" ? (value ? "on" : "") : String(value)],
        ),
      );
      return run(payment.action, formPost("/Payment", fields), buyer.cookie);
    };
    expect(await pay({ ...address, country: "DE" }).then((outcome) => outcome.status), "first purchase").toBe(302);
    const offered = await run(shipping.loader, new Request(`${TEST_ORIGIN}/Shipping`), buyer.cookie);
    expect(offered.body).toMatchObject({ savedAddress: { ...address } });
    expect(offered.body!.savedAddress).not.toHaveProperty("id");

    // The same address again adds nothing; another one becomes the default, the first stays in the book.
    await rememberCheckoutAddress(database.db, buyer.id, { ...address, country: "DE" });
    expect(await book(buyer.cookie)).toHaveLength(1);
    await rememberCheckoutAddress(database.db, buyer.id, { ...secondAddress, country: "AT" });
    const entries = await book(buyer.cookie);
    expect(entries.map((entry) => [entry.name, entry.isDefault])).toEqual([
      ["Ada King", true],
      ["Ada Lovelace", false],
    ]);
  });

  it("keeps two simultaneous writes of one buyer consistent: one default, no duplicate", async () => {
    const buyer = await signedInBuyer();
    await Promise.all([
      rememberCheckoutAddress(database.db, buyer.id, { ...address, country: "DE" }),
      rememberCheckoutAddress(database.db, buyer.id, { ...address, country: "DE" }),
      rememberCheckoutAddress(database.db, buyer.id, { ...secondAddress, country: "AT" }),
      save(buyer.cookie, { ...address, city: "Potsdam", postalcode: "14467", isDefault: "on" }),
    ]);
    const entries = await book(buyer.cookie);
    expect(entries).toHaveLength(3);
    expect(entries.filter((entry) => entry.isDefault)).toHaveLength(1);
  });
});
