import { createContext, type RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/database.server";
import type { Session } from "~/modules/session/session.server";

/** Values the root middleware puts on every request; loaders, actions and middleware read them. */

/** How to reach the database. Tests set their own; the default is the process-wide one. */
export const databaseContext = createContext<() => Promise<Database>>(getDatabase);

/** A short id for this request, sent as X-Request-Id and shown on error pages as the reference. */
export const requestIdContext = createContext<string>("unknown");

/** The visitor's session, or null for a visitor without one. */
export const sessionContext = createContext<Session | null>(null);

export async function getDb(context: Readonly<RouterContextProvider>) {
  return (await context.get(databaseContext)()).db;
}
