// Print renders under load, against a running production server: guest orders with a design worth printing,
// their PNG print links, many downloads at once, and the latency of other pages meanwhile. Used by
// server/print-renders.integration.test.ts (does the shop stay up?) and scripts/bench-print.mjs (how fast?).
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";

/** A design with text (outlined by resvg with the bundled fonts) and stickers, as a real order has. */
export function printableDesign(seed) {
  return {
    background: "#f4d35e",
    layers: [
      { id: `t${seed}`, kind: "text", x: 108, y: 200, rotation: -8, text: `Deck ${seed}`, font: "permanent-marker", fontSize: 40, color: "#1b1b1b", align: "center" },
      { id: `e${seed}`, kind: "emoji", x: 108, y: 480, rotation: 15, unified: "1f525", name: "fire", size: 120 },
      { id: `s${seed}`, kind: "emoji", x: 108, y: 650, rotation: 0, unified: "1f6f9", name: "skateboard", size: 80 },
    ],
  };
}

/** Places a guest order (8.5" with grip to Germany, paid with the test card); returns its page's path. */
export async function placeOrder(base, design) {
  const form = new URLSearchParams({
    grip: "on", size: "8.5", contact: `print-${randomUUID().slice(0, 8)}@example.com`, name: "Print Load",
    address: "Main Street 1", addressextend: "", postalcode: "10115", city: "Berlin", country: "DE",
    design: JSON.stringify(design), checkoutId: randomUUID(), expectedTotalCents: "7590",
    cardNumber: "4242 4242 4242 4242", cardName: "Print Load", cardMonth: "12", cardYear: "35", cardCvv: "123",
  });
  const response = await fetch(`${base}/Payment`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: form,
  });
  await response.arrayBuffer();
  const location = response.headers.get("location");
  if (response.status !== 302 || !location?.startsWith("/orders/")) {
    throw new Error(`placing an order answered ${response.status} ${location ?? ""}`);
  }
  return location;
}

/** The PNG print file's path as the order page links it (with the print files' own token). */
export async function printPngPath(base, orderPath) {
  const page = await (await fetch(`${base}${orderPath}`)).text();
  const href = /href="(\/orders\/[0-9a-f-]+\/print\/png\?print=[\w-]+)"/.exec(page)?.[1];
  if (!href) throw new Error(`no PNG print link on ${orderPath}`);
  return href;
}

/** Downloads one print file: status, Retry-After, the bytes and how long it took. */
export async function download(base, path) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`);
  const body = Buffer.from(await response.arrayBuffer());
  return {
    path,
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    contentType: response.headers.get("content-type"),
    body,
    ms: performance.now() - started,
  };
}

/**
 * Requests each of `paths` over and over, one at a time per path, until `done` settles; returns every latency in
 * ms by path and the statuses seen. This is what a shopper meanwhile feels.
 * @template T
 * @param {string} base
 * @param {string[]} paths
 * @param {Promise<T>} done
 * @returns {Promise<{ result: T; latencies: Record<string, number[]>; statuses: number[] }>}
 */
export async function loadWhile(base, paths, done) {
  let finished = false;
  const settled = Promise.resolve(done).finally(() => (finished = true));
  const latencies = Object.fromEntries(paths.map((path) => [path, []]));
  const statuses = new Set();
  await Promise.all(
    paths.map(async (path) => {
      while (!finished) {
        const started = performance.now();
        const response = await fetch(`${base}${path}`, { headers: { "Accept-Encoding": "gzip" } });
        await response.arrayBuffer();
        latencies[path].push(performance.now() - started);
        statuses.add(response.status);
      }
    }),
  );
  return { result: await settled, latencies, statuses: [...statuses] };
}

/** The process's resident memory now (Linux VmRSS) in MB, or null where /proc is not there. */
export function rssMb(pid) {
  return procStatusMb(pid, "VmRSS");
}

/** The process's peak resident memory so far (Linux VmHWM) in MB, or null where /proc is not there. */
export function peakRssMb(pid) {
  return procStatusMb(pid, "VmHWM");
}

function procStatusMb(pid, field) {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}
