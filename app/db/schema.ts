import { index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Server-side sessions. The cookie carries only the signed id; whether a visitor is signed in is
 * `userId` being set (the accounts issue fills it in).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);
