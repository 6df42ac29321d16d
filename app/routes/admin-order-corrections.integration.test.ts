import { randomUUID } from "node:crypto";
import { asc, eq, like } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox, orderEvents, orderRefunds, orders, type OrderRow } from "#app/db/schema.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { deleteAccount, exportAccountData } from "#app/modules/accounts/data-rights.server.ts";
import type { OrderSubmission } from "#app/modules/checkout/order-submission.server.ts";
import { MAX_FORM_BYTES } from "#app/modules/forms/read-form.server.ts";
import { orderAccessToken } from "#app/modules/orders/order-link.server.ts";
import type { OrderStatus } from "#app/modules/orders/order-status.ts";
import { placeOrder } from "#app/modules/orders/place-order.server.ts";
import { createTestPaymentProvider } from "#app/modules/payment/payment-provider.server.ts";
import { orderSubmission } from "#tests/support/fixtures.ts";
import { callRoute, formPost, TEST_ORIGIN, type RouteOutcome } from "#tests/support/route-harness.ts";
import { signInOperator } from "#tests/support/signed-in-operator.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { walkOrder } from "#tests/support/walk-order.ts";
import * as adminOrder from "./admin-order.tsx";
import * as login from "./login.tsx";
import * as orderRoute from "./order.tsx";

/**
 * The back office's order page besides the moves: an operator's internal note, a corrected carrier or tracking number
 * (with a mail to the buyer), a corrected e-mail address and a mail sent again. Each is operator-only, validated on
 * the server, written once per post and kept in the append-only history; a note never reaches the buyer.
 */

let database: Database;
let operator: { email: string; cookie: string };

beforeAll(async () => {
  database = await openTestDatabase();
  operator = await signInOperator(database);
});
afterAll(async () => {
  await database.close();
});

const DHL_NUMBER = "00340434161234567890";
const DPD_NUMBER = "01234567890123";
const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

async function place(overrides: Partial<OrderSubmission> = {}, userId: string | null = null): Promise<OrderRow> {
  const result = await placeOrder({
    db: database.db,
    provider: createTestPaymentProvider(),
    submission: orderSubmission({ contact: uniqueEmail("erika"), name: "Erika Mustermann", ...overrides }),
    userId,
    siteUrl: TEST_ORIGIN,
  });
  if (result.status !== "placed") throw new Error(`not placed: ${JSON.stringify(result)}`);
  return result.order;
}

const walk = (order: OrderRow, ...steps: OrderStatus[]) => walkOrder(database, order, ...steps);

/** A buyer's account with one order placed in it. */
async function accountOrder() {
  const email = uniqueEmail("buyer");
  const created = await createAccount(database.db, email, "buyer password");
  if (!created.ok) throw new Error("account not created");
  return { userId: created.account.id, email, order: await place({ contact: email }, created.account.id) };
}

