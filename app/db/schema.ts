import { sql } from "drizzle-orm";
import { boolean, check, customType, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { StoredPriceLine } from "#app/modules/catalog/pricing.ts";
import { ORDER_STATUSES } from "#app/modules/orders/order-status.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Accounts: buyers, and the shop's operators (role `operator`, made only by `npm run operator:create`).
 * E-mail is stored lower-cased; the password only as an scrypt hash.
 */
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["buyer", "operator"] }).notNull().default("buyer"),
    createdAt: createdAt(),
  },
  (table) => [check("users_role_known", sql`${table.role} in ('buyer', 'operator')`)],
);

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

/**
 * Sign-in attempts counted per key in a fixed window, shared by every server: an account, an account from one
 * client address, a client address, a password tried across accounts (keys in app/modules/accounts/sign-in-limits).
 * An attempt is counted before its password is checked, in one statement, so simultaneous attempts cannot all
 * slip under the limit.
 */
export const signInAttempts = pgTable("sign_in_attempts", {
  key: text("key").primaryKey(),
  attempts: integer("attempts").notNull(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
});

/**
 * One row per checkout submission key: the lock that makes a double click, a retry or a second tab produce
 * one charge and one order. `processing` while the card is charged; `succeeded` points at the order;
 * `declined` lets the buyer try again. Each new try after a decline counts up `attempt`, because a payment
 * processor answers a reused idempotency key with its first answer: the processor's key is `{key}:{attempt}`.
 * `failed`: the request ended without an order and the processor may hold a charge under the key (it could not
 * be reached, or the order could not be stored); recovery voids such a charge before the key is used again.
 * `released`: ended without an order and without a charge that stands; the next try counts up `attempt`.
 * `pending` is the order as it will be stored (no card number, no security code), written when the attempt is
 * taken, so that recovery can complete an order whose server died after the charge (checkout-recovery.server.ts),
 * and cleared once the attempt is settled.
 */
export const CHECKOUT_ATTEMPT_STATUSES = ["processing", "succeeded", "declined", "failed", "released"] as const;

export const checkoutAttempts = pgTable(
  "checkout_attempts",
  {
    idempotencyKey: text("idempotency_key").primaryKey(),
    status: text("status", { enum: CHECKOUT_ATTEMPT_STATUSES }).notNull(),
    attempt: integer("attempt").notNull().default(1),
    orderId: text("order_id"),
    pending: jsonb("pending").$type<PendingOrder>(),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Recovery looks for the few attempts left open among one row per order ever placed.
  (table) => [index("checkout_attempts_open_idx").on(table.updatedAt).where(sql`status in ('processing', 'failed')`)],
);

/** What an attempt will store when its charge succeeds: the order's row but for the processor's reference. */
export interface PendingOrder {
  order: Omit<typeof orders.$inferInsert, "paymentReference" | "paymentProvider" | "status">;
  /** The origin the buyer used, for the order's link in the confirmation mail (the link's token is not kept). */
  siteUrl: string;
}

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
    /** paid → in_production → shipped → delivered, or cancelled / returned (refunded); order-status.ts has the rules. */
    status: text("status", { enum: ORDER_STATUSES }).notNull(),
    grip: boolean("grip").notNull(),
    size: real("size").notNull(),
    contact: text("contact").notNull(),
    name: text("name").notNull(),
    address: text("address").notNull(),
    addressextend: text("addressextend").notNull(),
    postalcode: text("postalcode").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    /** State, province or territory where the country's addresses need one (US, CA, AU); "" elsewhere. */
    region: text("region").notNull().default(""),
    /** The buyer's language when ordering: later mails and the invoice speak it. */
    locale: text("locale").notNull().default("en"),
    /** How the sale was taxed (catalog/tax.ts): destination VAT inside the EU, a VAT-free export outside. */
    taxKind: text("tax_kind", { enum: ["vat", "export"] }).notNull().default("vat"),
    /** The VAT rate applied, in basis points (19 % = 1900); 0 for an export. */
    vatBasisPoints: integer("vat_basis_points").notNull().default(1900),
    design: jsonb("design").notNull(),
    priceLines: jsonb("price_lines").$type<StoredPriceLine[]>().notNull(),
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
    /** Set when the order is shipped (carriers.ts). */
    carrier: text("carrier"),
    trackingNumber: text("tracking_number"),
    /** The processor's refund reference, set when the order is cancelled or returned. */
    refundReference: text("refund_reference"),
    /**
     * What partial refunds (price reductions, `order_refunds`) have given back so far: the sum of their amounts, kept
     * on the order so that a refund can compare-and-set it. Always less than the total; a cancel or return then
     * refunds the rest (total − this).
     */
    partlyRefundedCents: integer("partly_refunded_cents").notNull().default(0),
    /** The invoice's number (gapless, from invoice_counters, taken in the order's transaction) and date. */
    invoiceNumber: text("invoice_number").unique(),
    invoicedAt: timestamp("invoiced_at", { withTimezone: true }),
    /**
     * The credit note (Stornorechnung) that cancels the invoice when the charge is refunded: its number, from the same
     * gapless series as invoices, taken in the refund's transaction, and its date (D222).
     */
    creditNoteNumber: text("credit_note_number").unique(),
    creditNotedAt: timestamp("credit_noted_at", { withTimezone: true }),
    /**
     * The buyer's withdrawal from the contract, declared with the shop's withdrawal function (§ 356a BGB, D206): when
     * it arrived and the name it was declared in. One per order; the operator then cancels or takes the deck back.
     */
    withdrawalDeclaredAt: timestamp("withdrawal_declared_at", { withTimezone: true }),
    withdrawalName: text("withdrawal_name"),
    /**
     * Whether the deck is made to the buyer's own design (texts or stickers, not just a colour): a fact of the sale,
     * stored when the order is placed. It decides the invoice's and credit note's description of the goods and
     * whether there is a right of withdrawal (§ 312g Abs. 2 Nr. 1 BGB). Never read from `design`'s layers, which
     * deleting the account removes (D162): an issued invoice must not change.
     */
    ownDesign: boolean("own_design").notNull().default(false),
    /** Set when the buyer deleted their account: contact data removed, what tax law requires kept. */
    anonymisedAt: timestamp("anonymised_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("orders_user_id_idx").on(table.userId, table.createdAt),
    // The back office's list: newest first (the index read backwards), by status or not, paged by (created_at, id).
    index("orders_created_idx").on(table.createdAt, table.id),
    index("orders_status_created_idx").on(table.status, table.createdAt, table.id),
    // Its "refund due" tab: declared withdrawals not yet refunded, of decks with a right of withdrawal (no own design),
    // few among many (admin-orders.server.ts).
    index("orders_refund_due_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.withdrawalDeclaredAt} is not null and ${table.status} not in ('cancelled', 'returned') and not ${table.ownDesign}`),
    // Its search: order number and e-mail by prefix, the buyer's name by any word's prefix.
    index("orders_number_prefix_idx").using("btree", sql`${table.number} text_pattern_ops`),
    index("orders_contact_prefix_idx").using("btree", sql`lower(${table.contact}) text_pattern_ops`),
    // Without GIN's pending list (fastupdate): entries go into the index as each order is written, so that a search
    // never reads a list of unsorted recent entries from end to end (drizzle/0022).
    index("orders_name_words_idx")
      .using("gin", sql`to_tsvector('simple', ${table.name})`)
      .with({ fastupdate: false }),
    check("orders_status_known", sql`${table.status} in ('paid', 'in_production', 'shipped', 'delivered', 'cancelled', 'returned')`),
    check("orders_total_positive", sql`${table.totalCents} > 0`),
    check("orders_partly_refunded_below_total", sql`${table.partlyRefundedCents} >= 0 and ${table.partlyRefundedCents} < ${table.totalCents}`),
    check("orders_last4_digits", sql`${table.cardLast4} ~ '^[0-9]{4}$'`),
    check("orders_tax_kind_known", sql`${table.taxKind} in ('vat', 'export')`),
  ],
);

/**
 * Invoice numbers: one row per series (a year), whose last number is raised in the order's own transaction. A
 * PostgreSQL SEQUENCE would not do: nextval() is not rolled back, so a failed order would leave a gap, and German
 * invoices must be numbered without gaps.
 */
export const invoiceCounters = pgTable("invoice_counters", {
  series: text("series").primaryKey(),
  lastNumber: integer("last_number").notNull(),
});

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

/**
 * Each invoice and credit note as issued (§ 14b UStG, GoBD: an issued invoice is kept unchanged for ten years).
 * The row is written with the number, in the same transaction, and holds the seller's name, address and VAT id as
 * they were then: the operator's file may change (a move, a new VAT id), an issued document does not. The PDF is
 * laid out the first time anyone asks for it and kept: from then on every download, the buyer's or the
 * accountant's, is those bytes, whatever later versions of the layout or its texts would print.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    /** The document's number, from the one gapless series invoices and credit notes share (invoice-numbers.server.ts). */
    number: text("number").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind", { enum: ["invoice", "creditNote"] }).notNull(),
    seller: jsonb("seller").$type<Record<string, string>>().notNull(),
    pdf: bytea("pdf"),
    createdAt: createdAt(),
  },
  (table) => [
    index("issued_documents_order_id_idx").on(table.orderId),
    check("issued_documents_kind_known", sql`${table.kind} in ('invoice', 'creditNote')`),
  ],
);

