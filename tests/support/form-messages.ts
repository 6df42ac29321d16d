import { formMessageIn } from "#app/modules/forms/form-message.server.ts";

/** A form message as an English page shows it: the schemas send message keys (form-message.ts), text stays text. */
export const inEnglish = formMessageIn("en");

/** A reply (conform's, an action's body) with every message key in it turned into its English text. */
export function withEnglishMessages<T>(value: T): T {
  if (typeof value === "string") return inEnglish(value) as T;
  if (Array.isArray(value)) return value.map(withEnglishMessages) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, withEnglishMessages(entry)])) as T;
  }
  return value;
}
