import { formMessageText } from "#app/modules/forms/form-message.ts";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";

/**
 * A back-office form's refusal that belongs to no field (the order changed meanwhile, the processor said no), or the
 * form-wide messages of a reply, as the screen reader's alert above the form. Messages may be message keys
 * (formMessageText words them in the page's language); nothing is shown when there are none.
 */
export function FormAlert({ messages }: { messages: readonly (string | null | undefined)[] }) {
  const { i18n } = useTranslation("admin");
  const shown = messages.filter((message): message is string => Boolean(message));
  if (shown.length === 0) return null;
  return (
    <div className="error-summary" role="alert">
      {shown.map((message) => (
        <p key={message}>{formMessageText(i18n, message)}</p>
      ))}
    </div>
  );
}