/**
 * Partial refunds: a price reduction for a deck the buyer keeps (a misprint), a damaged return's compensation. Each
 * gives part of the charge back through the processor and is documented by a credit note of its own
 * ("Rechnungskorrektur"), numbered in the invoices' one gapless series and kept in `issued_documents` under the same
 * number. Written once, never changed: the amounts are what the note states (gross, and the VAT it contains at the
 * order's rate; 0 for an export).
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    /** The credit note's number, from the invoices' series (invoice-numbers.server.ts); also its issued_documents row. */
    creditNoteNumber: text("credit_note_number").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    grossCents: integer("gross_cents").notNull(),
    vatCents: integer("vat_cents").notNull(),
    /** Why, as the operator wrote it: the credit note's line says "Price reduction: <reason>". */
    reason: text("reason").notNull(),
    /** The processor's refund reference. */
    refundReference: text("refund_reference").notNull(),
    /** The operator's e-mail, as the history names them. */
    actor: text("actor").notNull(),
    /** The form's submission id (one per view of the order page): the same post twice makes one refund. */
    requestId: text("request_id").notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_refunds_order_idx").on(table.orderId, table.createdAt),
    check("order_refunds_amount_positive", sql`${table.grossCents} > 0`),
    check("order_refunds_vat_within", sql`${table.vatCents} >= 0 and ${table.vatCents} < ${table.grossCents}`),
  ],
);

