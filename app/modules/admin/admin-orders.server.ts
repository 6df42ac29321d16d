import { and, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderEvents, orderRefunds, orderStatusCounts, orders } from "#app/db/schema.ts";
import { catalog } from "#app/modules/catalog/catalog.ts";
import { formatInvoiceNumber } from "#app/modules/orders/invoice-numbers.server.ts";
import { isOrderStatus, ORDER_STATUSES, type OrderStatus } from "#app/modules/orders/order-status.ts";
import { declaredAfterWithdrawalPeriod } from "#app/modules/orders/withdrawals.server.ts";
import type { ExportRange } from "./export-range.ts";
import { isOrderListFilter, type OrderListFilter } from "./order-list-filter.ts";

const ORDERS_PAGE_SIZE = 50;

/** What the operator asked the list for: a status (or the withdrawals to refund) or all, a search text, and where the page starts. */
export interface OrderListQuery {
  status: OrderListFilter | null;
  search: string;
  /** The opaque position after the previous page's last row (from `nextCursor`), or null for the first page. */
  cursor: string | null;
}

/** Reads the list's query from a URL's search parameters; anything malformed falls back to its default. */
export function orderListQuery(params: URLSearchParams): OrderListQuery {
  const status = params.get("status");
  return {
    status: isOrderListFilter(status) ? status : null,
    search: (params.get("q") ?? "").trim().slice(0, 200),
    cursor: params.get("after"),
  };
}

/**
 * The moment of an order's first delivery, as a subquery on `orders`. A fragment of its own: drizzle writes the
 * columns named directly in a one-table selection without their table ("id"), which inside this subquery would
 * mean order_events' own id; a nested fragment keeps "orders"."id".
 */
const firstDelivery = sql`(select min(${orderEvents.createdAt}) from ${orderEvents} where ${orderEvents.orderId} = ${orders.id} and ${orderEvents.kind} = 'status' and ${orderEvents.toStatus} = 'delivered')`;

/** One row of the list: who ordered what, when, for how much, where it stands, and the design for its picture. */
const listColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  name: orders.name,
  contact: orders.contact,
  size: orders.size,
  grip: orders.grip,
  totalCents: orders.totalCents,
  status: orders.status,
  withdrawalDeclaredAt: orders.withdrawalDeclaredAt,
  ownDesign: orders.ownDesign,
  /**
   * When the deck was delivered (its first move to `delivered` in the history, as `deliveryMoments` reads it), for
   * the in-time or late mark of a declared withdrawal. Looked up only for a row with a declaration (1 order in
   * hundreds), by the history's index on the order: one query for the page, one index probe per such row.
   */
  deliveredAt: sql<Date | null>`case when ${orders.withdrawalDeclaredAt} is not null then ${firstDelivery} end`.mapWith(orders.createdAt),
  design: orders.design,
  // The exact timestamp (microseconds; a JS Date keeps milliseconds) for the next page's cursor.
  position: sql<string>`${orders.createdAt}::text`,
};

/**
 * A page of orders, newest first, by keyset: (created_at, id) below the cursor's, so that a deep page costs what
 * the first one does and orders placed meanwhile neither repeat nor vanish between pages.
 */
export async function listOrders(db: Db, query: OrderListQuery, pageSize = ORDERS_PAGE_SIZE) {
  const rows = await db
    .select(listColumns)
    .from(orders)
    .where(listConditions(query))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  const nextCursor = rows.length > pageSize && last ? encodeCursor(last.position, last.id) : null;
  return { rows: page.map(({ position: _position, ...row }) => row), nextCursor };
}

/** The status filter, the search and the cursor, as one WHERE condition. */
function listConditions(query: OrderListQuery): SQL | undefined {
  const after = decodeCursor(query.cursor);
  return and(
    query.status === "withdrawn" ? refundDue : query.status ? eq(orders.status, query.status) : undefined,
    searchCondition(query.search),
    after ? sql`(${orders.createdAt}, ${orders.id}) < (${after.position}::timestamptz, ${after.id})` : undefined,
  );
}

/** A credit note for part of the amount (a price reduction, `order_refunds`): its number, when it was issued, how much. */
export interface PartialCreditNote {
  number: string;
  /** As PostgreSQL writes a timestamp in JSON; `new Date()` reads it. */
  issuedAt: string;
  grossCents: number;
}

/**
 * An order's partial credit notes, oldest first, as one JSON array (null for none), by the refunds' index on the
 * order: one subquery per exported row, in the page's one query. A fragment of its own, so that drizzle keeps
 * "orders"."id" (see `firstDelivery`).
 */
