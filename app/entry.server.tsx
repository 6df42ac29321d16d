import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { getConfig } from "#app/config.server.ts";
import { serveBackupRequests } from "#app/db/backup.server.ts";
import * as databaseCommands from "#app/db/commands.server.ts";
import { closeDatabase, waitForDatabase } from "#app/db/database.server.ts";
import { createOperator } from "#app/modules/accounts/operators.server.ts";
import { startMailWorker } from "#app/modules/mail/mail-worker.server.ts";
import { startCheckoutRecovery } from "#app/modules/orders/checkout-recovery.server.ts";
import { startDataRetention } from "#app/modules/housekeeping/data-retention.server.ts";
import { productionServices } from "#app/services.server.ts";
import { databaseUnavailableContext, isDatabaseUnavailable } from "#app/modules/observability/database-outage.server.ts";
import { logger } from "#app/modules/observability/logger.mjs";
import { setMetricSources } from "#app/modules/observability/metrics.mjs";
import { countMailBacklog } from "#app/modules/mail/mail-outbox.server.ts";
import { contentSecurityPolicy, createNonce, nonceSource } from "#app/modules/http/content-security.mjs";
import { chooseEncoding, compress } from "#app/modules/http/compression.mjs";
import { bytesWithFirstFetches } from "#app/modules/http/document-hints.mjs";
import { serializedMessagesFor } from "#app/modules/i18n/messages.server.ts";
import { PageMessagesProvider } from "#app/modules/i18n/page-messages.tsx";
import { namespacesFor } from "#app/modules/i18n/page-namespaces.ts";
import { checkLegalTexts } from "#app/modules/legal/legal-texts.server.ts";
import { getLocale } from "#app/request-context.server.ts";

export const streamTimeout = 5_000;

/**
 * Rendered pages and their data may show a buyer's own data (an order, an account's history, an address sent
 * back with a form's errors): no browser cache and no proxy may keep them. Pages that are the same for everyone
 * are prerendered files, served by server.mjs with their own caching.
 */
const PERSONAL_DATA_CACHING = "private, no-store";

export function handleDataRequest(response: Response) {
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", PERSONAL_DATA_CACHING);
  return response;
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Vite's development server injects inline scripts of its own: the policy is for the production build.
    const nonce = import.meta.env.PROD ? createNonce() : undefined;
    if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)]));
    if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PERSONAL_DATA_CACHING);
    const locale = getLocale(loadContext);
    const router = (
      <PageMessagesProvider text={serializedMessagesFor(locale, namespacesFor(new URL(request.url).pathname))}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PageMessagesProvider>
    );
    let deadline: ReturnType<typeof setTimeout> | undefined;
    // The whole document is rendered before it is sent, as one body (D118). React writes a page in many small
    // pieces, and React Router's Express adapter flushes the compressor after each one: with brotli, which every
    // browser asks for, that cost 3× the CPU of the whole render. Whole, it is also compressed in one call. The
    // pages wait on nothing slow once their loaders have run (their one Suspense boundary is a code chunk, loaded
    // once per process).
    const { pipe, abort } = renderToPipeableStream(router, {
      nonce,
      onShellReady() {
        shellRendered = true;
      },
      onAllReady() {
        const chunks: Buffer[] = [];
        const document = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            clearTimeout(deadline);
            const { body, link } = bytesWithFirstFetches(Buffer.concat(chunks));
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            if (link) responseHeaders.append("Link", link);
            // Compressed here in one step (compression.mjs); server.mjs's compressor leaves an encoded answer be.
            const encoding = chooseEncoding(request.headers.get("Accept-Encoding"));
            responseHeaders.append("Vary", "Accept-Encoding");
            if (encoding) responseHeaders.set("Content-Encoding", encoding);
            // Buffers made by concat and zlib hold a plain ArrayBuffer (never shared), which is what Response takes.
            const respond = (sent: Buffer) =>
              resolve(new Response(sent as Uint8Array<ArrayBuffer>, { headers: responseHeaders, status: responseStatusCode }));
            if (encoding) compress(body, encoding).then(respond, reject);
            else respond(body);
            done();
          },
        });
        pipe(document);
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged here; errors before it reach handleError via the rejection.
        if (shellRendered) logger.error({ err: error }, "rendering failed after the page had started");
      },
    });
    deadline = setTimeout(abort, streamTimeout + 1_000);
  });
}

/**
 * Logs every unexpected server error; the log line carries the request's id (the reference the error page shows).
 * An error that means the database is away marks the request, so that the root middleware answers 503 with the
 * "briefly unavailable" page instead of the generic 500.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const unavailable = isDatabaseUnavailable(error);
  if (unavailable) context.set(databaseUnavailableContext, true);
  const fields = { err: error, method: request.method, path: new URL(request.url).pathname };
  if (unavailable) logger.warn(fields, "the database is not available");
  else logger.error(fields, "unexpected server error");
};

let mailWorker: ReturnType<typeof startMailWorker> | undefined;
let checkoutRecovery: Awaited<ReturnType<typeof startCheckoutRecovery>> | undefined;
let stopBackups: (() => Promise<void>) | undefined;
let dataRetention: ReturnType<typeof startDataRetention> | undefined;

/**
 * Called by server.mjs: open and migrate the database, resolve checkout attempts and finish refunds left by a server
 * that died (then every minute) and start delivering mail before listening, then sweep expired data in the background; on shutdown
 * finish the rounds under way, then close the database.
 */
export const lifecycle = {
  start: async () => {
    // The legal texts go out with every order's confirmation: a shop missing one must not start taking orders.
    checkLegalTexts();
    const database = await waitForDatabase(productionServices.database, {
      retry: Boolean(getConfig().DATABASE_URL),
      log: (line) => logger.warn(line),
    });
    setMetricSources({
      outboxBacklog: async () => countMailBacklog((await productionServices.database()).db),
      databasePool: () => database.poolStats?.() ?? null,
    });
    // The embedded database's files are this process's alone: `npm run db:backup` asks here (DATA_DIR/backup.sock).
    if (!getConfig().DATABASE_URL) {
      stopBackups = serveBackupRequests(getConfig().dataDir, productionServices.database, (line) => logger.info(line));
    }
    mailWorker = startMailWorker(productionServices, { from: getConfig().MAIL_FROM });
    const { CHECKOUT_RECOVERY_INTERVAL_MS: intervalMs, CHECKOUT_RECOVERY_AFTER_MS: olderThanMs } = getConfig();
    checkoutRecovery = await startCheckoutRecovery(productionServices, { intervalMs, olderThanMs });
    // Expired sessions, links, counters and mail, and orders past their ten years (D208).
    dataRetention = startDataRetention(productionServices);
  },
  stop: async () => {
    await checkoutRecovery?.stop();
    await dataRetention?.stop();
    await stopBackups?.();
    await mailWorker?.stop();
    await closeDatabase();
  },
};

/**
 * Commands run from the shell against the built server (scripts/create-operator.mjs, scripts/db-*.mjs): they open
 * the configured database, do one thing and close it again.
 */
export const commands = {
  ...databaseCommands,
  createOperator: async (input: { email: string; password: string }) => {
    try {
      return await createOperator((await productionServices.database()).db, input);
    } finally {
      await closeDatabase();
    }
  },
};
