// The production server: Express serving the built assets and the React Router request handler.
// It opens (and migrates) the database before it listens, and closes it on SIGTERM/SIGINT so that
// PGlite flushes and the process exits instead of hanging.
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

// Before React loads: it picks its development or production build from NODE_ENV once, at import.
process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { sameOriginGuard } = await import("./server/same-origin.mjs");
const { bodyLimit } = await import("./server/body-limit.mjs");
const { clientAddressHeader } = await import("./server/client-address.mjs");
const { hstsMaxAge, securityHeaders } = await import("./server/security-headers.mjs");
const { cacheControlFor, prerenderedPages } = await import("./server/static-files.mjs");
const { emojiSheetMiddleware } = await import("./server/emoji-sheet.mjs");
const { SVG_FILE_POLICY } = await import("./app/modules/http/content-security.mjs");
const { BROTLI_OPTIONS } = await import("./app/modules/http/compression.mjs");
const { currentRequest: currentRequestStore, logger, logRequest, runWithRequest } = await import("./app/modules/observability/logger.mjs");
const { metricsExposition, recordRequest } = await import("./app/modules/observability/metrics.mjs");
const { routeLabel } = await import("./app/modules/observability/route-label.mjs");
const { startIdleCollector } = await import("./server/idle-collector.mjs");
const { createRequestTurns } = await import("./server/request-turns.mjs");

const root = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";
// Forms here are small; refuse bulky bodies before any parsing (the route actions cap again at 64 KiB).
const MAX_BODY_BYTES = 1024 * 1024;

const build = await import(path.join(root, "build/server/index.js"));
const { lifecycle } = build.entry.module;

let stopping = false;
/** Answers not yet sent: at shutdown each is told to close its connection, so that no client sends on it again. */
const inFlight = new Set();

const idleCollector = startIdleCollector({
  onCollect: ({ heapUsedBefore, heapUsedAfter, ms }) =>
    logger.debug({ heapUsedBeforeMb: Math.round(heapUsedBefore / 1048576), heapUsedAfterMb: Math.round(heapUsedAfter / 1048576), ms: Math.round(ms) }, "idle: garbage collected"),
});

// One request starts per turn of the event loop, so that new connections are accepted between them (D209).
const requestTurns = createRequestTurns();

const app = express();
app.disable("x-powered-by");
// Every request gets its id here (X-Request-Id; React Router's middleware reuses it for the error page's reference),
// and every log line written while it is handled carries it. When the answer is done: one access log line and the
// request metrics, labelled with the route pattern React Router matched (never the raw URL or its query).
app.use((req, res, next) => {
  idleCollector.noteRequest();
  const requestId = randomUUID().slice(0, 8);
  const started = process.hrtime.bigint();
  res.setHeader("X-Request-Id", requestId);
  runWithRequest(requestId, () => {
    const request = currentRequestStore();
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const pathname = req.originalUrl.split("?")[0];
      const route = routeLabel({ pattern: request?.route, pathname });
      const status = res.writableFinished ? res.statusCode : 499;
      recordRequest({ method: req.method, route, status, seconds });
      logRequest({ requestId, method: req.method, route, path: pathname, status, durationMs: Math.round(seconds * 10_000) / 10 });
    });
    next();
  });
});
// Liveness: the process answers (nothing else is asked, not even the database). Readiness is /healthz, which asks
// the database and answers 503 while it is away or while this server drains.
app.get("/livez", (req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ status: "alive" });
});
// Once SIGTERM has come: a request that still arrives (on a kept-alive connection) is turned away whole with 503, so
// that a load balancer or the browser tries again elsewhere; every answer from then on closes its connection.
app.use((req, res, next) => {
  if (stopping) {
    res.setHeader("Connection", "close");
    res.setHeader("Retry-After", "5");
    return res.status(503).type("text/plain").send("The shop is restarting. Please try again in a moment.");
  }
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  // After the access log's clock and the drain's count: the wait for a turn is part of the answer's time.
  requestTurns.startInTurn(next);
});
app.set("trust proxy", process.env.TRUST_PROXY === "1");
// Files, data and other answers; rendered pages come compressed already (app/modules/http/compression.mjs).
app.use(compression({ brotli: BROTLI_OPTIONS }));
app.use(securityHeaders({ hstsMaxAge: hstsMaxAge(process.env.HSTS_MAX_AGE) }));
app.use(bodyLimit(MAX_BODY_BYTES));
const clientDir = path.join(root, "build/client");
const staticOptions = {
  index: false,
  redirect: false,
  setHeaders: (res, file) => {
    res.setHeader("Cache-Control", cacheControlFor("/" + path.relative(clientDir, file)));
    if (file.endsWith(".svg")) res.setHeader("Content-Security-Policy", SVG_FILE_POLICY);
  },
};
app.use(emojiSheetMiddleware(path.join(clientDir, "emoji/svg")));
const prerendered = prerenderedPages(clientDir);
const serveStatic = express.static(clientDir, staticOptions);
// Every file of the build has a dot in its name: a page's address (no dot in its last segment) skips the file
// lookup, a stat per page request.
const mayBeFile = (req) => /\.[^/]*$/.test(req.path);
app.use((req, res, next) => (mayBeFile(req) && !prerendered.isOtherLanguageData(req) ? serveStatic(req, res, next) : next()));
// A build id that is not (or no longer) on this server: a JSON 404, which tells the client to check for updates.
app.use("/builds", (req, res) => res.status(404).json({ error: "unknown build" }));
app.use(prerendered.pages);
app.use(sameOriginGuard());
app.use(clientAddressHeader());
app.use(createRequestHandler({ build }));

