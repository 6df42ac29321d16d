import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import { createAccount, signIn, type SignInResult } from "./accounts.server.ts";
import { verifyPassword } from "./password.server.ts";
import { SIGN_IN_LIMITS, SIGN_IN_WINDOW_MS } from "./sign-in-limits.server.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const RIGHT = "correct horse battery";

/** A new account, and a password check that counts its calls. */
async function setUp() {
  const email = `buyer-${randomUUID()}@example.com`;
  await createAccount(database.db, email, RIGHT);
  let checks = 0;
  const verify = async (password: string, hash: string) => {
    checks++;
    return verifyPassword(password, hash);
  };
  return { email, verify, checks: () => checks };
}

const client = () => `198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID().slice(0, 8)}`;
const statuses = (results: SignInResult[]) => results.map((result) => (result.ok ? "ok" : result.reason));

describe(`sign-in limits under concurrency on ${databaseKind}`, () => {
  it(`20 simultaneous tries at one account from one client (19 wrong, 1 right): at most ${SIGN_IN_LIMITS.accountFromClient} password checks`, async () => {
    const { email, verify, checks } = await setUp();
    const attacker = client();
    const passwords = [...Array.from({ length: 19 }, (_, i) => `wrong ${i}`), RIGHT];
    const results = await Promise.all(
      passwords.map((password) => signIn(database.db, { email, password, clientAddress: attacker }, { verify })),
    );
    expect(checks()).toBeLessThanOrEqual(SIGN_IN_LIMITS.accountFromClient);
    expect(statuses(results).filter((status) => status === "rate-limited").length).toBeGreaterThanOrEqual(15);
  });

  it(`200 simultaneous tries at one account from 200 addresses: at most ${SIGN_IN_LIMITS.account} password checks`, async () => {
    const { email, verify, checks } = await setUp();
    await Promise.all(
      Array.from({ length: 200 }, (_, i) => signIn(database.db, { email, password: `guess ${i}`, clientAddress: client() }, { verify })),
    );
    expect(checks()).toBeLessThanOrEqual(SIGN_IN_LIMITS.account);
    expect(checks()).toBeGreaterThan(0);
  });

  it(`one client trying 60 accounts at once: at most ${SIGN_IN_LIMITS.client} password checks`, async () => {
    let checks = 0;
    const verify = async () => (checks++, false);
    const attacker = client();
    await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(database.db, { email: `someone-${i}-${randomUUID()}@example.com`, password: `p${i}`, clientAddress: attacker }, { verify }),
      ),
    );
    expect(checks).toBe(SIGN_IN_LIMITS.client);
  });

  it(`one password tried at 40 accounts from 40 addresses at once: at most ${SIGN_IN_LIMITS.password} password checks`, async () => {
    let checks = 0;
    const verify = async () => (checks++, false);
    const sprayed = `Summer-${randomUUID()}`;
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(database.db, { email: `victim-${i}-${randomUUID()}@example.com`, password: sprayed, clientAddress: client() }, { verify }),
      ),
    );
    expect(checks).toBe(SIGN_IN_LIMITS.password);
  });
});

describe(`sign-in lockouts on ${databaseKind}`, () => {
  it("an attacker who has run out of tries locks out only their own address; the buyer signs in from theirs", async () => {
    const { email, verify } = await setUp();
    const attacker = client();
    for (let i = 0; i < 30; i++) await signIn(database.db, { email, password: `wrong ${i}`, clientAddress: attacker }, { verify });
    expect(await signIn(database.db, { email, password: RIGHT, clientAddress: attacker }, { verify })).toMatchObject({
      ok: false,
      reason: "rate-limited",
    });
    expect(await signIn(database.db, { email, password: RIGHT, clientAddress: client() }, { verify })).toMatchObject({ ok: true });
  });

  it("a limit lifts when its window has passed, and a right password starts the account's count afresh", async () => {
    const { email, verify } = await setUp();
    const buyer = client();
    const start = new Date();
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromClient; i++) {
      await signIn(database.db, { email, password: `typo ${i}`, clientAddress: buyer }, { verify, now: start });
    }
    const limited = await signIn(database.db, { email, password: RIGHT, clientAddress: buyer }, { verify, now: start });
    expect(limited).toEqual({ ok: false, reason: "rate-limited", retryAfterMinutes: 15 });

    const later = new Date(start.getTime() + SIGN_IN_WINDOW_MS + 1000);
    expect(await signIn(database.db, { email, password: RIGHT, clientAddress: buyer }, { verify, now: later })).toMatchObject({ ok: true });
    // Counted afresh: the next typos are not the sixth and seventh.
    for (let i = 0; i < SIGN_IN_LIMITS.accountFromClient - 1; i++) {
      const typo = await signIn(database.db, { email, password: `again ${i}`, clientAddress: buyer }, { verify, now: later });
      expect(typo).toEqual({ ok: false, reason: "invalid" });
    }
  });
});
