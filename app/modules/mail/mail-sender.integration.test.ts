import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox } from "#app/db/schema.ts";
import { createCapturingTransport, databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { enqueueMail, type MailToSend } from "./mail-outbox.server.ts";
import { deliverDueMail, MAX_MAIL_ATTEMPTS, messageIdOf, retryDelayMs } from "./mail-sender.server.ts";
import type { MailTransport } from "./mail-transport.server.ts";

const FROM = "Deck Studio <orders@shop.test>";
const quiet = () => {};
/** A moment safely after the rows were written (the database's clock has microseconds, Date milliseconds). */
const soon = () => new Date(Date.now() + 1000);
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

function mail(eventKey: string, overrides: Partial<MailToSend> = {}): MailToSend {
  return { eventKey, to: "buyer@example.com", subject: `Mail ${eventKey}`, text: "Hello", html: "<p>Hello</p>", ...overrides };
}

const failing = (message = "connection refused"): MailTransport => ({ kind: "failing", send: () => Promise.reject(new Error(message)) });

describe(`the mail outbox on ${databaseKind}`, () => {
  it("keeps one mail per event, however often the event is written", async () => {
    await enqueueMail(database.db, mail("order-placed:1"));
    await enqueueMail(database.db, mail("order-placed:1", { subject: "written again" }));
    const rows = await database.db.select().from(mailOutbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", attempts: 0, subject: "Mail order-placed:1" });
  });

  it("is written with the change it tells of, or not at all", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueMail(tx, mail("order-placed:rolled-back"));
        throw new Error("the order could not be stored");
      }),
    ).rejects.toThrow("could not be stored");
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
  });
});

describe(`delivering mail on ${databaseKind}`, () => {
  it("sends mails in the order they were written: an order's 'on its way' before its 'refunded'", async () => {
    const keys = Array.from({ length: 12 }, (_, index) => `order-event:${String(index).padStart(2, "0")}`);
    // Written in turn a moment apart, as the steps of an order worked quickly in the back office are.
    for (const [index, key] of keys.entries()) {
      await enqueueMail(database.db, mail(key));
      await database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 60_000 + index * 10), createdAt: new Date(Date.now() - 60_000 + index * 10) })
        .where(eq(mailOutbox.eventKey, key));
    }
    const transport = createCapturingTransport();
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: soon(), batch: 20 })).toMatchObject({ sent: 12 });
    expect(transport.sent.map((sent) => sent.subject)).toEqual(keys.map((key) => `Mail ${key}`));
  });

  it("sends each due mail once, from the shop, with a Message-ID of its row, and marks it sent", async () => {
    await enqueueMail(database.db, mail("a"));
    await enqueueMail(database.db, mail("b", { to: "other@example.com" }));
    const transport = createCapturingTransport();
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: soon() })).toEqual({ claimed: 2, sent: 2, failed: 0 });
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: soon() })).toEqual({ claimed: 0, sent: 0, failed: 0 });

    const rows = await database.db.select().from(mailOutbox);
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent"]);
    expect(transport.sent.map((sent) => sent.to).sort()).toEqual(["buyer@example.com", "other@example.com"]);
    const row = rows.find((candidate) => candidate.eventKey === "a")!;
    expect(transport.sent.find((sent) => sent.subject === "Mail a")).toEqual({
      messageId: `<${row.id}@shop.test>`,
      from: FROM,
      to: "buyer@example.com",
      subject: "Mail a",
      text: "Hello",
      html: "<p>Hello</p>",
      attachments: [],
    });
  });

  it("sends the files written with a mail, as they were written", async () => {
    const terms = { filename: "terms-and-conditions.txt", content: "Terms and conditions\n====================\n\n§ 1 Zoë's deck\n" };
    await enqueueMail(database.db, mail("with-files", { attachments: [terms] }));
    const transport = createCapturingTransport();
    await deliverDueMail(database.db, transport, { from: FROM, now: soon() });
    expect(transport.sent[0]!.attachments).toEqual([terms]);
  });

  it("retries a failed mail with backoff, with the same Message-ID, and gives up after the last try", async () => {
    await enqueueMail(database.db, mail("retry"));
    const start = soon();
    await deliverDueMail(database.db, failing(), { from: FROM, now: start, log: quiet });
    let [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: "connection refused", leaseUntil: null });
    expect(row!.nextAttemptAt.getTime()).toBe(start.getTime() + retryDelayMs(1));

    // Not due yet: nothing is tried.
    const early = new Date(start.getTime() + retryDelayMs(1) - 1000);
    expect((await deliverDueMail(database.db, failing(), { from: FROM, now: early, log: quiet })).claimed).toBe(0);

    const transport = createCapturingTransport();
    const due = new Date(start.getTime() + retryDelayMs(1));
    expect((await deliverDueMail(database.db, transport, { from: FROM, now: due })).sent).toBe(1);
    [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "sent", attempts: 2, lastError: null });
    expect(transport.sent[0]!.messageId).toBe(messageIdOf(row!, FROM));
  });

  it(`gives a mail up after ${MAX_MAIL_ATTEMPTS} failed tries and logs it`, async () => {
    await enqueueMail(database.db, mail("hopeless"));
    const logged: string[] = [];
    let now = soon();
    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      await deliverDueMail(database.db, failing("mailbox unavailable"), { from: FROM, now, log: (line) => logged.push(line) });
      now = new Date(now.getTime() + retryDelayMs(attempt));
    }
    const [row] = await database.db.select().from(mailOutbox);
    expect(row).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS });
    expect(logged.at(-1)).toContain("given up");
    expect((await deliverDueMail(database.db, createCapturingTransport(), { from: FROM, now })).claimed).toBe(0);
  });

  it("never hands one mail to two workers delivering at the same moment", async () => {
    for (let i = 0; i < 10; i++) await enqueueMail(database.db, mail(`burst-${i}`));
    const transport = createCapturingTransport();
    const slow: MailTransport = {
      kind: "slow",
      async send(outgoing) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        await transport.send(outgoing);
      },
    };
    await Promise.all(Array.from({ length: 8 }, () => deliverDueMail(database.db, slow, { from: FROM, batch: 3, now: soon() })));
    // Whatever the workers left (each takes at most a batch) goes in the next rounds, still once each.
    while ((await deliverDueMail(database.db, slow, { from: FROM, now: soon() })).claimed > 0);
    expect(transport.sent.map((sent) => sent.subject).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `Mail burst-${i}`).sort(),
    );
  });

  it("leaves a mail whose worker died mid-send to another worker once the lease has run out", async () => {
    await enqueueMail(database.db, mail("orphan"));
    const start = soon();
    // A worker claims it and dies before marking it: the row stays leased.
    const dying: MailTransport = { kind: "dying", send: () => new Promise(() => {}) };
    void deliverDueMail(database.db, dying, { from: FROM, now: start });
    await expect.poll(async () => (await database.db.select().from(mailOutbox))[0]?.leaseUntil).not.toBeNull();

    const transport = createCapturingTransport();
    expect((await deliverDueMail(database.db, transport, { from: FROM, now: new Date(start.getTime() + 60_000) })).sent).toBe(0);
    expect((await deliverDueMail(database.db, transport, { from: FROM, now: new Date(start.getTime() + 3 * 60_000) })).sent).toBe(1);
    const [row] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.eventKey, "orphan"));
    expect(row).toMatchObject({ status: "sent", attempts: 2 });
  });
});
