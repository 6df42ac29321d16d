import type { Locale } from "#app/modules/i18n/locales.ts";
import { serverI18n } from "#app/modules/i18n/messages.server.ts";
import { formMessageText } from "./form-message.ts";

/**
 * A form message (key or plain text) as words of a language, on the server: what an action puts in its reply
 * (`parseForm(formData, schema, { translate: formMessageIn(locale) })`) and what a script prints.
 */
export function formMessageIn(locale: Locale): (message: string) => string {
  const i18n = serverI18n(locale);
  return (message) => formMessageText(i18n, message);
}
