import { sql } from "drizzle-orm";
import * as z from "zod/mini";
import type { RouterContextProvider } from "react-router";
import type { Db } from "#app/db/client.server.ts";
import { users } from "#app/db/schema.ts";
import { pageNotFound } from "#app/modules/http/not-found.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { requireReadableSession } from "#app/modules/observability/database-outage.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { signUpSchema } from "./account-schema.ts";
import { normalizeEmail, type Account } from "./accounts.server.ts";
import { hashPassword } from "./password.server.ts";
import { randomUUID } from "node:crypto";

/**
 * The operator behind a back-office request, or the 404 page for anyone else (a buyer, a visitor, a forged
 * cookie): the back office does not tell that it exists. Every back-office loader and action calls it first.
 */
export async function requireOperator(request: Request, context: Readonly<RouterContextProvider>): Promise<Account> {
  requireReadableSession(context); // an operator's session unread (database away): 503, not the 404 page
  const account = await currentAccount(context);
  return account?.role === "operator" ? account : pageNotFound(request);
}

export type CreateOperatorResult =
  | { ok: true; status: "created" | "promoted"; email: string }
  | { ok: false; errors: string[] };

/**
 * Makes an operator (npm run operator:create): a new account with the operator role, or an existing account given
 * the role and the new password. The password follows the accounts' rule; there is no default one.
 */
export async function createOperator(db: Db, input: { email: string; password: string }): Promise<CreateOperatorResult> {
  const parsed = z.safeParse(signUpSchema, input);
  // The command line speaks English: the schema's message keys become English words.
  if (!parsed.success) return { ok: false, errors: parsed.error.issues.map((issue) => formMessageIn("en")(issue.message)) };
  const email = normalizeEmail(parsed.data.email);
  const passwordHash = await hashPassword(parsed.data.password);
  const [row] = await db
    .insert(users)
    .values({ id: randomUUID(), email, passwordHash, role: "operator" })
    .onConflictDoUpdate({ target: users.email, set: { passwordHash, role: "operator" } })
    // xmax is 0 for a row this statement inserted, and the updating transaction's id for one it updated.
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return { ok: true, status: row?.inserted ? "created" : "promoted", email };
}
