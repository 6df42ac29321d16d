// Prometheus metrics of one server process (prom-client): requests by route pattern, their latency, orders placed,
// payment outcomes, the mail outbox's backlog and the database pool. Each server exposes its own (server.mjs serves
// them on METRICS_PORT); Prometheus adds them up. A plain module shared by server.mjs and the built app: the state
// lives on globalThis so that both copies count into one registry.
import client from "prom-client";
import { logger } from "./logger.mjs";

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** How long a scrape waits for the outbox count: an unreachable database must not hang the scrape. */
const COLLECT_TIMEOUT_MS = 1_000;

function createState() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  /** Set by the app once its database is open (lifecycle.start). */
  const sources = {
    /** @type {(() => Promise<number>) | null} */
    outboxBacklog: null,
    /** @type {(() => { total: number, idle: number, waiting: number } | null) | null} */
    databasePool: null,
  };

  const requests = new client.Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"],
    registers,
  });
  const duration = new client.Histogram({
    name: "http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its answer, by method and route pattern",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const ordersPlaced = new client.Counter({ name: "shop_orders_placed_total", help: "Orders placed and paid", registers });
  const payments = new client.Counter({
    name: "shop_payments_total",
    help: "Card charges by outcome: approved, declined, error (payment service or database unavailable)",
    labelNames: ["outcome"],
    registers,
  });
  // Every outcome is there from the start (at 0), so that a rate over it exists before the first decline.
  for (const outcome of ["approved", "declined", "error"]) payments.labels({ outcome });
  new client.Gauge({
    name: "shop_mail_outbox_backlog",
    help: "Mails in the outbox not sent yet (pending), counted at each scrape; absent while the database is away",
    registers,
    async collect() {
      this.reset();
      if (!sources.outboxBacklog) return;
      try {
        this.set(await withTimeout(sources.outboxBacklog(), COLLECT_TIMEOUT_MS));
      } catch (error) {
        logger.debug({ err: error }, "outbox backlog not counted");
        this.remove();
      }
    },
  });
  new client.Gauge({
    name: "shop_db_pool_connections",
    help: "Database connections: total, idle, and requests waiting for one (the embedded database counts 1/0/0)",
    labelNames: ["state"],
    registers,
    collect() {
      const stats = sources.databasePool?.();
      this.reset();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  return { registry, sources, requests, duration, ordersPlaced, payments };
}

function withTimeout(promise, ms) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

const SHARED = Symbol.for("deck-studio.observability.metrics");
/** @type {ReturnType<typeof createState>} */
const state = (globalThis[SHARED] ??= createState());

/**
 * One answered request. `route` is a route pattern (routeLabel), never the raw URL: the labels stay few.
 * @param {{ method: string, route: string, status: number, seconds: number }} request
 */
export function recordRequest({ method, route, status, seconds }) {
  const knownMethod = METHODS.has(method) ? method : "other";
  state.requests.inc({ method: knownMethod, route, status: String(status) });
  state.duration.observe({ method: knownMethod, route }, seconds);
}

export function recordOrderPlaced() {
  state.ordersPlaced.inc();
}

/** @param {"approved" | "declined" | "error"} outcome */
export function recordPayment(outcome) {
  state.payments.inc({ outcome });
}

/**
 * Counts a checkout's charge as it settles, and hands its result on unchanged: a placed (new) order is an approved
 * payment and an order placed, a declined one a decline, a thrown error an error.
 * @template {{ status: string }} T
 * @param {Promise<T>} charging
 * @returns {Promise<T>}
 */
export async function observeCheckout(charging) {
  try {
    const result = await charging;
    if (result.status === "placed") {
      recordPayment("approved");
      recordOrderPlaced();
    } else if (result.status === "declined") {
      recordPayment("declined");
    }
    return result;
  } catch (error) {
    recordPayment("error");
    throw error;
  }
}

/**
 * Where the gauges read from, set once the database is open.
 * @param {{ outboxBacklog?: () => Promise<number>, databasePool?: () => ({ total: number, idle: number, waiting: number } | null) }} sources
 */
export function setMetricSources(sources) {
  Object.assign(state.sources, sources);
}

/** The Prometheus text exposition of every metric, and its content type. */
export async function metricsExposition() {
  return { contentType: state.registry.contentType, body: await state.registry.metrics() };
}
