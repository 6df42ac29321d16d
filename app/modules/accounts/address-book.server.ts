import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql } from "drizzle-orm";
import type { Db } from "#app/db/client.server.ts";
import { addresses, users, type AddressRow } from "#app/db/schema.ts";
import type { ShippingAddress } from "#app/modules/checkout/order-schema.ts";

/**
 * The signed-in buyer's address book. Every write runs in a transaction that first locks the buyer's account row,
 * so that two writes of one buyer (two tabs, a purchase while the account page saves) take turns: the checks
 * below (one default, no duplicate, the limit) then hold, and the unique indexes never have to refuse a write.
 */

/** More than any buyer needs; it bounds what one account can store. */
export const MAX_ADDRESSES = 20;

export type SavedAddress = ShippingAddress & { id: string; isDefault: boolean };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const addressColumns = {
  id: addresses.id,
  name: addresses.name,
  address: addresses.address,
  addressextend: addresses.addressextend,
  postalcode: addresses.postalcode,
  city: addresses.city,
  country: addresses.country,
  region: addresses.region,
  isDefault: addresses.isDefault,
};

function toSaved(row: Pick<AddressRow, keyof typeof addressColumns>): SavedAddress {
  // Stored only after the address schema parsed it, so the country is one we ship to.
  return { ...row, country: row.country as ShippingAddress["country"] };
}

function fieldsOf(address: ShippingAddress) {
  const { name, address: street, addressextend, postalcode, city, country, region } = address;
  return { name, address: street, addressextend, postalcode, city, country, region };
}

/** The buyer's addresses, the default first, then the most recently used or changed. */
export async function listAddresses(db: Db, userId: string): Promise<SavedAddress[]> {
  const rows = await db
    .select(addressColumns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.updatedAt), addresses.id);
  return rows.map(toSaved);
}

/** The address the Shipping step offers a signed-in buyer, if they have one. */
export async function defaultAddress(db: Db, userId: string): Promise<SavedAddress | null> {
  const [row] = await db
    .select(addressColumns)
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)))
    .limit(1);
  return row ? toSaved(row) : null;
}

async function lockBuyer(tx: Tx, userId: string): Promise<boolean> {
  const locked = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
  return locked.length === 1;
}

async function findSame(tx: Tx, userId: string, address: ShippingAddress) {
  const fields = fieldsOf(address);
  const [row] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(
      and(
        eq(addresses.userId, userId),
        eq(addresses.name, fields.name),
        eq(addresses.address, fields.address),
        eq(addresses.addressextend, fields.addressextend),
        eq(addresses.postalcode, fields.postalcode),
        eq(addresses.city, fields.city),
        eq(addresses.country, fields.country),
        eq(addresses.region, fields.region),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

async function makeDefault(tx: Tx, userId: string, id: string) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true), ne(addresses.id, id)));
  await tx.update(addresses).set({ isDefault: true, updatedAt: sql`now()` }).where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
}

async function countAddresses(tx: Tx, userId: string): Promise<number> {
  const [row] = await tx.select({ count: sql<number>`count(*)::int` }).from(addresses).where(eq(addresses.userId, userId));
  return Number(row?.count ?? 0);
}

/**
 * The address a signed-in buyer just paid to ship to becomes their default: the same address again is the same
 * row (made default), a new one is added. At the limit, the oldest non-default address makes room.
 */
export async function rememberCheckoutAddress(db: Db, userId: string, address: ShippingAddress): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await lockBuyer(tx, userId))) return;
    let id = await findSame(tx, userId, address);
    if (id === null) {
      if ((await countAddresses(tx, userId)) >= MAX_ADDRESSES) {
        const [oldest] = await tx
          .select({ id: addresses.id })
          .from(addresses)
          .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, false)))
          .orderBy(addresses.updatedAt)
          .limit(1);
        if (oldest) await tx.delete(addresses).where(eq(addresses.id, oldest.id));
      }
      id = randomUUID();
      await tx.insert(addresses).values({ id, userId, ...fieldsOf(address) });
    }
    await makeDefault(tx, userId, id);
  });
}

export type SaveAddressResult = { ok: true; id: string } | { ok: false; reason: "duplicate" | "full" | "not-found" };

/**
 * Adds an address (`id` null) or changes one of the buyer's, from the account page. The buyer's first address is
 * the default whatever they chose; an address identical to another of theirs is refused.
 */
export async function saveAddress(
  db: Db,
  userId: string,
  { id, address, isDefault }: { id: string | null; address: ShippingAddress; isDefault: boolean },
): Promise<SaveAddressResult> {
  return db.transaction(async (tx): Promise<SaveAddressResult> => {
    if (!(await lockBuyer(tx, userId))) return { ok: false, reason: "not-found" };
    const same = await findSame(tx, userId, address);
    if (same !== null && same !== id) return { ok: false, reason: "duplicate" };
    const count = await countAddresses(tx, userId);
    let savedId: string;
    if (id === null) {
      if (count >= MAX_ADDRESSES) return { ok: false, reason: "full" };
      savedId = randomUUID();
      await tx.insert(addresses).values({ id: savedId, userId, ...fieldsOf(address) });
    } else {
      const updated = await tx
        .update(addresses)
        .set({ ...fieldsOf(address), updatedAt: sql`now()` })
        .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
        .returning({ id: addresses.id });
      if (updated.length === 0) return { ok: false, reason: "not-found" };
      savedId = id;
    }
    if (isDefault || count === 0) await makeDefault(tx, userId, savedId);
    return { ok: true, id: savedId };
  });
}

/** Makes one of the buyer's addresses the default (and no other). False when it is not theirs. */
export async function setDefaultAddress(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockBuyer(tx, userId))) return false;
    const [row] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)));
    if (!row) return false;
    await makeDefault(tx, userId, id);
    return true;
  });
}

/**
 * Deletes one of the buyer's addresses. When it was the default, the most recently used of the others takes its
 * place, so a buyer with addresses always has a default. False when it is not theirs.
 */
export async function deleteAddress(db: Db, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await lockBuyer(tx, userId))) return false;
    const [deleted] = await tx
      .delete(addresses)
      .where(and(eq(addresses.userId, userId), eq(addresses.id, id)))
      .returning({ isDefault: addresses.isDefault });
    if (!deleted) return false;
    if (deleted.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.updatedAt), addresses.id)
        .limit(1);
      if (next) await makeDefault(tx, userId, next.id);
    }
    return true;
  });
}
