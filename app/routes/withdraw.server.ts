import { data, type RouterContextProvider } from "react-router";
import { parseForm } from "#app/modules/forms/parse-form.ts";
import { readFormData } from "#app/modules/forms/read-form.server.ts";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { normaliseOrderNumber, withdrawalSchema } from "#app/modules/orders/withdrawal.ts";
import { declareWithdrawal } from "#app/modules/orders/withdrawals.server.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { getDb, getLocale, getSiteUrl } from "#app/request-context.server.ts";

type Context = Readonly<RouterContextProvider>;

/** The form, filled in as far as the shop knows: the order from the order page's link, a signed-in buyer's address. */
export async function withdrawLoader(request: Request, context: Context) {
  const order = new URL(request.url).searchParams.get("order");
  const account = await currentAccount(context);
  return {
    orderNumber: order && order.length <= 40 ? normaliseOrderNumber(order) : "",
    email: account?.email ?? "",
  };
}

/**
 * The buyer's confirmed statement: recorded against the order that number and address name, with the receipt mailed
 * (withdrawals.server.ts). Unknown pairs get one message for both fields, which tells a stranger nothing that the
 * order number alone would not.
 */
export async function withdrawAction(request: Request, context: Context) {
  const formData = await readFormData(request);
  if (!(formData instanceof FormData)) return formData;
  const locale = getLocale(context);
  const submission = parseForm(formData, withdrawalSchema, { translate: formMessageIn(locale) });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await declareWithdrawal(await getDb(context), submission.value, getSiteUrl(context));
  if (!result.ok) {
    const message = translatorFor(locale, "legal")(result.reason === "refunded" ? "withdraw.refunded" : "withdraw.notFound");
    return data(submission.reply({ formErrors: [message] }), { status: result.reason === "refunded" ? 409 : 422 });
  }
  const { order, alreadyDeclared, late } = result;
  return data({
    status: "received" as const,
    orderNumber: order.number,
    email: order.contact,
    declaredAt: order.withdrawalDeclaredAt!.toISOString(),
    ownDesign: order.ownDesign,
    alreadyDeclared,
    // Declared after the withdrawal period: the page says so and promises an answer, not a refund.
    late,
  });
}
