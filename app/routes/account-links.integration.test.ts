import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { emailLinks, mailOutbox } from "#app/db/schema.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import { EMAIL_LINKS_PER_HOUR } from "#app/modules/accounts/email-links.server.ts";
import { createSession } from "#app/modules/session/session.server.ts";
import { localeContext, sessionContext } from "#app/request-context.server.ts";
import { mailedLink } from "#tests/support/mail.ts";
import { CLIENT_ADDRESS_HEADER } from "#app/modules/http/client-address.mjs";
import { callRoute, contextForVisitor, formPost, newClientAddress, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as confirm from "./account-confirm.tsx";
import * as reset from "./account-reset.tsx";
import * as login from "./login.tsx";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const run = (handler: (args: never) => unknown, request: Request, cookie: string | null = null) =>
  callRoute(handler, request, { database, cookie });
const get = (path: string) => new Request(`${TEST_ORIGIN}${path}`);
const cookiePair = (setCookie: string | null) => setCookie!.split(";")[0]!;
const address = () => `someone-${randomUUID().slice(0, 8)}@example.com`;
const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));
const signUpForm = (email: string, password = "a new password") => formPost("/Login", { intent: "signup", email, password });

describe(`sign-up tells nobody which addresses have an account, on ${databaseKind}`, () => {
  it("answers a taken address exactly like a new one; only the mail to that address differs", async () => {
    const taken = address();
    await createAccount(database.db, taken, "the owner's password");
    const fresh = address();
    const [forTaken, forFresh] = [await run(login.action, signUpForm(taken)), await run(login.action, signUpForm(fresh))];
    expect(forTaken.status).toBe(forFresh.status);
    expect(forTaken.cookie).toBeNull();
    expect(JSON.stringify(forTaken.body).replace(taken, "ADDRESS")).toBe(JSON.stringify(forFresh.body).replace(fresh, "ADDRESS"));

    const [toTaken] = await mailsTo(taken);
    const [toFresh] = await mailsTo(fresh);
    expect(toTaken!.subject).toBe("You have a Deck Studio account");
    expect(toTaken!.textBody).toMatch(/\/account\/reset\?code=/);
    expect(toFresh!.subject).toBe("Finish creating your Deck Studio account");
    expect(toFresh!.textBody).toMatch(/\/account\/confirm\?code=/);
    expect(`${toTaken!.textBody}${toFresh!.textBody}`).not.toContain("a new password");
  });

  it("creates the account only when the link is pressed: opening it (a mail scanner) uses nothing up", async () => {
    const email = address();
    await run(login.action, signUpForm(email));
    const { path } = await mailedLink(database, email, "/account/confirm");
    for (let i = 0; i < 2; i++) {
      expect(await run(confirm.loader, get(path))).toMatchObject({ status: 200, body: { state: "ready", email } });
    }
    const created = await run(confirm.action, formPost(path, {}));
    expect(created).toMatchObject({ status: 302, location: "/Shipping" });
    const session = (await contextForVisitor(database, cookiePair(created.cookie))).get(sessionContext);
    expect(session?.userId).toBeTruthy();
    // The password is the one chosen at sign-up.
    expect((await run(login.action, formPost("/Login", { intent: "signin", email, password: "a new password" }))).status).toBe(302);
    // Once only.
    expect((await run(confirm.action, formPost(path, {}))).status).toBe(410);
    expect((await run(confirm.loader, get(path))).status).toBe(410);
  });

  it("refuses an unknown code (404), an expired one (410), and a sign-up whose address got an account meanwhile", async () => {
    expect((await run(confirm.loader, get("/account/confirm?code=nonsense"))).status).toBe(404);
    expect((await run(confirm.action, formPost("/account/confirm", {}))).status).toBe(404);

    const late = address();
    await run(login.action, signUpForm(late));
    const expired = await mailedLink(database, late, "/account/confirm");
    await database.db.update(emailLinks).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(emailLinks.email, late));
    expect((await run(confirm.action, formPost(expired.path, {}))).status).toBe(410);

    const raced = address();
    await run(login.action, signUpForm(raced));
    const link = await mailedLink(database, raced, "/account/confirm");
    await createAccount(database.db, raced, "someone else's");
    const outcome = await run(confirm.action, formPost(link.path, {}));
    expect(outcome.status).toBe(410);
    expect(JSON.stringify(outcome.body)).toContain("You have an account with this address already");
  });

  it(`mails one address at most ${EMAIL_LINKS_PER_HOUR} times an hour, then says so alike with or without an account`, async () => {
    const taken = address();
    await createAccount(database.db, taken, "the owner's password");
    const answers: string[] = [];
    for (const email of [address(), taken]) {
      for (let i = 0; i < EMAIL_LINKS_PER_HOUR; i++) {
        expect((await run(login.action, signUpForm(email))).body).toMatchObject({ result: { sentTo: email } });
      }
      const refused = await run(login.action, signUpForm(email));
      expect(refused.status).toBe(429);
      expect(JSON.stringify(refused.body)).toContain(`We have already sent ${EMAIL_LINKS_PER_HOUR} links to this address`);
      expect(JSON.stringify(refused.body)).not.toContain("a new password");
      answers.push(JSON.stringify(refused.body).replace(email, "A"));
      expect(await mailsTo(email)).toHaveLength(EMAIL_LINKS_PER_HOUR);

      // The password reset counts the same mails: it says so too, in the page's language.
      const german = await contextForVisitor(database);
      german.set(localeContext, "de");
      const reset429 = await callRoute(reset.action, formPost("/account/reset", { email }), { database, context: german });
      expect(reset429.status).toBe(429);
      expect(JSON.stringify(reset429.body)).toContain(`schon ${EMAIL_LINKS_PER_HOUR} Links geschickt`);
    }
    expect(answers[0]).toBe(answers[1]);
  });
});