const rowOf = async (id: string) => (await database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const eventsOf = (id: string) => database.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
const mailsLike = (pattern: string) => database.db.select().from(mailOutbox).where(like(mailOutbox.eventKey, pattern)).orderBy(asc(mailOutbox.createdAt));
const mailsOf = (order: OrderRow) => mailsLike(`%${order.id}%`);
const pathOf = (order: OrderRow) => `/admin/orders/${order.id}`;

const post = (order: OrderRow, fields: Record<string, string>, cookie: string | null = operator.cookie) =>
  callRoute(adminOrder.action, formPost(pathOf(order), fields), { database, cookie, params: { orderId: order.id } });

/** The order page as the operator loads it: its history and the forms' submission ids for this view. */
async function page(order: OrderRow) {
  const outcome = await callRoute(adminOrder.loader, new Request(`${TEST_ORIGIN}${pathOf(order)}`), { database, cookie: operator.cookie, params: { orderId: order.id } });
  expect(outcome.status).toBe(200);
  return outcome.body as unknown as {
    history: { kind: string; actor: string; at: string; details: Record<string, string> }[];
    corrections: { noteSubmission: string; resendSubmission: string; shipment: boolean; anonymised: boolean; contactEditable: boolean; mails: string[]; lastMail: string };
  };
}

const errorsOf = (outcome: RouteOutcome) => (outcome.body as { result: { error: Record<string, string[]> } }).result.error;

const note = async (order: OrderRow, text: string, submission?: string) =>
  post(order, { intent: "note", submission: submission ?? (await page(order)).corrections.noteSubmission, note: text });

describe(`an operator's internal note on ${databaseKind}`, () => {
  it("is appended to the history with who wrote it and when, and shown on the order page", async () => {
    const order = await place();
    const outcome = await note(order, "  Buyer phoned: wants it before the 12th.  ");
    expect(outcome).toMatchObject({ status: 200, body: { intent: "note", done: "The note is in the history." } });
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.kind)).toEqual(["placed", "note"]);
    expect(events[1]).toMatchObject({
      actor: operator.email,
      fromStatus: "paid",
      toStatus: "paid",
      details: { text: "Buyer phoned: wants it before the 12th." },
    });
    expect((await page(order)).history.at(-1)).toMatchObject({ kind: "note", actor: operator.email, details: { text: "Buyer phoned: wants it before the 12th." } });
    // An order's status is untouched, and no mail is written.
    expect((await rowOf(order.id)).status).toBe("paid");
    expect((await mailsOf(order)).map((mail) => mail.eventKey)).toEqual([`order-placed:${order.id}`]);
  });

  it("never reaches the buyer: not on their order page (guest link or account), not in their data export", async () => {
    const guest = await place();
    await note(guest, "Guest secret: refund by bank transfer agreed");
    const guestPage = await callRoute(orderRoute.loader, new Request(`${TEST_ORIGIN}/orders/${guest.id}?token=${orderAccessToken(guest.id)}`), {
      database,
      params: { orderId: guest.id },
    });
    expect(guestPage.status).toBe(200);
    expect(JSON.stringify(guestPage.body)).not.toContain("Guest secret");

    const { userId, order } = await accountOrder();
    await walk(order, "in_production", "shipped");
    await note(order, "Account secret: difficult buyer");
    const exported = await exportAccountData(database.db, userId);
    expect(JSON.stringify(exported)).not.toContain("Account secret");
    // The export's history is the order's moves, as before.
    expect(exported!.orders[0]!.history.map((event) => [event.event, event.status])).toEqual([
      ["placed", "paid"],
      ["status", "in_production"],
      ["status", "shipped"],
    ]);
  });

  it("the same post twice (a double click) writes one note; the page's next view writes another", async () => {
    const order = await place();
    const { noteSubmission } = (await page(order)).corrections;
    expect(await note(order, "Once", noteSubmission)).toMatchObject({ status: 200 });
    expect(await note(order, "Once", noteSubmission)).toMatchObject({ status: 200 });
    expect((await eventsOf(order.id)).filter((event) => event.kind === "note")).toHaveLength(1);
    expect(await note(order, "Twice")).toMatchObject({ status: 200 });
    expect((await eventsOf(order.id)).filter((event) => event.kind === "note").map((event) => event.details.text)).toEqual(["Once", "Twice"]);
    // Another order's entry id posted as this form's submission id (a made-up post) is refused, not taken for a repeat.
    const other = await place();
    const stolen = await note(other, "Elsewhere", noteSubmission);
    expect({ status: stolen.status, errors: errorsOf(stolen) }).toEqual({ status: 400, errors: { submission: ["Reload the page: the form is out of date"] } });
    const resentElsewhere = await post(other, { intent: "resend-mail", submission: noteSubmission, expectedContact: other.contact, mail: "confirmation" });
    expect(resentElsewhere.status).toBe(400);
    expect((await eventsOf(other.id)).map((event) => event.kind)).toEqual(["placed"]);
    expect(await mailsLike(`order-placed:${other.id}:resent:%`)).toHaveLength(0);
  });

  it("an empty, blank or too long note answers 400 with a message for the field, and writes nothing", async () => {
    const order = await place();
    for (const [text, message] of [
      ["", "Write the note"],
      [" \n\t ", "Write the note"],
      ["\u0000\u0007", "Write the note"],
      ["x".repeat(2001), "Use at most 2000 characters"],
    ] as const) {
      const outcome = await note(order, text);
      expect({ status: outcome.status, errors: errorsOf(outcome) }).toEqual({ status: 400, errors: { note: [message] } });
    }
    // 2,000 characters after trimming are taken.
    expect((await note(order, ` ${"y".repeat(2000)} `)).status).toBe(200);
    expect((await eventsOf(order.id)).filter((event) => event.kind === "note").map((event) => event.details.text!.length)).toEqual([2000]);
  });

  it("stores HTML as text, drops control characters and bidirectional overrides, keeps line breaks (no 500 on PostgreSQL's NUL)", async () => {
    const order = await place();
    const hostile = `<script>alert(1)</script><img src=x onerror=alert(1)>\u0000\u001b[31m\u202Eevil\r\nline two\ttab'; drop table orders;--`;
    expect((await note(order, hostile)).status).toBe(200);
    const [stored] = (await eventsOf(order.id)).filter((event) => event.kind === "note");
    expect(stored!.details.text).toBe(`<script>alert(1)</script><img src=x onerror=alert(1)>[31mevil\nline two\ttab'; drop table orders;--`);
    expect(await rowOf(order.id)).toBeTruthy();
  });

  it("answers 4xx, never 5xx, to malformed posts: no or a forged submission id, an unknown intent, repeated fields, an oversized body", async () => {
    const order = await place();
    const cases: [Record<string, string>, number][] = [
      [{ intent: "note", note: "no id" }, 400],
      [{ intent: "note", note: "bad id", submission: "not-a-uuid" }, 400],
      [{ intent: "note", note: "long id", submission: "a".repeat(10_000) }, 400],
      [{ intent: "delete-order", note: "x" }, 400],
      [{ intent: "__proto__" }, 400],
      [{ intent: "" }, 400],
    ];
    for (const [fields, status] of cases) {
      const outcome = await post(order, fields);
      expect({ fields, status: outcome.status }).toEqual({ fields, status });
    }
    expect(errorsOf(await post(order, { intent: "note", note: "no id" }))).toEqual({ submission: ["Reload the page: the form is out of date"] });
    const repeated = new Request(`${TEST_ORIGIN}${pathOf(order)}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: TEST_ORIGIN },
      body: new URLSearchParams([["intent", "note"], ["submission", randomUUID()], ["note", "a"], ["note", "b"]]),
    });
    expect((await callRoute(adminOrder.action, repeated, { database, cookie: operator.cookie, params: { orderId: order.id } })).status).toBe(400);
    const huge = await note(order, "z".repeat(MAX_FORM_BYTES + 1));
    expect(huge.status).toBe(413);

    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "binary", maxLength: 300 }), async (text) => {
        const outcome = await post(order, { intent: "note", submission: randomUUID(), note: text });
        expect([200, 400]).toContain(outcome.status);
      }),
      { numRuns: 60 },
    );
    expect((await rowOf(order.id)).status).toBe("paid");
  });

  it("is the operator's only: signed out, with a forged cookie or as the order's own buyer every form is the 404 page and changes nothing", async () => {
    const { order, email } = await accountOrder();
    await walk(order, "in_production", "shipped");
    const signedIn = await callRoute(login.action, formPost("/Login", { intent: "signin", email, password: "buyer password" }), { database });
    expect(signedIn.status).toBe(302);
    const buyerCookie = signedIn.cookie!.split(";")[0]!;
    const forms: Record<string, string>[] = [
      { intent: "note", submission: randomUUID(), note: "sneaky" },
      { intent: "correct-tracking", expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER, carrier: "dpd", trackingNumber: DPD_NUMBER },
      { intent: "resend-mail", submission: randomUUID(), expectedContact: order.contact, mail: "confirmation" },
    ];
    for (const cookie of [null, "__session=garbage", buyerCookie]) {
      for (const fields of forms) {
        const outcome = await post(order, fields, cookie);
        expect({ cookie, intent: fields.intent, status: outcome.status }).toEqual({ cookie, intent: fields.intent, status: 404 });
      }
    }
    expect((await eventsOf(order.id)).map((event) => event.kind)).toEqual(["placed", "status", "status"]);
    expect(await rowOf(order.id)).toMatchObject({ carrier: "dhl", trackingNumber: DHL_NUMBER });
    expect(await mailsLike(`%${order.id}:%`)).toHaveLength(0);
    // The same three forms from the operator are taken: the 404s above are the door, not the forms.
    for (const fields of forms) expect({ intent: fields.intent, status: (await post(order, fields)).status }).toEqual({ intent: fields.intent, status: 200 });
    expect((await eventsOf(order.id)).map((event) => event.kind)).toEqual(["placed", "status", "status", "note", "tracking-corrected", "mail-resent"]);
  });
});

const correct = (order: OrderRow, fields: Record<string, string>) => post(order, { intent: "correct-tracking", ...fields });

describe(`correcting a shipment's carrier or tracking number on ${databaseKind}`, () => {
  it("a shipped order: stored normalised, a history event with old and new (the shipment's stays), a mail with the new link", async () => {
    const order = await place();
    await walk(order, "in_production", "shipped");
    expect((await page(order)).corrections.shipment).toBe(true);
    const outcome = await correct(order, { expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER, carrier: "dpd", trackingNumber: "0123 4567 8901 23" });
    expect(outcome).toMatchObject({ status: 200, body: { intent: "correct-tracking", done: `The shipment is corrected to DPD ${DPD_NUMBER}; the buyer was sent the new tracking link.` } });
    expect(await rowOf(order.id)).toMatchObject({ status: "shipped", carrier: "dpd", trackingNumber: DPD_NUMBER });
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.kind)).toEqual(["placed", "status", "status", "tracking-corrected"]);
    expect(events[2]!.details).toEqual({ carrier: "dhl", trackingNumber: DHL_NUMBER });
    expect(events[3]).toMatchObject({
      actor: operator.email,
      fromStatus: "shipped",
      toStatus: "shipped",
      details: { fromCarrier: "dhl", fromTrackingNumber: DHL_NUMBER, carrier: "dpd", trackingNumber: DPD_NUMBER },
    });
    const [mail] = await mailsLike(`order-tracking-corrected:${order.id}:%`);
    expect(mail).toMatchObject({ recipient: order.contact, subject: `Corrected tracking number for your Deck Studio order ${order.number}` });
    expect(mail!.textBody).toContain(`Tracking number: ${DPD_NUMBER}`);
    expect(mail!.textBody).toContain(`https://tracking.dpd.de/status/en_US/parcel/${DPD_NUMBER}`);
    expect(mail!.textBody).not.toContain(DHL_NUMBER);
    // The original shipping mail is as it was.
    expect((await mailsLike(`order-shipped:${order.id}`))[0]!.textBody).toContain(DHL_NUMBER);
  });

  it("a delivered order too, and each correction is a mail of its own", async () => {
    const order = await place();
    await walk(order, "in_production", "shipped", "delivered");
    expect((await correct(order, { expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER, carrier: "dhl", trackingNumber: "00340434161234567891" })).status).toBe(200);
    expect((await correct(order, { expectedCarrier: "dhl", expectedTrackingNumber: "00340434161234567891", carrier: "dpd", trackingNumber: DPD_NUMBER })).status).toBe(200);
    expect(await rowOf(order.id)).toMatchObject({ status: "delivered", carrier: "dpd", trackingNumber: DPD_NUMBER });
    expect(await mailsLike(`order-tracking-corrected:${order.id}:%`)).toHaveLength(2);
  });

  it("validates like the ship form: 400 with field errors for no carrier, a number of the wrong form, the same shipment", async () => {
    const order = await place();
    await walk(order, "in_production", "shipped");
    const expected = { expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER };
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ ...expected }, { carrier: ["Choose the carrier"], trackingNumber: ["Enter the tracking number"] }],
      [{ ...expected, carrier: "dhl", trackingNumber: "abc" }, { trackingNumber: [`Enter a DHL tracking number like ${DHL_NUMBER}`] }],
      [{ ...expected, carrier: "pigeon", trackingNumber: DHL_NUMBER }, { carrier: ["Choose the carrier"] }],
      [{ ...expected, carrier: "dhl", trackingNumber: "x".repeat(61) }, { trackingNumber: ["Use at most 60 characters", `Enter a DHL tracking number like ${DHL_NUMBER}`] }],
      [{ ...expected, carrier: "dhl", trackingNumber: "0034 0434 1612 3456 7890" }, { trackingNumber: ["That is the carrier and tracking number the order has"] }],
      [{ expectedCarrier: "<b>", expectedTrackingNumber: "x".repeat(100), carrier: "dpd", trackingNumber: DPD_NUMBER }, { expectedTrackingNumber: ["Reload the page: the form is out of date"] }],
    ];
    for (const [fields, errors] of cases) {
      const outcome = await correct(order, fields);
      expect({ fields, status: outcome.status, errors: errorsOf(outcome) }).toEqual({ fields, status: 400, errors });
    }
    expect(await rowOf(order.id)).toMatchObject({ carrier: "dhl", trackingNumber: DHL_NUMBER });
    expect((await eventsOf(order.id)).map((event) => event.kind)).not.toContain("tracking-corrected");
  });

  it("compare-and-set: a second operator's correction from the old values is refused (409) naming the shipment now; the same post again is answered as made", async () => {
    const order = await place();
    await walk(order, "in_production", "shipped");
    const first = { expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER, carrier: "dpd", trackingNumber: DPD_NUMBER };
    expect((await correct(order, first)).status).toBe(200);
    // The same post again (a double click): the order has what it asks for; nothing more is written or sent.
    expect(await correct(order, first)).toMatchObject({ status: 200, body: { done: expect.stringContaining(DPD_NUMBER) } });
    const other = await correct(order, { expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER, carrier: "ups", trackingNumber: "1Z999AA10123456784" });
    expect(other).toMatchObject({ status: 409, body: { refused: `The shipment was changed meanwhile: it is DPD ${DPD_NUMBER} now. Nothing was changed.` } });
    expect(await rowOf(order.id)).toMatchObject({ carrier: "dpd", trackingNumber: DPD_NUMBER });
    expect((await eventsOf(order.id)).filter((event) => event.kind === "tracking-corrected")).toHaveLength(1);
    expect(await mailsLike(`order-tracking-corrected:${order.id}:%`)).toHaveLength(1);
  });

  it("is refused (409) for an order not shipped, and the page offers no correction there", async () => {
    const order = await place();
    expect((await page(order)).corrections.shipment).toBe(false);
    const outcome = await correct(order, { expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER, carrier: "dpd", trackingNumber: DPD_NUMBER });
    expect(outcome).toMatchObject({ status: 409, body: { refused: "Only the tracking number of a shipped or delivered order can be corrected. Nothing was changed." } });
    expect(await rowOf(order.id)).toMatchObject({ carrier: null, trackingNumber: null });
  });
});

