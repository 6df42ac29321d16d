import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { initialDesign } from "~/modules/editor/design";
import { inlineScriptHashes, SVG_FILE_POLICY } from "./content-security.mjs";

/** A Luhn-valid visa number and a security code that appear nowhere else. */
const PROBE_CARD = { spaced: "4000 0566 5566 5556", digits: "4000056655665556", cvv: "738" };

/**
 * The production server as an operator runs it (`node server.mjs` on the built app, PGlite in a fresh DATA_DIR):
 * caching of hashed assets, security headers, the body limit, and a clean exit on SIGTERM.
 */
const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;
let output = "";

async function waitForHealthy(timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "deck-server-"));
  server = spawn(process.execPath, ["server.mjs"], {
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", DATABASE_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));
  await waitForHealthy(100_000);
}, 120_000);

afterAll(() => {
  if (server.exitCode === null) server.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

describe("the production server", () => {
  it("serves hashed assets with a one-year immutable cache", async () => {
    const asset = readdirSync("build/client/assets").find((file) => file.endsWith(".js"));
    const response = await fetch(`${base}/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("renders pages with security headers and a request id, and compresses them", async () => {
    const response = await fetch(`${base}/GripSize`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}$/);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-powered-by")).toBeNull();
  });

  it("sends a script policy naming each page's inline scripts: a fresh nonce when rendered, hashes when prerendered", async () => {
    const rendered = await fetch(`${base}/GripSize`);
    const policy = rendered.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)';/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const html = await rendered.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map(([, attributes]) => attributes);
    expect(inlineScripts.length).toBeGreaterThan(0);
    for (const attributes of inlineScripts) expect(attributes).toContain(`nonce="${nonce}"`);

    const prerendered = await fetch(`${base}/`);
    const hashes = /script-src 'self' ((?:'sha256-[^']+' ?)+);/.exec(prerendered.headers.get("content-security-policy") ?? "")?.[1];
    expect(hashes?.split(" ").sort()).toEqual(inlineScriptHashes(await prerendered.text()).sort());
  });

  it("composes emoji sheets on request, compressed, and refuses what is not one", async () => {
    const sheet = await fetch(`${base}/emoji/sheets/1f34e_1f44b-1f3fd.svg`, { headers: { "Accept-Encoding": "gzip" } });
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get("content-type")).toBe("image/svg+xml");
    expect(sheet.headers.get("content-encoding")).toBe("gzip");
    expect(sheet.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(sheet.headers.get("content-security-policy")).toBe(SVG_FILE_POLICY);
    const file = await fetch(`${base}/emoji/svg/1f34e.svg`);
    expect(file.headers.get("content-security-policy")).toBe(SVG_FILE_POLICY);
    expect(await sheet.text()).toMatch(/^<svg [^>]*viewBox="0 0 36 72">/);
    expect((await fetch(`${base}/emoji/sheets/1f34e_..%2F..%2Fpackage.json.svg`)).status).toBe(400);
    expect((await fetch(`${base}/emoji/sheets/1f34e_fffff.svg`)).status).toBe(404);
  });

  it("refuses a body over 1 MiB with 413 before parsing it", async () => {
    const response = await fetch(`${base}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: `name=${"x".repeat(1024 * 1024 + 1)}`,
    });
    expect(response.status).toBe(413);
  });

  it("keeps the embedded database in DATA_DIR", () => {
    expect(readdirSync(path.join(dataDir, "pglite")).length).toBeGreaterThan(0);
  });

  it("takes a purchase (the card data used here is searched for after shutdown)", async () => {
    const form = new URLSearchParams({
      grip: "on", size: "8.5", contact: "probe@example.com", name: "Card Probe", address: "Main Street 1",
      addressextend: "", postalcode: "10115", city: "Berlin", country: "DE",
      design: JSON.stringify(initialDesign), checkoutId: randomUUID(), expectedTotalCents: "7590",
      cardNumber: PROBE_CARD.spaced, cardName: "Card Probe", cardMonth: "11", cardYear: "39", cardCvv: PROBE_CARD.cvv,
    });
    const response = await fetch(`${base}/Payment`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: form,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toMatch(/^\/orders\/[0-9a-f-]{36}\?token=/);
  });

  it("closes the database and exits 0 on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    const started = Date.now();
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output).toContain("closing the server and the database");
  });

  it("kept neither the full card number nor the security code: not in any table, not in the log", async () => {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      const tables = await database.db.execute(
        sql`select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle')`,
      );
      let everything = "";
      for (const { table_schema, table_name } of tables.rows as { table_schema: string; table_name: string }[]) {
        const rows = await database.db.execute(sql.raw(`select * from "${table_schema}"."${table_name}"`));
        everything += JSON.stringify(rows.rows);
      }
      expect(everything).toContain("Card Probe"); // the order is there
      for (const haystack of [everything, output]) {
        expect(haystack).not.toContain(PROBE_CARD.digits);
        expect(haystack).not.toContain(PROBE_CARD.spaced);
        expect(haystack).not.toContain(`"${PROBE_CARD.cvv}"`);
      }
      expect(everything).toContain(`"${PROBE_CARD.digits.slice(-4)}"`); // only the last four digits are kept
    } finally {
      await database.close();
    }
  });
});