const partialCreditNotes = sql`(select json_agg(json_build_object('number', ${orderRefunds.creditNoteNumber}, 'issuedAt', ${orderRefunds.createdAt}, 'grossCents', ${orderRefunds.grossCents}) order by ${orderRefunds.createdAt}, ${orderRefunds.creditNoteNumber}) from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id})`;

const exportColumns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  name: orders.name,
  contact: orders.contact,
  address: orders.address,
  addressextend: orders.addressextend,
  postalcode: orders.postalcode,
  city: orders.city,
  country: orders.country,
  region: orders.region,
  size: orders.size,
  grip: orders.grip,
  subtotalCents: orders.subtotalCents,
  shippingCents: orders.shippingCents,
  vatCents: orders.vatCents,
  totalCents: orders.totalCents,
  taxKind: orders.taxKind,
  vatBasisPoints: orders.vatBasisPoints,
  currency: orders.currency,
  paymentReference: orders.paymentReference,
  refundReference: orders.refundReference,
  carrier: orders.carrier,
  trackingNumber: orders.trackingNumber,
  invoiceNumber: orders.invoiceNumber,
  invoicedAt: orders.invoicedAt,
  creditNoteNumber: orders.creditNoteNumber,
  creditNotedAt: orders.creditNotedAt,
  partlyRefundedCents: orders.partlyRefundedCents,
  partialCreditNotes: sql<PartialCreditNote[] | null>`${partialCreditNotes}`,
  position: sql<string>`${orders.createdAt}::text`,
};

/**
 * Every order the list's filters match (not just one page), newest first, a thousand rows at a time; with a range,
 * only those with a document dated in it (`documentDatedIn`).
 */
export async function* ordersForExport(db: Db, query: Omit<OrderListQuery, "cursor">, range: ExportRange = { from: null, to: null }) {
  let cursor: string | null = null;
  for (;;) {
    const rows = await db
      .select(exportColumns)
      .from(orders)
      .where(and(listConditions({ ...query, cursor }), documentDatedIn(range)))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(1000);
    if (rows.length === 0) return;
    yield rows;
    const last = rows.at(-1)!;
    cursor = encodeCursor(last.position, last.id);
  }
}

/**
 * An order with a document dated in the range, on the seller's calendar: its invoice (the order's date for one
 * without an invoice, as the invoice PDF has it), which decides the VAT period of the sale, or a credit note (the
 * one that cancels the invoice, or one for part of the amount), which decides that of its correction (§ 17 UStG),
 * whenever the invoice was. So a month's export holds each invoice and each credit note of the month, and the row
 * gives every document's date. `to` is included: the range ends at the next midnight.
 */
export function documentDatedIn(range: ExportRange): SQL | undefined {
  if (range.from === null && range.to === null) return undefined;
  const start = range.from === null ? null : sql`(${range.from}::date::timestamp at time zone ${catalog.timeZone})`;
  const end = range.to === null ? null : sql`((${range.to}::date + 1)::timestamp at time zone ${catalog.timeZone})`;
  const within = (moment: SQL | typeof orders.creditNotedAt | typeof orderRefunds.createdAt) =>
    and(start ? sql`${moment} >= ${start}` : undefined, end ? sql`${moment} < ${end}` : undefined);
  return or(
    within(sql`coalesce(${orders.invoicedAt}, ${orders.createdAt})`),
    within(orders.creditNotedAt),
    sql`exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${within(orderRefunds.createdAt)})`,
  );
}

/**
 * Orders whose buyer declared a withdrawal and that are not refunded yet (neither cancelled nor returned), of decks
 * with a right of withdrawal (not made to the buyer's own design, § 312g Abs. 2 Nr. 1 BGB: such a declaration is
 * answered, not refunded, and would otherwise stay here for good): the seller owes the refund within 14 days
 * (§ 357 BGB). A partial index holds exactly these, so the tab and its count cost the same at 100 orders as at
 * 100,000. The condition is spelled as the index's is (drizzle/0019), and then
 * leaves out the withdrawals declared after the 14-day period: no refund is due for them by law (§ 355 Abs. 2 BGB);
 * their order page says so.
 */
const refundDue = sql`${orders.withdrawalDeclaredAt} is not null and ${orders.status} not in ('cancelled', 'returned') and not ${orders.ownDesign} and not ${declaredAfterWithdrawalPeriod}`;

