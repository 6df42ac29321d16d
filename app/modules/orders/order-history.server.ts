import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { orderEvents, type OrderEventRow } from "#app/db/schema.ts";
import type { OrderStatus } from "./order-status.ts";

/** Who made a change: an operator (by account), or the buyer or the shop itself. */
export interface Actor {
  id: string | null;
  /** What the history shows: the operator's e-mail, "buyer" or "system". */
  name: string;
}

export const BUYER: Actor = { id: null, name: "buyer" };

/**
 * The history entries that are the shop's own and never the buyer's to see (not on the order page, not in the data
 * export): an operator's internal note, and a mail sent again (with an old address when it was corrected).
 */
export const OPERATOR_ONLY_EVENT_KINDS = ["note", "mail-resent"] as const satisfies readonly OrderEventRow["kind"][];

interface OrderEvent {
  orderId: string;
  kind: OrderEventRow["kind"];
  fromStatus: OrderStatus | null;
  toStatus: OrderStatus;
  actor: Actor;
  details?: Record<string, string>;
}

/** Appends to the order's history, in the transaction of the change it records. */
export async function recordOrderEvent(writer: Pick<Db, "insert">, event: OrderEvent): Promise<void> {
  await writer.insert(orderEvents).values({
    id: randomUUID(),
    orderId: event.orderId,
    kind: event.kind,
    fromStatus: event.fromStatus,
    toStatus: event.toStatus,
    actor: event.actor.name,
    actorId: event.actor.id,
    details: event.details ?? {},
  });
}

/** The order's history, oldest first. */
export async function orderHistory(db: Db, orderId: string): Promise<OrderEventRow[]> {
  return db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
}
