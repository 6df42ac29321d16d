import { redirect } from "react-router";
import type { Route } from "./+types/language";
import { carryForward } from "#app/modules/checkout/carried-draft.server.ts";
import { isLocale, LOCALE_COOKIE } from "#app/modules/i18n/locales.ts";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The language switcher's form: stores the choice in a cookie and goes back to the page it was sent from. Works
 * without JavaScript (a plain POST and a 303); with it, React Router reloads the page's data in the new language.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const locale = form.get("locale");
  if (!isLocale(locale)) throw new Response("Unknown language", { status: 400 });
  // A checkout page without scripts passes on what was entered (carried-fields.tsx): it comes back with it (D240).
  carryForward(context, request, form);
  return redirect(safeReturnPath(form.get("returnTo")), {
    status: 303,
    headers: { "Set-Cookie": `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax` },
  });
}

/** A GET (someone following a link) goes home rather than to a 405. */
export function loader() {
  return redirect("/");
}

/** Only a path of this shop: never another site (an open redirect), never a protocol-relative `//host`. */
export function safeReturnPath(value: FormDataEntryValue | null): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) return "/";
  return value.length > 2000 ? "/" : value;
}
