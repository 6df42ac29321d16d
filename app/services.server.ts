import { getConfig } from "#app/config.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { getDatabase } from "#app/db/database.server.ts";
import { createMailTransport, type MailTransport } from "#app/modules/mail/mail-transport.server.ts";
import { createPaymentProvider, type PaymentProvider } from "#app/modules/payment/payment-provider.server.ts";

/**
 * How a request reaches the world outside the process: the database, the card processor and the mail. Loaders, actions
 * and middleware find them on the request context (`servicesContext`), never by importing a singleton, so a
 * test hands in its own (tests/support/test-database.ts) and the server runs with `productionServices`.
 */
export interface Services {
  /** The database, opened and migrated on first use. */
  database(): Promise<Database>;
  /** The card processor named by PAYMENT_PROVIDER. */
  payments(): PaymentProvider;
  /** Where the mail worker sends mail: SMTP_URL, or .eml files under DATA_DIR/mail. */
  mail(): MailTransport;
  /** The shop's public origin (SHOP_URL), which every link in a mail starts with. */
  siteUrl(): string;
}

let payments: PaymentProvider | undefined;
let mail: MailTransport | undefined;

/** The process-wide services, each made on first use from the configuration. */
export const productionServices: Services = {
  database: getDatabase,
  payments: () =>
    (payments ??= createPaymentProvider(getConfig().PAYMENT_PROVIDER, {
      databaseUrl: getConfig().DATABASE_URL,
      dataDir: getConfig().dataDir,
    })),
  mail: () => (mail ??= createMailTransport({ smtpUrl: getConfig().SMTP_URL, dataDir: getConfig().dataDir })),
  siteUrl: () => getConfig().SHOP_URL ?? `http://localhost:${getConfig().PORT}`,
};