/**
 * How many orders each status has, and all of them (kept by a trigger, not counted here), and the withdrawals
 * still to refund (counted, from their partial index): the list's tabs.
 */
export async function countOrdersByStatus(db: Db): Promise<Record<OrderListFilter | "all", number>> {
  const [rows, [withdrawn]] = await Promise.all([
    db.select().from(orderStatusCounts),
    db.select({ count: count() }).from(orders).where(refundDue),
  ]);
  const counts = Object.fromEntries([...ORDER_STATUSES, "all"].map((status) => [status, 0])) as Record<OrderStatus | "all", number>;
  for (const row of rows) {
    if (!isOrderStatus(row.status)) continue;
    counts[row.status] = Number(row.count);
    counts.all += Number(row.count);
  }
  return { ...counts, withdrawn: Number(withdrawn?.count ?? 0) };
}

/**
 * The search: an order number by its beginning (with or without "DS-"), an e-mail address by its beginning, an
 * invoice or credit note number, or the buyer's name by the beginnings of its words ("must" finds "Erika Mustermann"). Each has its own index, and
 * the matches are found as a union of three index lookups: written as one OR beside the list's ORDER BY … LIMIT,
 * the planner walked the whole table newest first to find one match (about 100 ms at 100,000 orders).
 */
function searchCondition(search: string): SQL | undefined {
  const term = search.trim();
  if (!term) return undefined;
  // No order holds a control character (the schemas refuse them), and PostgreSQL refuses a NUL in any text.
  if (/[\u0000-\u001f\u007f]/.test(term)) return sql`false`;
  const upper = term.toUpperCase();
  const numberPrefix = upper.startsWith("DS-") ? upper : `DS-${upper}`;
  const lookups = [
    sql`select ${orders.id} from ${orders} where ${orders.number} like ${escapeLike(numberPrefix)} || '%'`,
    sql`select ${orders.id} from ${orders} where lower(${orders.contact}) like ${escapeLike(term.toLowerCase())} || '%'`,
  ];
  // An invoice or credit note number, as the accountant quotes it ("2026-000123", or short: "2026-123"): each
  // column's unique index finds it.
  const document = /^(\d{4})-0*(\d{1,9})$/.exec(term);
  if (document) {
    const number = formatInvoiceNumber(document[1]!, Number(document[2]));
    lookups.push(sql`select ${orders.id} from ${orders} where ${orders.invoiceNumber} = ${number}`);
    lookups.push(sql`select ${orders.id} from ${orders} where ${orders.creditNoteNumber} = ${number}`);
    // A partial refund's credit note (Rechnungskorrektur), by its table's primary key.
    lookups.push(sql`select ${orderRefunds.orderId} from ${orderRefunds} where ${orderRefunds.creditNoteNumber} = ${number}`);
  }
  // Names hold no "@" and no digits: such a term is an address or an order number, and skips the name lookup.
  const words = /[@\d]/.test(term)
    ? []
    : term
        .toLowerCase()
        .split(/\s+/)
        .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ""))
        .filter(Boolean)
        .slice(0, 8);
  if (words.length > 0) {
    const query = words.map((word) => `${word}:*`).join(" & ");
    lookups.push(sql`select ${orders.id} from ${orders} where to_tsvector('simple', ${orders.name}) @@ to_tsquery('simple', ${query})`);
  }
  return sql`${orders.id} in (${sql.join(lookups, sql` union `)})`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A timestamp as PostgreSQL writes one ("2026-11-24 03:12:45.123456+00") that is also a real moment. */
function isTimestampText(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?([+-])(\d{2})(:\d{2})?$/.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second, , , offset] = parts.slice(1).map(Number) as number[];
  const date = new Date(Date.UTC(year!, month! - 1, day!));
  return (
    year! >= 1 &&
    date.getUTCMonth() === month! - 1 &&
    date.getUTCDate() === day &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offset! <= 15
  );
}

function encodeCursor(position: string, id: string): string {
  return Buffer.from(JSON.stringify([position, id])).toString("base64url");
}

/** A cursor as `encodeCursor` wrote it, or null for anything else (a hand-edited URL starts from the top). */
function decodeCursor(cursor: string | null): { position: string; id: string } | null {
  if (!cursor || cursor.length > 200) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [position, id] = value;
    if (typeof position !== "string" || typeof id !== "string") return null;
    if (!isTimestampText(position) || id.length > 64) return null;
    return { position, id };
  } catch {
    return null;
  }
}