await lifecycle.start();
const server = app.listen(port, host, (error) => {
  // Express 5 hands a failed listen (the port taken, not allowed) to this callback: a clear line and exit 1,
  // not a "listening" line and a silent exit.
  if (error) {
    logger.fatal({ err: error, port, host }, "the shop's port could not be opened");
    void lifecycle.stop().finally(() => process.exit(1));
    return;
  }
  logger.info({ port, host }, `Deck Studio listening on http://localhost:${port}`);
  // Mail links start with SHOP_URL, never with a request's Host: unset, they point at this machine only.
  if (process.env.NODE_ENV === "production" && !process.env.SHOP_URL) {
    logger.warn(`SHOP_URL is not set: links in mail point at http://localhost:${port}. Set it to the shop's public address.`);
  }
});

// Prometheus metrics on a port of their own (METRICS_PORT; unset: none), bound to 127.0.0.1 unless METRICS_HOST
// says otherwise: the shop's visitors never reach them, and scraping never counts as shop traffic.
const metricsServer = process.env.METRICS_PORT ? startMetricsServer(Number(process.env.METRICS_PORT)) : null;

function startMetricsServer(metricsPort) {
  const metricsHost = process.env.METRICS_HOST || "127.0.0.1";
  const metrics = http.createServer(async (req, res) => {
    if (req.method !== "GET" || req.url?.split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found: the metrics are at /metrics\n");
      return;
    }
    try {
      const { contentType, body } = await metricsExposition();
      res.writeHead(200, { "Content-Type": contentType, "Cache-Control": "no-store" }).end(body);
    } catch (error) {
      logger.error({ err: error }, "metrics could not be collected");
      res.writeHead(500, { "Content-Type": "text/plain" }).end("metrics could not be collected\n");
    }
  });
  // A metrics port that cannot be had (taken, not allowed) stops the start-up with a clear line, as the shop's would.
  metrics.once("error", (error) => {
    logger.fatal({ err: error, port: metricsPort, host: metricsHost }, "the metrics port could not be opened");
    process.exit(1);
  });
  metrics.listen(metricsPort, metricsHost, () => {
    logger.info({ port: metrics.address().port, host: metricsHost }, "metrics served at /metrics");
  });
  return metrics;
}

/**
 * SIGTERM drains: requests in flight finish (and close their connections), while anything that still arrives is
 * answered 503 whole (above) rather than reset: connections a busy process has not accepted yet would be reset
 * by closing the listener at once. Once nothing is in flight the listener closes, then the mail worker and the
 * database. A server that has not drained within 10 s exits anyway.
 */
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, `${signal} received: finishing the requests in flight, then closing the database`);
  metricsServer?.close();
  const forceExit = setTimeout(() => {
    logger.error("requests still running after 10 s: exiting without them");
    process.exit(1);
  }, 10_000);
  forceExit.unref();
  for (const res of inFlight) if (!res.headersSent) res.setHeader("Connection", "close");
  while (inFlight.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
  // Whatever reached the backlog meanwhile has had its 503; a short grace lets the last of them be accepted.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections?.();
  await closed;
  try {
    await lifecycle.stop();
  } catch (error) {
    logger.error({ err: error }, "closing the database failed");
  }
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
