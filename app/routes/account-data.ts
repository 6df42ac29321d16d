import { exportAccountData } from "#app/modules/accounts/data-rights.server.ts";
import { translatorFor } from "#app/modules/i18n/messages.server.ts";
import { requireReadableSession } from "#app/modules/observability/database-outage.server.ts";
import { currentAccount } from "#app/modules/session/auth.server.ts";
import { getDb, getLocale } from "#app/request-context.server.ts";
import type { Route } from "./+types/account-data";

/**
 * "Download my data" (Art. 15 and 20 GDPR): the signed-in buyer's account, addresses and orders as a JSON file.
 * The URL names no account: it answers the session's own data, and 401 to a visitor who is not signed in.
 */
export async function loader({ context }: Route.LoaderArgs) {
  requireReadableSession(context);
  const account = await currentAccount(context);
  const data = account ? await exportAccountData(await getDb(context), account.id) : null;
  if (!account || !data) {
    return new Response(translatorFor(getLocale(context), "account")("dataRights.signInFirst"), {
      status: 401,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const day = data.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(data, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="deck-studio-data-${day}.json"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