const resend = async (order: OrderRow, fields: Record<string, string>, submission?: string) =>
  post(order, { intent: "resend-mail", submission: submission ?? (await page(order)).corrections.resendSubmission, ...fields });

describe(`correcting the buyer's e-mail address and sending a mail again on ${databaseKind}`, () => {
  it("a guest order: the address corrected, the confirmation sent again to it as a new mail, the history with old and new", async () => {
    const order = await place({ contact: "erika@exmaple.com" });
    expect((await page(order)).corrections).toMatchObject({ contactEditable: true, anonymised: false, mails: ["confirmation"], lastMail: "confirmation" });
    const outcome = await resend(order, { expectedContact: "erika@exmaple.com", contact: " erika@example.com ", mail: "confirmation" });
    expect(outcome).toMatchObject({ status: 200, body: { done: "The address is corrected to erika@example.com, and the order confirmation was sent to it." } });
    expect((await rowOf(order.id)).contact).toBe("erika@example.com");
    const mails = await mailsOf(order);
    expect(mails.map((mail) => [mail.eventKey.replace(/:resent:.*/, ":resent"), mail.recipient])).toEqual([
      [`order-placed:${order.id}`, "erika@exmaple.com"],
      [`order-placed:${order.id}:resent`, "erika@example.com"],
    ]);
    expect(mails[1]!.subject).toBe(mails[0]!.subject);
    expect(mails[1]!.attachments.length).toBe(2);
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({
      kind: "mail-resent",
      actor: operator.email,
      details: { mail: "confirmation", fromContact: "erika@exmaple.com", contact: "erika@example.com" },
    });
    // The history's addresses are the operator's to see, on the order page.
    expect((await page(order)).history.at(-1)).toMatchObject({ kind: "mail-resent", details: { fromContact: "erika@exmaple.com" } });
  });

  it("a double click sends one mail; the page's next view sends another", async () => {
    const order = await place();
    const { resendSubmission } = (await page(order)).corrections;
    const fields = { expectedContact: order.contact, contact: order.contact, mail: "confirmation" };
    expect((await resend(order, fields, resendSubmission)).status).toBe(200);
    expect(await resend(order, fields, resendSubmission)).toMatchObject({ status: 200, body: { done: `The order confirmation was sent again to ${order.contact}.` } });
    expect(await mailsLike(`order-placed:${order.id}:resent:%`)).toHaveLength(1);
    expect((await eventsOf(order.id)).filter((event) => event.kind === "mail-resent")).toHaveLength(1);
    expect((await resend(order, fields)).status).toBe(200);
    expect(await mailsLike(`order-placed:${order.id}:resent:%`)).toHaveLength(2);
  });

  it("a shipped order offers the shipping mail as the last one, and sends it with the tracking link", async () => {
    const order = await place();
    await walk(order, "in_production", "shipped");
    expect((await page(order)).corrections).toMatchObject({ mails: ["confirmation", "shipped"], lastMail: "shipped" });
    const outcome = await resend(order, { expectedContact: order.contact, contact: "right@example.com", mail: "shipped" });
    expect(outcome.status).toBe(200);
    const [mail] = await mailsLike(`order-shipped:${order.id}:resent:%`);
    expect(mail).toMatchObject({ recipient: "right@example.com", subject: `Your Deck Studio order ${order.number} is on its way` });
    expect(mail!.textBody).toContain(DHL_NUMBER);
  });

  it("a partial refund's mail can be sent again: offered by its credit note, the last one after shipping, sent with its amount", async () => {
    const order = await place();
    await walk(order, "in_production", "shipped");
    const { partialRefunds } = (await callRoute(adminOrder.loader, new Request(`${TEST_ORIGIN}${pathOf(order)}`), { database, cookie: operator.cookie, params: { orderId: order.id } }))
      .body as unknown as { partialRefunds: { requestId: string } };
    const refunded = await post(order, { intent: "refund-part", requestId: partialRefunds.requestId, expectedRefundedCents: "0", amount: "12,50", reason: "Misprint on the tail" });
    expect(refunded.status).toBe(200);
    const [made] = await database.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
    const mail = `partial-refund:${made!.creditNoteNumber}`;
    expect((await page(order)).corrections).toMatchObject({ mails: ["confirmation", "shipped", mail], lastMail: mail });

    const outcome = await resend(order, { expectedContact: order.contact, mail });
    expect(outcome).toMatchObject({ status: 200, body: { done: `The partial refund mail (credit note ${made!.creditNoteNumber}) was sent again to ${order.contact}.` } });
    const [again] = await mailsLike(`order-partly-refunded:${made!.creditNoteNumber}:resent:%`);
    const [first] = await mailsLike(`order-partly-refunded:${made!.creditNoteNumber}`);
    expect(again).toMatchObject({ recipient: order.contact, subject: first!.subject, textBody: first!.textBody });
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ kind: "mail-resent", details: { mail } });
  });

  it("a partial refund's mail that the order does not have, or a made-up name, is refused on the field and nothing is sent", async () => {
    const order = await place();
    for (const mail of ["partial-refund:2026-999999", "partial-refund:../../etc", "refund", "partial-refund:"]) {
      const outcome = await resend(order, { expectedContact: order.contact, mail });
      expect(outcome.status, mail).toBe(400);
      expect(Object.keys(errorsOf(outcome)), mail).toEqual(["mail"]);
    }
    expect(await mailsLike(`%:resent:%`).then((mails) => mails.filter((mail) => mail.eventKey.includes(order.id)))).toHaveLength(0);
  });

  it("an account's order: its address is the account's, so a changed one is refused with the reason; the mail is sent again to it", async () => {
    const { order } = await accountOrder();
    expect((await page(order)).corrections.contactEditable).toBe(false);
    const changed = await resend(order, { expectedContact: order.contact, contact: "other@example.com", mail: "confirmation" });
    expect(changed.status).toBe(400);
    expect(errorsOf(changed)).toEqual({ contact: [expect.stringContaining("This order belongs to an account")] });
    expect((await rowOf(order.id)).contact).toBe(order.contact);
    expect(await mailsLike(`order-placed:${order.id}:resent:%`)).toHaveLength(0);

    const again = await resend(order, { expectedContact: order.contact, mail: "confirmation" });
    expect(again).toMatchObject({ status: 200, body: { done: `The order confirmation was sent again to ${order.contact}.` } });
    expect((await mailsLike(`order-placed:${order.id}:resent:%`)).map((mail) => mail.recipient)).toEqual([order.contact]);
    // A mail sent again to the order's own address records no address.
    expect((await eventsOf(order.id)).at(-1)).toMatchObject({ kind: "mail-resent", details: { mail: "confirmation" } });
    expect((await eventsOf(order.id)).at(-1)!.details).not.toHaveProperty("contact");
  });

  it("an address changed meanwhile is refused (409) naming it; nothing is sent", async () => {
    const order = await place({ contact: "first@example.com" });
    expect((await resend(order, { expectedContact: "first@example.com", contact: "second@example.com", mail: "confirmation" })).status).toBe(200);
    const late = await resend(order, { expectedContact: "first@example.com", contact: "third@example.com", mail: "confirmation" });
    expect(late).toMatchObject({ status: 409, body: { refused: "The buyer's address was changed meanwhile: it is second@example.com now. Nothing was sent." } });
    expect((await rowOf(order.id)).contact).toBe("second@example.com");
    expect(await mailsLike(`order-placed:${order.id}:resent:%`)).toHaveLength(1);
  });

  it("answers 400 with field messages to a malformed address or a mail the order has not had, and changes nothing", async () => {
    const order = await place();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ expectedContact: order.contact, contact: "not an address", mail: "confirmation" }, { contact: ["Enter an e-mail address like name@example.com"] }],
      [{ expectedContact: order.contact, contact: `<script>@example.com`, mail: "confirmation" }, { contact: ["Enter an e-mail address like name@example.com"] }],
      [{ expectedContact: order.contact, contact: `${"a".repeat(250)}@example.com`, mail: "confirmation" }, { contact: [expect.any(String)] }],
      [{ expectedContact: order.contact, mail: "refunded" }, { mail: ["The buyer has not had this mail for this order: choose another"] }],
      [{ expectedContact: order.contact, mail: "shipped" }, { mail: ["The buyer has not had this mail for this order: choose another"] }],
      [{ expectedContact: order.contact, mail: "invoice" }, { mail: ["Choose the mail to send again"] }],
    ];
    for (const [fields, errors] of cases) {
      const outcome = await resend(order, fields);
      expect({ fields, status: outcome.status, errors: errorsOf(outcome) }).toEqual({ fields, status: 400, errors });
    }
    expect((await rowOf(order.id)).contact).toBe(order.contact);
    expect((await mailsOf(order)).map((mail) => mail.eventKey)).toEqual([`order-placed:${order.id}`]);
  });

  it("an anonymised order (its account deleted) refuses every correction and every mail (409), and its page offers none", async () => {
    const { userId, order } = await accountOrder();
    await walk(order, "in_production", "shipped", "delivered");
    // Past the withdrawal period: the account may go.
    expect(await deleteAccount(database.db, userId, new Date(Date.now() + 40 * 24 * 60 * 60 * 1000))).toMatchObject({ ok: true });
    const anonymised = await rowOf(order.id);
    expect(anonymised.contact).toBe("");
    expect((await page(order)).corrections).toMatchObject({ anonymised: true, shipment: false });
    const refused = "This order is anonymised (the buyer deleted their account): it has no e-mail address left, and nothing about the buyer can be corrected or sent. Nothing was changed.";
    expect(await resend(order, { expectedContact: "", contact: "back@example.com", mail: "confirmation" })).toMatchObject({ status: 409, body: { refused } });
    expect(await correct(order, { expectedCarrier: "dhl", expectedTrackingNumber: DHL_NUMBER, carrier: "dpd", trackingNumber: DPD_NUMBER })).toMatchObject({
      status: 409,
      body: { refused },
    });
    expect(await rowOf(order.id)).toMatchObject({ contact: "", carrier: "dhl", trackingNumber: DHL_NUMBER });
    expect(await mailsLike(`%${order.id}:%`)).toHaveLength(0);
    // A note stays possible: it is the shop's record.
    expect((await note(order, "Chargeback letter received")).status).toBe(200);
  });
});

