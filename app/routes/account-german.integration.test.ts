import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#app/db/client.server.ts";
import { mailOutbox } from "#app/db/schema.ts";
import { createAccount } from "#app/modules/accounts/accounts.server.ts";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { localeContext } from "#app/request-context.server.ts";
import { callRoute, contextForVisitor, formPost, TEST_ORIGIN } from "#tests/support/route-harness.ts";
import { databaseKind, openTestDatabase } from "#tests/support/test-database.ts";
import * as adminLogin from "./admin-login.tsx";
import * as confirm from "./account-confirm.tsx";
import * as reset from "./account-reset.tsx";
import * as login from "./login.tsx";

/**
 * The server's words for a German request: what the account and back-office actions answer, and the account mails
 * they write, in the request's language (the root middleware's `localeContext`).
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

async function run(handler: (args: never) => unknown, request: Request, locale: Locale = "de") {
  const context = await contextForVisitor(database);
  context.set(localeContext, locale);
  return callRoute(handler, request, { database, context });
}
const address = () => `kunde-${randomUUID().slice(0, 8)}@example.com`;
const mailsTo = (to: string) => database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, to));

describe(`a German visitor's account requests, on ${databaseKind}`, () => {
  it("signing up from a German page: the field message and the mail are German", async () => {
    const short = await run(login.action, formPost("/Login", { intent: "signup", email: address(), password: "kurz" }));
    expect(short.status).toBe(400);
    expect(JSON.stringify(short.body)).toContain("Verwende mindestens 8 Zeichen");

    const email = address();
    await run(login.action, formPost("/Login", { intent: "signup", email, password: "ein langes Passwort" }));
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe("Schließ die Anmeldung bei Deck Studio ab");
    expect(mail!.textBody).toContain("Öffne diesen Link innerhalb von 2 Stunden");
    expect(mail!.htmlBody).toContain('<html lang="de">');
  });

  it("asking for a new password from a German page: the mail is German, for an account or not", async () => {
    const owner = address();
    await createAccount(database.db, owner, "das alte Passwort");
    const stranger = address();
    for (const email of [owner, stranger]) {
      const answer = await run(reset.action, formPost("/account/reset", { email }));
      expect(answer).toMatchObject({ status: 200, body: { sentTo: email } });
    }
    expect((await mailsTo(owner))[0]!.subject).toBe("Ein neues Passwort für dein Konto bei Deck Studio");
    expect((await mailsTo(stranger))[0]!.subject).toBe("Zu deinem Passwort bei Deck Studio");
  });

  it("a link that is no good is explained in German; in English as before", async () => {
    const german = await run(confirm.loader, new Request(`${TEST_ORIGIN}/account/confirm?code=nonsense`));
    expect(german.body).toMatchObject({ state: "gone", message: "Dieser Link ist nicht (mehr) gültig. Leg dein Konto auf der Anmeldeseite noch einmal an." });
    const english = await run(confirm.loader, new Request(`${TEST_ORIGIN}/account/confirm?code=nonsense`), "en");
    expect(english.body).toMatchObject({ message: "This link is not (or no longer) valid. Create your account again from the Login page." });
    const expired = await run(reset.loader, new Request(`${TEST_ORIGIN}/account/reset?code=nonsense`));
    expect(expired.body).toMatchObject({ message: "Dieser Link ist nicht (mehr) gültig. Fordere unten einen neuen an." });
  });

  it("the back office's sign-in answers in German", async () => {
    const answer = await run(adminLogin.action, formPost("/admin/login", { email: address(), password: "falsch geraten" }));
    expect(answer.status).toBe(400);
    expect(answer.body?.error?.[""]).toEqual(["E-Mail-Adresse oder Passwort ist nicht richtig."]);
    const empty = await run(adminLogin.action, formPost("/admin/login", { email: address() }));
    expect(empty.body?.error?.password).toEqual(["Gib dein Passwort ein"]);
  });
});
