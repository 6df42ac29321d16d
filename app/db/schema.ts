import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgTable, real, text, timestamp } from "drizzle-orm/pg-core";
import type { PriceLine } from "../modules/catalog/pricing";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Buyers with an account. E-mail is stored lower-cased; the password only as an scrypt hash. */
export const users = pgTable("users", {
  id: text("id").primaryKey(),
  email: text("email").notNull().unique(),
  passwordHash: text("password_hash").notNull(),
  createdAt: createdAt(),
});

/**
 * Server-side sessions. The cookie carries only the signed id; whether a visitor is signed in is
 * `userId` being set.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId), index("sessions_expires_at_idx").on(table.expiresAt)],
);

/** Failed sign-ins per e-mail address, counted in a fixed window (rate limiting shared by every server). */
export const signInFailures = pgTable("sign_in_failures", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/**
 * One row per checkout submission key: the lock that makes a double click, a retry or a second tab produce
 * one charge and one order. `processing` while the card is charged; `succeeded` points at the order;
 * `declined` lets the buyer try again. Each new try after a decline counts up `attempt`, because a payment
 * processor answers a reused idempotency key with its first answer: the processor's key is `{key}:{attempt}`.
 */
export const checkoutAttempts = pgTable("checkout_attempts", {
  idempotencyKey: text("idempotency_key").primaryKey(),
  status: text("status", { enum: ["processing", "succeeded", "declined"] }).notNull(),
  attempt: integer("attempt").notNull().default(1),
  orderId: text("order_id"),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A paid order, complete when written: options, contact, address, design, the price as charged, and what
 * the card processor told us. Never the card number or security code.
 */
export const orders = pgTable(
  "orders",
  {
    id: text("id").primaryKey(),
    /** Shown to the buyer, e.g. "DS-7K3F9Q". */
    number: text("number").notNull().unique(),
    userId: text("user_id"),
    status: text("status", { enum: ["paid"] }).notNull(),
    grip: boolean("grip").notNull(),
    size: real("size").notNull(),
    contact: text("contact").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    addressextend: text("addressextend").notNull(),
    postalcode: text("postalcode").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    design: jsonb("design").notNull(),
    priceLines: jsonb("price_lines").$type<PriceLine[]>().notNull(),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    currency: text("currency").notNull(),
    cardBrand: text("card_brand").notNull(),
    cardLast4: text("card_last4").notNull(),
    cardExpMonth: integer("card_exp_month").notNull(),
    cardExpYear: integer("card_exp_year").notNull(),
    paymentProvider: text("payment_provider").notNull(),
    paymentReference: text("payment_reference").notNull(),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("orders_user_id_idx").on(table.userId, table.createdAt),
    check("orders_total_positive", sql`${table.totalCents} > 0`),
    check("orders_last4_digits", sql`${table.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

export type OrderRow = typeof orders.$inferSelect;

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/**
 * The print files of an order, for the operator: the vector SVG, written with the order, and the 300 DPI PNG,
 * rendered from the same source the first time someone asks for it (it is large and costs a second or two).
 */
export const orderPrintFiles = pgTable("order_print_files", {
  orderId: text("order_id")
    .primaryKey()
    .references(() => orders.id),
  svg: text("svg").notNull(),
  png: bytea("png"),
  createdAt: createdAt(),
});