describe(`deleting the buyer's account on ${databaseKind} (D236)`, () => {
  it("erases what the back office wrote about them: the notes' texts, a mail's corrected addresses and the mails sent there", async () => {
    // A guest order whose mistyped address was corrected, later added to the buyer's account (as a claim does).
    const { userId, email, order: accounts } = await accountOrder();
    await walk(accounts, "in_production", "shipped", "delivered");
    const order = await place({ contact: "erika@exmaple.com" });
    expect((await resend(order, { expectedContact: "erika@exmaple.com", contact: email, mail: "confirmation" })).status).toBe(200);
    expect((await note(order, "Erika phoned from +49 170 1234567")).status).toBe(200);
    await database.db.update(orders).set({ userId }).where(eq(orders.id, order.id));
    await walk(order, "in_production", "shipped", "delivered");

    expect(await deleteAccount(database.db, userId, new Date(Date.now() + 40 * 24 * 60 * 60 * 1000))).toMatchObject({ ok: true });
    const entries = (await eventsOf(order.id)).filter((event) => event.kind === "note" || event.kind === "mail-resent");
    // The entries stay (who, when, what kind); what they said about the buyer is gone.
    expect(entries.map(({ kind, actor, details }) => ({ kind, actor, details }))).toEqual([
      { kind: "mail-resent", actor: operator.email, details: { mail: "confirmation", erased: "account" } },
      { kind: "note", actor: operator.email, details: { erased: "account" } },
    ]);
    expect(JSON.stringify(await eventsOf(order.id))).not.toMatch(/exmaple|\+49 170/);
    expect(await mailsOf(order)).toEqual([]);
    // Outside that one transaction the history stays append-only.
    await expect(database.db.update(orderEvents).set({ details: {} }).where(eq(orderEvents.id, entries[1]!.id))).rejects.toThrow();
  });
});

