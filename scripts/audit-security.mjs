#!/usr/bin/env node
// npm run audit:security — replays the red-team probe's attacks, and the ones that held, against the production
// server (node server.mjs on the built app, a fresh PGlite DATA_DIR, TRUST_PROXY=1 so that X-Forwarded-For can
// stand for many clients), and prints each as "blocked" or "VULNERABLE" with what was seen. Exits 1 when anything
// is vulnerable; writes reports/security-audit.json, which the CI summary counts.
//
//   node scripts/audit-security.mjs [--no-build]
import { execSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import path from "node:path";
import { startProductionServer } from "./lib/production-server.mjs";

if (!process.argv.includes("--no-build") || !existsSync("build/server/index.js")) {
  execSync("npm run --silent build", { stdio: "ignore" });
}
const server = await startProductionServer({ env: { TRUST_PROXY: "1", SESSION_SECRET: `audit-${randomUUID()}-${randomUUID()}` } });
const { base, dataDir } = server;
const results = [];

/** One attack: `run` returns null when it was blocked, or what shows it is not. */
async function attack(name, run) {
  let finding;
  try {
    finding = await run();
  } catch (error) {
    finding = `the probe itself failed: ${error.message}`;
  }
  results.push({ name, blocked: finding === null, finding });
  console.log(`${finding === null ? "blocked   " : "VULNERABLE"}  ${name}${finding === null ? "" : `\n            ${finding}`}`);
}

// ---- helpers -----------------------------------------------------------------------------------------------
let clients = 0;
const newClient = () => `203.0.113.${(++clients % 250) + 1}`;

function post(pathname, fields, { client = newClient(), origin = base, cookie, headers = {} } = {}) {
  return fetch(`${base}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
      "X-Forwarded-For": client,
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
    body: new URLSearchParams(fields),
  });
}
const cookieOf = (response) => response.headers.get("set-cookie")?.split(";")[0] ?? null;
const futureYear = String((new Date().getFullYear() + 3) % 100);

/** A guest order through the Payment action; its page's path (with the link's token). */
async function guestOrder(contact = `victim-${randomUUID().slice(0, 8)}@example.com`, design = { background: "#f4d35e", layers: [] }) {
  const response = await post("/Payment", {
    grip: "", size: "8", contact, name: "Vic Tim", address: "Main Street 1", addressextend: "", postalcode: "10115",
    city: "Berlin", country: "DE", design: JSON.stringify(design), checkoutId: randomUUID(), expectedTotalCents: "6390",
    cardNumber: "4242 4242 4242 4242", cardName: "Vic Tim", cardMonth: "12", cardYear: futureYear, cardCvv: "123",
  });
  return { status: response.status, location: response.headers.get("location"), contact };
}

/** The newest mail written for `to` (no SMTP_URL: .eml files), decoded from quoted-printable. */
async function mailTo(to, mustHave) {
  const dir = path.join(dataDir, "mail");
  for (let i = 0; i < 60; i++) {
    const files = existsSync(dir) ? readdirSync(dir).sort().reverse() : [];
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), "utf8").replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (text.includes(`To: ${to}`) && text.includes(mustHave)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} with ${mustHave}`);
}

/** An account made as a buyer makes it: sign-up, then the mailed link. Returns its session cookie. */
async function account(email, password) {
  await post("/Login", { intent: "signup", email, password });
  const link = /https?:\/\/\S+\/account\/confirm\?code=[\w-]+/.exec(await mailTo(email, "/account/confirm"))[0];
  const url = new URL(link);
  return cookieOf(await post(url.pathname + url.search, {}));
}

function postChunked(pathname, size) {
  return new Promise((resolve, reject) => {
    const target = new URL(pathname, base);
    const request = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "Transfer-Encoding": "chunked" } },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode));
      },
    );
    request.on("error", (error) => resolve(`connection error: ${error.code ?? error.message}`));
    const chunk = Buffer.from(`name=${"a".repeat(16 * 1024 - 5)}`);
    let sent = 0;
    const write = () => {
      while (sent < size) {
        sent += chunk.length;
        if (!request.write(chunk)) return void request.once("drain", write);
      }
      request.end();
    };
    write();
  });
}