describe(`a new password by mail on ${databaseKind}`, () => {
  it("answers every address alike; an account's address gets a link, another is told it has no account", async () => {
    const owner = address();
    await createAccount(database.db, owner, "forgotten password");
    const stranger = address();
    const [forOwner, forStranger] = [
      await run(reset.action, formPost("/account/reset", { email: owner })),
      await run(reset.action, formPost("/account/reset", { email: stranger })),
    ];
    expect(forOwner.status).toBe(forStranger.status);
    expect(JSON.stringify(forOwner.body).replace(owner, "A")).toBe(JSON.stringify(forStranger.body).replace(stranger, "A"));
    expect((await mailsTo(owner))[0]!.textBody).toMatch(/\/account\/reset\?code=/);
    const [toStranger] = await mailsTo(stranger);
    expect(toStranger!.textBody).toContain("but it has none");
    expect(toStranger!.textBody).not.toMatch(/code=/);
  });

  it("links to the shop's own address (SHOP_URL), whatever Host the request names: no reset link to someone else's site", async () => {
    const email = address();
    await createAccount(database.db, email, "forgotten password");
    // The attacker's request names their own host, and an Origin to match it, so the same-origin rule lets it by.
    const hostile = (path: string, fields: Record<string, string>) =>
      new Request(`http://evil.example${path}`, {
        method: "POST",
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: "http://evil.example",
          [CLIENT_ADDRESS_HEADER]: newClientAddress(),
        },
        body: new URLSearchParams(fields),
      });
    expect((await run(reset.action, hostile("/account/reset", { email }))).status).toBe(200);
    const newcomer = address();
    await run(login.action, hostile("/Login", { intent: "signup", email: newcomer, password: "a new password" }));
    const mails = [...(await mailsTo(email)), ...(await mailsTo(newcomer))];
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.textBody + mail.htmlBody).not.toContain("evil.example");
      expect(mail.textBody).toMatch(new RegExp(`${TEST_ORIGIN}/account/(reset|confirm)\\?code=`));
    }
  });

  it("sets the new password from the link, signs the buyer in and everyone else out; the link works once", async () => {
    const email = address();
    const created = await createAccount(database.db, email, "forgotten password");
    if (!created.ok) throw new Error("no account");
    const elsewhere = await createSession(database.db, { userId: created.account.id });
    await run(reset.action, formPost("/account/reset", { email }));
    const { path } = await mailedLink(database, email, "/account/reset");
    expect(await run(reset.loader, get(path))).toMatchObject({ status: 200, body: { state: "choose", email } });

    const short = await run(reset.action, formPost(path, { password: "short" }));
    expect(short.status).toBe(400);
    const done = await run(reset.action, formPost(path, { password: "remembered at last" }));
    expect(done).toMatchObject({ status: 302, location: "/account" });

    const signIn = (password: string) => run(login.action, formPost("/Login", { intent: "signin", email, password }));
    expect((await signIn("forgotten password")).status).toBe(400);
    expect((await signIn("remembered at last")).status).toBe(302);
    const old = await contextForVisitor(database, elsewhere.setCookie.split(";")[0]!);
    expect(old.get(sessionContext)).toBeNull();
    expect((await run(reset.action, formPost(path, { password: "yet another one" }))).status).toBe(410);
  });

  it("answers 4xx, never 5xx, to arbitrary forms on both pages (property-based)", async () => {
    const email = address();
    await createAccount(database.db, email, "forgotten password");
    await run(reset.action, formPost("/account/reset", { email }));
    const { path } = await mailedLink(database, email, "/account/reset");
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: fc.oneof(fc.emailAddress(), fc.string({ maxLength: 300 })), password: fc.string({ maxLength: 2000 }) }),
        fc.constantFrom("/account/reset", path, "/account/reset?code=x", "/account/confirm?code=x"),
        async (fields, target) => {
          const handler = target.startsWith("/account/confirm") ? confirm.action : reset.action;
          const { status } = await run(handler, formPost(target, fields));
          expect([200, 302, 400, 404, 410]).toContain(status);
        },
      ),
      { numRuns: 30 },
    );
  });
});
