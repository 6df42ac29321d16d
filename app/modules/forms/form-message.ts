import type { i18n as I18n } from "i18next";

/**
 * A form message that can travel as a plain string (a zod issue, conform's reply from the server, a field's
 * error list) and still be shown in the page's language: `"checkout:errors.required"`, or with values
 * `"checkout:errors.postalCode|{"country":"DE"}"`. The schemas stay one (shared by page and action) and speak no
 * language; the field that shows the message translates it.
 */
export function formMessage(key: string, values?: Record<string, string | number>): string {
  return values ? `${key}|${JSON.stringify(values)}` : key;
}

/** The text of a form message in the page's language; text that is not a message key is shown as it is. */
export function formMessageText(i18n: Pick<I18n, "exists" | "t">, message: string): string {
  const separator = message.indexOf("|");
  const key = separator === -1 ? message : message.slice(0, separator);
  if (!/^[a-z]+:[\w.]+$/.test(key) || !i18n.exists(key)) return message;
  let values: Record<string, unknown> = {};
  if (separator !== -1) {
    try {
      values = JSON.parse(message.slice(separator + 1)) as Record<string, unknown>;
    } catch {
      return message;
    }
  }
  return (i18n.t as (key: string, values: Record<string, unknown>) => string)(key, values);
}