export type OrderRefundRow = typeof orderRefunds.$inferSelect;

/**
 * A refund the back office asked of the processor, written before the processor is asked (as a checkout attempt is
 * written before the charge): cancelling or taking back an order (the rest of its charge), or a partial refund.
 * `asked`: written and committed, the processor asked or about to be; the order is held meanwhile (no other move,
 * no other refund: at most one open intent an order, a partial unique index). `done`: the refund is made and applied
 * to the order (status, credit note, history, mail) in the transaction that moved the intent. `refused`: the processor
 * refused it; the refusal is in the order's history. An intent left `asked` by a server that died is finished by
 * refund-recovery.server.ts with the same idempotency key, so the processor refunds once whoever finishes it. The key
 * is the processor's: `refund:<order>` (after partial refunds `refund:<order>:after-<cents>`) or `partialRefundKey`.
 */
export const REFUND_INTENT_KINDS = ["cancelled", "returned", "partial-refund"] as const;
export const REFUND_INTENT_STATES = ["asked", "done", "refused"] as const;

/** What finishing an intent needs besides its order: who asked, as what they saw it, and where the buyer's link points. */
export interface RefundIntentRequest {
  actor: { id: string | null; name: string };
  /** The shop's origin, for the order link in the buyer's mail. */
  siteUrl: string;
  /** The operator's language, for a refusal's message. */
  locale?: "en" | "de";
  /** Cancel or return: the status the order had when the refund was asked (it is held there until the intent ends). */
  expected?: (typeof ORDER_STATUSES)[number];
  /** Partial refund: what the order had refunded when it was asked, the reason the credit note prints, the form's id. */
  expectedRefundedCents?: number;
  reason?: string;
  requestId?: string;
}

export const refundIntents = pgTable(
  "refund_intents",
  {
    idempotencyKey: text("idempotency_key").primaryKey(),
    // Retention deletes an order with everything that hangs on it: its intents go with it.
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REFUND_INTENT_KINDS }).notNull(),
    amountCents: integer("amount_cents").notNull(),
    request: jsonb("request").$type<RefundIntentRequest>().notNull(),
    state: text("state", { enum: REFUND_INTENT_STATES }).notNull().default("asked"),
    /** The processor's refund reference, once done. */
    refundReference: text("refund_reference"),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("refund_intents_one_open_idx").on(table.orderId).where(sql`state = 'asked'`),
    // Recovery looks for the few intents left open among one row per refund ever asked.
    index("refund_intents_open_idx").on(table.createdAt).where(sql`state = 'asked'`),
    check("refund_intents_kind_known", sql`${table.kind} in ('cancelled', 'returned', 'partial-refund')`),
    check("refund_intents_state_known", sql`${table.state} in ('asked', 'done', 'refused')`),
    check("refund_intents_amount_positive", sql`${table.amountCents} > 0`),
  ],
);

