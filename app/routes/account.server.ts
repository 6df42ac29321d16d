import { data, redirect, type RouterContextProvider } from "react-router";
import {
  deleteAddress,
  listAddresses,
  MAX_ADDRESSES,
  saveAddress,
  setDefaultAddress,
} from "#app/modules/accounts/address-book.server.ts";
import { shippingAddressSchema } from "#app/modules/checkout/order-schema.ts";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { ordersOfUser } from "#app/modules/orders/orders.server.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { orderPathAfterSignIn } from "#app/modules/orders/viewable-order.server.ts";
import { requireReadableSession } from "#app/modules/observability/database-outage.server.ts";
import type { Design } from "#app/modules/design/design.ts";
import { getDb, getLocale } from "#app/request-context.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { loginAction } from "./login.server.ts";

type Context = Readonly<RouterContextProvider>;

/** What the page says after a change it redirected from (`?done=…`): keys of the account namespace. */
const ADDRESS_NOTICES = ["added", "saved", "default", "deleted"] as const;

type Notice = (typeof ADDRESS_NOTICES)[number];

function isNotice(value: string | null): value is Notice {
  return (ADDRESS_NOTICES as readonly (string | null)[]).includes(value);
}

/** Where signing in here leads: back to the order (or its invoice) that sent the buyer here, else null (this page). */
function orderAfterSignIn(request: Request): string | null {
  return orderPathAfterSignIn(new URL(request.url).searchParams.get("next"));
}

export async function accountLoader(request: Request, context: Context) {
  requireReadableSession(context); // a signed-in buyer whose session is unread (database away): 503, not "sign in"
  const account = await currentAccount(context);
  // Signed out, this is a plain sign-in page: no checkout steps, no guest option.
  const orderPath = orderAfterSignIn(request);
  if (!account) return { email: null, orders: [], addresses: [], editing: null, notice: null, forOrder: orderPath !== null };
  // Signed in already (in another tab, say): the order the buyer was sent here for.
  if (orderPath) throw redirect(orderPath);
  const db = await getDb(context);
  const [orders, addresses] = await Promise.all([ordersOfUser(db, account.id), listAddresses(db, account.id)]);
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  const t = translatorFor(getLocale(context), "account");
  return {
    email: account.email,
    orders: orders.map((order) => ({ ...order, createdAt: order.createdAt.toISOString(), design: order.design as Design })),
    addresses,
    // `?edit={id}` opens one of the buyer's addresses in the form (a link, so it works without scripts).
    editing: addresses.find((address) => address.id === search.get("edit")) ?? null,
    notice: isNotice(done) ? t(`addresses.notices.${done}`) : null,
    forOrder: false,
  };
}

/** Each of the page's forms shows only the reply meant for it (the sign-in form's shape, see login.server.ts). */
function reply<Result>(form: "address" | "address-list", result: Result, status: number) {
  return data({ form, result }, { status });
}

function formError(form: "address" | "address-list", message: string, status = 400) {
  return reply(form, { status: "error" as const, error: { "": [message] } }, status);
}

const done = (notice: Notice) => redirect(`/account?done=${notice}`);

/**
 * Signed out: signing in through the Login step's action, coming back to this page (or the order that sent the
 * buyer here). Signed in: the address book's
 * forms (add or change an address, make one the default, delete one), validated with the Shipping step's schema.
 */
export async function accountAction(request: Request, context: Context) {
  const account = await currentAccount(context);
  if (!account) {
    const url = new URL(request.url);
    url.searchParams.set("next", orderAfterSignIn(request) ?? "/account");
    return loginAction(new Request(url, request), context);
  }
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return reply("address", formData.data, formData.init?.status ?? 400);
  const db = await getDb(context);
  const t = translatorFor(getLocale(context), "account");
  const id = formData.get("id");
  const addressId = typeof id === "string" && id !== "" ? id : null;

  switch (formData.get("intent")) {
    case "save-address": {
      const submission = parseForm(formData, shippingAddressSchema, { translate: formMessageIn(getLocale(context)) });
      if (submission.status !== "success") return reply("address", submission.reply(), 400);
      const result = await saveAddress(db, account.id, {
        id: addressId,
        address: submission.value,
        isDefault: formData.get("isDefault") === "on",
      });
      if (result.ok) return done(addressId ? "saved" : "added");
      const message = {
        duplicate: t("addresses.errors.duplicate"),
        full: t("addresses.errors.full", { max: MAX_ADDRESSES }),
        "not-found": t("addresses.errors.notFound"),
      }[result.reason];
      return reply("address", submission.reply({ formErrors: [message] }), result.reason === "not-found" ? 404 : 409);
    }
    case "default-address":
      if (addressId && (await setDefaultAddress(db, account.id, addressId))) return done("default");
      return formError("address-list", t("addresses.errors.notFound"), 404);
    case "delete-address":
      if (addressId && (await deleteAddress(db, account.id, addressId))) return done("deleted");
      return formError("address-list", t("addresses.errors.notFound"), 404);
    default:
      return formError("address-list", t("errors.chooseAction"));
  }
}