/** What differs between any two answers: the policy nonce and the request id (the error pages' reference). */
const SAME_FOR_EVERYONE_BUT = /nonce="[^"]+"|(?<=requestId\\?",\\?")[0-9a-f]{8}/g;

const mean = (values) => values.reduce((sum, value) => sum + value, 0) / values.length;
async function timed(run) {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

try {
  console.log(`Security audit against ${base} (production build, PGlite, TRUST_PROXY=1)\n`);

  // ---- the probe's findings ----------------------------------------------------------------------------------
  await attack("order takeover: the order link's holder keeps the guest order in their own new account", async () => {
    const order = await guestOrder();
    const taken = await post(order.location, { email: `attacker-${randomUUID().slice(0, 6)}@evil.test`, password: "attacker pass" });
    const stillGuest = await fetch(`${base}${order.location}`);
    if (taken.status === 302 || stillGuest.status !== 200) return `the form answered ${taken.status}; the buyer's link now answers ${stillGuest.status}`;
    return null;
  });

  await attack("order takeover: a print file's URL used to claim or open the order", async () => {
    const order = await guestOrder();
    const page = await (await fetch(`${base}${order.location}`)).text();
    const printQuery = /\/print\/png(\?print=[\w-]+)/.exec(page)?.[1];
    if (!printQuery) return "the order page links no print file with its own token";
    const [orderPath] = order.location.split("?");
    const opened = await fetch(`${base}${orderPath}?token=${printQuery.slice("?print=".length)}`);
    const claimed = await fetch(`${base}${orderPath}/claim?code=${printQuery.slice("?print=".length)}`);
    if (opened.status !== 404 || claimed.status !== 404) return `order page ${opened.status}, claim page ${claimed.status} with the print token`;
    return null;
  });

  await attack("sign-in limit raced: 20 simultaneous attempts (19 wrong, 1 right) from one client", async () => {
    const email = `racer-${randomUUID().slice(0, 8)}@example.com`;
    await account(email, "the right password");
    const client = newClient();
    const passwords = [...Array.from({ length: 19 }, (_, i) => `wrong ${i}`), "the right password"];
    const statuses = await Promise.all(passwords.map((password) => post("/Login", { intent: "signin", email, password }, { client }).then((r) => r.status)));
    const checked = statuses.filter((status) => status !== 429).length;
    return checked <= 5 ? null : `${checked} attempts had their password checked (limit 5): ${statuses.join(" ")}`;
  });

  await attack("sign-in limit raced: a burst of 200 at one account from 200 addresses", async () => {
    const email = `burst-${randomUUID().slice(0, 8)}@example.com`;
    await account(email, "the right password");
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => post("/Login", { intent: "signin", email, password: `guess ${i}` }).then((r) => r.status)));
    const checked = statuses.filter((status) => status !== 429).length;
    return checked <= 50 ? null : `${checked} passwords checked (limit 50 per account)`;
  });

  await attack("lockout imposed: an attacker's failures keep the buyer out", async () => {
    const email = `locked-${randomUUID().slice(0, 8)}@example.com`;
    await account(email, "the buyer's password");
    const attacker = newClient();
    for (let i = 0; i < 12; i++) await post("/Login", { intent: "signin", email, password: `guess ${i}` }, { client: attacker });
    const buyer = await post("/Login", { intent: "signin", email, password: "the buyer's password" });
    return buyer.status === 302 ? null : `the buyer's own sign-in answered ${buyer.status}`;
  });

  await attack("password spraying: one password tried at 30 accounts from 30 addresses", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post("/Login", { intent: "signin", email: `sprayed-${i}-${randomUUID().slice(0, 4)}@example.com`, password: "Summer2026!" }).then((r) => r.status)),
    );
    const checked = statuses.filter((status) => status !== 429).length;
    return checked <= 10 ? null : `${checked} checks of one password across accounts (limit 10)`;
  });

  await attack("account enumeration: sign-up answers a taken address differently", async () => {
    const taken = `known-${randomUUID().slice(0, 8)}@example.com`;
    await account(taken, "owner's password");
    const answer = async (email) => {
      const response = await post("/Login", { intent: "signup", email, password: "a new password" });
      return `${response.status} ${(await response.text()).replaceAll(email, "ADDRESS").replace(SAME_FOR_EVERYONE_BUT, "")}`;
    };
    const fresh = `unknown-${randomUUID().slice(0, 8)}@example.com`;
    const [forTaken, forFresh] = [await answer(taken), await answer(fresh)];
    return forTaken === forFresh ? null : "the pages differ";
  });

  await attack("account enumeration: password reset answers an unknown address differently", async () => {
    const known = `known-${randomUUID().slice(0, 8)}@example.com`;
    await account(known, "owner's password");
    const answer = async (email) => {
      const response = await post("/account/reset", { email });
      return `${response.status} ${(await response.text()).replaceAll(email, "ADDRESS").replace(SAME_FOR_EVERYONE_BUT, "")}`;
    };
    const [forKnown, forUnknown] = [await answer(known), await answer(`nobody-${randomUUID().slice(0, 8)}@example.com`)];
    return forKnown === forUnknown ? null : "the pages differ";
  });

  await attack("account enumeration by timing: sign-up for taken and new addresses (20 each, interleaved)", async () => {
    const taken = [];
    for (let i = 0; i < 4; i++) {
      const email = `timing-${i}-${randomUUID().slice(0, 6)}@example.com`;
      await account(email, "owner's password");
      taken.push(email);
    }
    const times = { taken: [], fresh: [] };
    for (let i = 0; i < 20; i++) {
      // Distinct addresses, so that the per-address mail limit does not shorten either path.
      times.taken.push(await timed(() => post("/Login", { intent: "signup", email: taken[i % 4].replace("@", `+${i}@`), password: "a new password" })));
      times.fresh.push(await timed(() => post("/Login", { intent: "signup", email: `fresh-${i}-${randomUUID().slice(0, 6)}@example.com`, password: "a new password" })));
    }
    const ratio = mean(times.taken) / mean(times.fresh);
    console.log(`            sign-up mean ${mean(times.taken).toFixed(1)} ms (taken) vs ${mean(times.fresh).toFixed(1)} ms (new): ratio ${ratio.toFixed(2)}`);
    // Hashing the password (~35 ms) in one path only would make a ratio near 0.1 or 10; the bounds leave room for a
    // busy machine's noise.
    return ratio > 0.5 && ratio < 2 ? null : `mean times differ by a ratio of ${ratio.toFixed(2)}`;
  });

  await attack("no Strict-Transport-Security behind a proxy that says X-Forwarded-Proto: https", async () => {
    const response = await fetch(`${base}/GripSize`, { headers: { "X-Forwarded-Proto": "https" } });
    const hsts = response.headers.get("strict-transport-security");
    return hsts?.startsWith("max-age=") ? null : `Strict-Transport-Security: ${hsts}`;
  });

  await attack("pages with names and addresses cached (order, confirmation, account, print files)", async () => {
    const order = await guestOrder();
    const page = await (await fetch(`${base}${order.location}`)).text();
    const printPath = /href="(\/orders\/[^"]+\/print\/svg\?print=[\w-]+)"/.exec(page)?.[1];
    const cookie = await account(`cached-${randomUUID().slice(0, 8)}@example.com`, "a password");
    const checks = [
      [order.location, null],
      [printPath, null],
      ["/account", cookie],
      ["/Shipping", null],
    ];
    const wrong = [];
    for (const [url, withCookie] of checks) {
      const response = await fetch(`${base}${url}`, { headers: withCookie ? { Cookie: withCookie } : {} });
      const caching = response.headers.get("cache-control");
      if (caching !== "private, no-store") wrong.push(`${url.split("?")[0]}: ${caching}`);
    }
    return wrong.length ? wrong.join("; ") : null;
  });

  await attack("an emoji layer coded ffffff or 0000 answers 503 instead of 400", async () => {
    const statuses = [];
    for (const unified of ["ffffff", "0000"]) {
      const sticker = { id: "layer-1", kind: "emoji", x: 100, y: 400, rotation: 0, unified, name: "odd", size: 40 };
      statuses.push((await guestOrder(undefined, { background: "#f4d35e", layers: [sticker] })).status);
    }
    return statuses.every((status) => status === 400) ? null : `answered ${statuses.join(", ")}`;
  });

  await attack("a chunked body over 64 KiB gets its connection closed with no answer", async () => {
    const statuses = [await postChunked("/Shipping", 200 * 1024), await postChunked("/Shipping", 3 * 1024 * 1024)];
    return statuses.every((status) => status === 413) ? null : `answered ${statuses.join(", ")}`;
  });

  await attack("the Content-Security-Policy allows inline styles or scripts", async () => {
    const policy = (await fetch(`${base}/GripSize`)).headers.get("content-security-policy") ?? "";
    return /unsafe-inline|unsafe-eval|unsafe-hashes/.test(policy) || !policy.includes("style-src 'self';") ? policy : null;
  });

  // ---- what held in the probe: kept in the replay so that it keeps holding ------------------------------------
  await attack("CSRF: a form posted from another site", async () => {
    const response = await post("/Login", { intent: "guest", contact: "victim@example.com" }, { origin: "https://evil.test" });
    const bare = await post("/Shipping", { name: "x" }, { origin: null });
    return response.status === 403 && bare.status === 403 ? null : `answered ${response.status} and ${bare.status} without Origin`;
  });

  await attack("IDOR: an order, its print files or its claim page without the token", async () => {
    const order = await guestOrder();
    const [orderPath] = order.location.split("?");
    const statuses = await Promise.all([`${orderPath}?token=forged`, `${orderPath}/print/svg`, `${orderPath}/print/png`, `${orderPath}/claim`, `/orders/${randomUUID()}?token=forged`].map((url) => fetch(`${base}${url}`).then((r) => r.status)));
    // Without any token, an order's page leads to the sign-in page, for a real order and a made-up one alike.
    const signIns = await Promise.all([orderPath, `/orders/${randomUUID()}`].map((url) => fetch(`${base}${url}`, { redirect: "manual" })));
    return statuses.every((status) => status === 404) && signIns.every((r) => r.status === 302 && r.headers.get("location")?.startsWith("/account?next=%2Forders%2F")) ? null : `answered ${statuses.join(", ")}; without a token ${signIns.map((r) => `${r.status} ${r.headers.get("location")}`).join(", ")}`;
  });

  await attack("XSS: markup in the address shown on the order page", async () => {
    const response = await post("/Payment", {
      grip: "", size: "8", contact: `xss-${randomUUID().slice(0, 6)}@example.com`, name: "<script>alert(1)</script>", address: '"><img src=x onerror=alert(1)>',
      addressextend: "", postalcode: "10115", city: "Berlin", country: "DE", design: JSON.stringify({ background: "#f4d35e", layers: [] }),
      checkoutId: randomUUID(), expectedTotalCents: "6390", cardNumber: "4242 4242 4242 4242", cardName: "X", cardMonth: "12", cardYear: futureYear, cardCvv: "123",
    });
    if (response.status !== 302) return null; // refused at validation is blocked too
    const page = await (await fetch(`${base}${response.headers.get("location")}`)).text();
    return page.includes("<script>alert(1)</script>") || page.includes("<img src=x onerror") ? "the markup is in the page" : null;
  });

  await attack("SQL injection and hostile input in the sign-in form", async () => {
    const statuses = [];
    for (const email of ["' OR 1=1 --@example.com", "a@b.c'; DROP TABLE users; --", "\u0000@example.com", "x".repeat(5000)]) {
      statuses.push((await post("/Login", { intent: "signin", email, password: "' OR '1'='1" })).status);
    }
    return statuses.every((status) => status >= 400 && status < 500) ? null : `answered ${statuses.join(", ")}`;
  });

  await attack("path traversal in emoji sheet names", async () => {
    const statuses = await Promise.all(["/emoji/sheets/..%2F..%2Fpackage.json.svg", "/emoji/sheets/1f600_..%2F..%2F.env.svg"].map((url) => fetch(`${base}${url}`).then((r) => r.status)));
    return statuses.every((status) => status === 400 || status === 404) ? null : `answered ${statuses.join(", ")}`;
  });

  await attack("price tampering: a lower total sent with the order", async () => {
    const response = await post("/Payment", {
      grip: "on", size: "8.5", contact: "cheap@example.com", name: "Che Ap", address: "Main Street 1", addressextend: "", postalcode: "10115",
      city: "Berlin", country: "DE", design: JSON.stringify({ background: "#f4d35e", layers: [] }), checkoutId: randomUUID(), expectedTotalCents: "100",
      cardNumber: "4242 4242 4242 4242", cardName: "Che Ap", cardMonth: "12", cardYear: futureYear, cardCvv: "123",
    });
    return response.status === 409 ? null : `answered ${response.status}`;
  });

  await attack("open redirect after sign-in (?next=//evil.test)", async () => {
    const email = `redirect-${randomUUID().slice(0, 8)}@example.com`;
    await account(email, "a password here");
    const response = await post("/Login?next=//evil.test/x", { intent: "signin", email, password: "a password here" });
    const location = response.headers.get("location") ?? "";
    return location.startsWith("/") && !location.startsWith("//") ? null : `redirected to ${location}`;
  });

  await attack("session fixation: a session id planted before sign-in still works after it", async () => {
    const email = `fixation-${randomUUID().slice(0, 8)}@example.com`;
    await account(email, "a password here");
    const planted = cookieOf(await post("/Login", { intent: "signin", email, password: "a password here" }));
    const again = await post("/Login", { intent: "signin", email, password: "a password here" }, { cookie: planted });
    const fresh = cookieOf(again);
    // Signed out, /account is a sign-in page; signed in, it says whose account it is.
    const old = await (await fetch(`${base}/account`, { headers: { Cookie: planted }, redirect: "manual" })).text();
    const stillSignedIn = old.includes(email);
    const current = await (await fetch(`${base}/account`, { headers: { Cookie: fresh ?? "" }, redirect: "manual" })).text();
    if (!current.includes(email)) return "the probe failed: the new session does not open the account either";
    return fresh && fresh !== planted && !stillSignedIn ? null : "the old session still opens the account";
  });

  // ---- the back office (wave 2): operators sign in through the same code --------------------------------------
  await attack("back office reached by a visitor, a buyer or a forged cookie (pages, print files, CSV)", async () => {
    const order = await guestOrder();
    const orderId = new URL(order.location, base).pathname.split("/")[2];
    const buyer = await account(`nosy-${randomUUID().slice(0, 8)}@example.com`, "a password here");
    const paths = ["/admin", "/admin/orders.csv", `/admin/orders/${orderId}`, `/admin/orders/${orderId}/print/png`, `/admin/orders/${orderId}/print/svg`, "/admin.data"];
    const answers = [];
    for (const cookie of [undefined, buyer, "__session=forged.cookie"]) {
      for (const url of paths) {
        const response = await fetch(`${base}${url}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
        answers.push(response.status);
      }
    }
    return answers.every((status) => status === 404) ? null : `answered ${answers.join(", ")}`;
  });

  await attack("back office: a buyer cancels an order (and refunds it) by posting the operator's form", async () => {
    const order = await guestOrder();
    const orderId = new URL(order.location, base).pathname.split("/")[2];
    const buyer = await account(`refunder-${randomUUID().slice(0, 8)}@example.com`, "a password here");
    const response = await post(`/admin/orders/${orderId}`, { expected: "paid", to: "cancelled", confirm: "on" }, { cookie: buyer });
    const page = await (await fetch(`${base}${order.location}`)).text();
    return response.status === 404 && page.includes(">Paid<") ? null : `answered ${response.status}; the order page ${page.includes(">Paid<") ? "still says Paid" : "no longer says Paid"}`;
  });

  await attack("back office: a buyer's right password signs in on the operators' page", async () => {
    const email = `buyer-op-${randomUUID().slice(0, 8)}@example.com`;
    await account(email, "a password here");
    const response = await post("/admin/login", { email, password: "a password here" });
    return response.status === 400 && !cookieOf(response) ? null : `answered ${response.status}${cookieOf(response) ? " with a session" : ""}`;
  });
} finally {
  await server.stop();
}

const vulnerable = results.filter((result) => !result.blocked);
console.log(`\n${results.length - vulnerable.length} of ${results.length} attacks blocked${vulnerable.length ? `; ${vulnerable.length} VULNERABLE` : ""}.`);
mkdirSync("reports", { recursive: true });
writeFileSync("reports/security-audit.json", JSON.stringify({ audit: results }, null, 2));
process.exitCode = vulnerable.length ? 1 : 0;