export type RefundIntentRow = typeof refundIntents.$inferSelect;

/**
 * Mail to send, written in the same transaction as the change it tells of (an order placed, …) and delivered
 * afterwards by the mail worker (app/modules/mail). `eventKey` is unique, so an event replayed (a retried
 * request) gives one mail. A worker claims due rows with FOR UPDATE SKIP LOCKED for a lease: several servers never
 * send one row at the same time, and a row whose worker died mid-send is sent again after the lease with the same
 * Message-ID (the row's id), so a receiving mail system can tell it is the same mail.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    eventKey: text("event_key").notNull().unique(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull(),
    /** Text files sent with the mail (e.g. the terms as they stood when an order was placed). */
    attachments: jsonb("attachments").$type<{ filename: string; content: string }[]>().notNull().default([]),
    status: text("status", { enum: ["pending", "sent", "failed"] }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt)],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * One-time links that let a guest order's buyer keep it in an account: sent to the order's e-mail address, so
 * that only who reads that mailbox can claim the order (the order link's token alone never can). Only a hash of
 * the link's code is kept; a link works once, for a day.
 */
export const orderClaims = pgTable(
  "order_claims",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    codeHash: text("code_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("order_claims_order_id_idx").on(table.orderId, table.createdAt)],
);

/**
 * One-time links mailed to an address to prove it: finishing a sign-up (the chosen password's hash waits here
 * until the link is opened) and setting a new password. Only a hash of the link's code is kept; a link works
 * once, for a limited time. Sign-up and reset answer the same whether the address has an account or not; what
 * differs goes into the mail.
 */
export const emailLinks = pgTable(
  "email_links",
  {
    id: text("id").primaryKey(),
    purpose: text("purpose", { enum: ["sign-up", "password-reset"] }).notNull(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull().unique(),
    passwordHash: text("password_hash"),
    nextPath: text("next_path"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index("email_links_email_idx").on(table.email, table.createdAt)],
);

/**
 * What an order's history records: its placing, a move of its status, a withdrawal, a refund the processor refused,
 * and the back office's own entries: an operator's internal note (never shown to the buyer), a corrected
 * carrier or tracking number, a mail sent again (to a corrected address).
 */
export const ORDER_EVENT_KINDS = ["placed", "status", "withdrawal", "refund-refused", "note", "tracking-corrected", "mail-resent", "partial-refund"] as const;

/**
 * An order's history: every change, who made it and when, append-only (a trigger refuses UPDATE and DELETE).
 * `actor` is the operator's e-mail, or "buyer" / "system"; `details` holds what the change carried (carrier and
 * tracking number, refund reference).
 */
export const orderEvents = pgTable(
  "order_events",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id")
      .notNull()
      .references(() => orders.id),
    kind: text("kind", { enum: ORDER_EVENT_KINDS }).notNull(),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actor: text("actor").notNull(),
    actorId: text("actor_id"),
    details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [
    index("order_events_order_idx").on(table.orderId, table.createdAt),
    check("order_events_kind_known", sql`${table.kind} in ('placed', 'status', 'withdrawal', 'refund-refused', 'note', 'tracking-corrected', 'mail-resent', 'partial-refund')`),
  ],
);

export type OrderEventRow = typeof orderEvents.$inferSelect;

/**
 * How many orders each status has, kept by a trigger on `orders` (migration 0010) in the transaction of each
 * insert or status change: the back office shows the counts on every list page, and counting 100,000 rows each
 * time took 25 ms on PostgreSQL.
 */
export const orderStatusCounts = pgTable("order_status_counts", {
  status: text("status").primaryKey(),
  count: integer("count").notNull(),
});

/**
 * The buyer's address book: the shipping addresses a signed-in buyer used or added on the account page, with the
 * fields of the order's address (the one address schema validates them). At most one default per buyer (a
 * partial unique index), and one row per identical address (a unique index over every field), so a repeat
 * purchase to the same address adds nothing.
 */
export const addresses = pgTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    address: text("address").notNull(),
    addressextend: text("addressextend").notNull(),
    postalcode: text("postalcode").notNull(),
    city: text("city").notNull(),
    country: text("country").notNull(),
    region: text("region").notNull().default(""),
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("addresses_one_default_idx").on(table.userId).where(sql`${table.isDefault}`),
    uniqueIndex("addresses_same_address_idx").on(
      table.userId,
      table.name,
      table.address,
      table.addressextend,
      table.postalcode,
      table.city,
      table.country,
      table.region,
    ),
  ],
);

export type AddressRow = typeof addresses.$inferSelect;
