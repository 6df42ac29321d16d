import { randomUUID } from "node:crypto";
import type { Database } from "#app/db/client.server.ts";
import { createOperator } from "#app/modules/accounts/operators.server.ts";
import * as adminLogin from "#app/routes/admin-login.tsx";
import { callRoute, formPost } from "./route-harness.ts";

/**
 * A new operator account, signed in through the back office's own sign-in page (as an operator does): its e-mail,
 * password and the session cookie ("name=value") to send with back-office requests.
 */
export async function signInOperator(database: Database): Promise<{ email: string; password: string; cookie: string }> {
  const email = `ops-${randomUUID().slice(0, 8)}@example.com`;
  const password = "operator password";
  const made = await createOperator(database.db, { email, password });
  if (!made.ok) throw new Error(`operator not created: ${JSON.stringify(made)}`);
  const signedIn = await callRoute(adminLogin.action, formPost("/admin/login", { email, password }), { database });
  if (signedIn.status !== 302 || !signedIn.cookie) throw new Error(`operator not signed in: ${signedIn.status}`);
  return { email, password, cookie: signedIn.cookie.split(";")[0]! };
}
