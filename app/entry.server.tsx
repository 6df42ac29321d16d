import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type HandleErrorFunction, type RouterContextProvider } from "react-router";
import { closeDatabase, getDatabase } from "~/db/database.server";
import { requestIdContext } from "~/request-context.server";
import { contentSecurityPolicy, createNonce, nonceSource } from "../server/content-security.mjs";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: RouterContextProvider,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and no-JS clients get the whole document at once; browsers get the shell first.
    const readyEvent: keyof RenderToPipeableStreamOptions =
      isbot(request.headers.get("user-agent")) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    // Vite's development server injects inline scripts of its own: the policy is for the production build.
    const nonce = import.meta.env.PROD ? createNonce() : undefined;
    if (nonce) responseHeaders.set("Content-Security-Policy", contentSecurityPolicy([nonceSource(nonce)]));
    const router = <ServerRouter context={routerContext} url={request.url} nonce={nonce} />;
    const { pipe, abort } = renderToPipeableStream(router, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(
          new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
        );
        pipe(body);
      },
      onShellError: reject,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged here; errors before it reach handleError via the rejection.
        if (shellRendered) console.error(error);
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Logs every unexpected server error with the request's reference id (the one the error page shows). */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const requestId = context.get(requestIdContext);
  const where = `${request.method} ${new URL(request.url).pathname}`;
  console.error(`[${requestId}] ${where}:`, error instanceof Error ? (error.stack ?? error.message) : error);
};

/** Called by server.mjs: open and migrate the database before listening, close it on shutdown. */
export const lifecycle = {
  start: async () => {
    await getDatabase();
  },
  stop: closeDatabase,
};
