import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { getConfig } from "#app/config.server.ts";
import { closeDatabase, waitForDatabase } from "#app/db/database.server.ts";
import { createOperator } from "#app/modules/accounts/operators.server.ts";
import { startMailWorker } from "#app/modules/mail/mail-worker.server.ts";
import { productionServices } from "#app/services.server.ts";
import { requestIdContext } from "./request-context.server.ts";
import { contentSecurityPolicy, createNonce, nonceSource } from "#app/modules/http/content-security.mjs";

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
  _loadContext: RouterContextProvider,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Vite's development server injects inline scripts of its own: the policy is for the production build.
    const nonce = import.meta.env.PROD ? createNonce() : undefined;
    if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)]));
    if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", PERSONAL_DATA_CACHING);
    const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    // The whole document is rendered before it is sent, as one body (D118). React writes a page in many small
    // pieces, and React Router's Express adapter flushes the compressor after each one: with brotli, which every
    // browser asks for, that cost 3× the CPU of the whole render. The pages wait on nothing slow once their
    // loaders have run (their one Suspense boundary is a code chunk, loaded once per process).
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
            responseHeaders.set("Content-Type", "text/html; charset=utf-8");
            resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
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
        if (shellRendered) console.error(error);
      },
    });
    deadline = setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Logs every unexpected server error with the request's reference id (the one the error page shows). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const requestId = context.get(requestIdContext);
  const where = `${request.method} ${new URL(request.url).pathname}`;
  console.error(`[${requestId}] ${where}:`, error instanceof Error ? (error.stack ?? error.message) : error);
};

let mailWorker: ReturnType<typeof startMailWorker> | undefined;

/**
 * Called by server.mjs: open and migrate the database and start delivering mail before listening; on shutdown
 * finish the mail round under way, then close the database.
 */
export const lifecycle = {
  start: async () => {
    await waitForDatabase(productionServices.database, { retry: Boolean(getConfig().DATABASE_URL) });
    mailWorker = startMailWorker(productionServices, { from: getConfig().MAIL_FROM });
  },
  stop: async () => {
    await mailWorker?.stop();
    await closeDatabase();
  },
};

/**
 * Commands run from the shell against the built server (scripts/create-operator.mjs): they open the configured
 * database, do one thing and close it again.
 */
export const commands = {
  createOperator: async (input: { email: string; password: string }) => {
    try {
      return await createOperator((await productionServices.database()).db, input);
    } finally {
      await closeDatabase();
    }
  },
};
