import { spawn, type ChildProcess } from "node:child_process";
import { request as httpRequest } from "node:http";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { initialDesign, MM_PER_INCH, type Design } from "#app/modules/design/design.ts";
import { emojiLayer } from "#tests/support/design-fixtures.ts";
import { countLike, decodePng } from "#tests/support/png-reader.ts";
import { inlineScriptHashes, isDataBlock, SVG_FILE_POLICY } from "#app/modules/http/content-security.mjs";
import { freePort } from "#scripts/lib/production-server.mjs";

/** A Luhn-valid visa number and a security code that appear nowhere else. */
const sticker = emojiLayer({ x: 108, y: 500, unified: "1f525", name: "fire", size: 60 });
const designWithSticker: Design = { ...initialDesign, layers: [sticker] };

const PROBE_CARD = { spaced: "4000 0566 5566 5556", digits: "4000056655665556", cvv: "738" };

/**
 * The production server as an operator runs it (`node /path/to/server.mjs` on the built app, PGlite in a fresh
 * DATA_DIR), started from another working directory: whatever the shop ships (migrations, emoji artwork for the
 * print files) is found from the code's own location. Also: caching of hashed assets, security headers, the body
 * limit, and a clean exit on SIGTERM.
 */
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess;
let dataDir: string;
let otherWorkingDir: string;
let output = "";
/** The guest link of the order the purchase test places. */
let orderLink: string | null = null;

/** A form POST whose body is sent in 16 KiB chunks (Transfer-Encoding: chunked), as a streaming client sends it. */
function postChunked(url: string, size: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const request = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: target.origin, "Transfer-Encoding": "chunked" },
      },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on("error", reject);
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

/** A print file's URL as the order page links it (with the print files' own token). */
async function printUrlOf(orderLink: string | null, format: "svg" | "png" = "png"): Promise<string> {
  const page = await (await fetch(`${base}${orderLink}`)).text();
  const href = new RegExp(`href="(/orders/[0-9a-f-]+/print/${format}\\?print=[\\w-]+)"`).exec(page)?.[1];
  if (!href) throw new Error(`no ${format} print link on the order page`);
  return href;
}

/** The whole mails the server wrote under DATA_DIR/mail (a mail is written beside and renamed into place). */
function mailFiles(): string[] {
  const mailDir = path.join(dataDir, "mail");
  return existsSync(mailDir) ? readdirSync(mailDir).filter((name) => name.endsWith(".eml")).map((name) => path.join(mailDir, name)) : [];
}

async function waitForHealthy(timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
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
  otherWorkingDir = mkdtempSync(path.join(tmpdir(), "deck-elsewhere-"));
  server = spawn(process.execPath, [path.resolve("server.mjs")], {
    cwd: otherWorkingDir,
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
  rmSync(otherWorkingDir, { recursive: true, force: true });
});

describe("the production server", () => {
  it("serves hashed assets with a one-year immutable cache", async () => {
    const asset = readdirSync("build/client/assets").find((file) => file.endsWith(".js"));
    const response = await fetch(`${base}/assets/${asset}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers liveness at /livez and readiness at /healthz", async () => {
    const live = await fetch(`${base}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "alive" });
    expect(live.headers.get("cache-control")).toBe("no-store");
    const ready = await fetch(`${base}/healthz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ok", database: "pglite" });
  });

  it("renders pages with security headers and a request id, and compresses them", async () => {
    const response = await fetch(`${base}/GripSize`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f]{8}$/);
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-powered-by")).toBeNull();
    const asBrowsersAsk = await fetch(`${base}/Payment`, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(asBrowsersAsk.headers.get("content-encoding")).toBe("br");
    expect(asBrowsersAsk.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(await asBrowsersAsk.text()).toMatch(/^<!DOCTYPE html>[\s\S]*<\/html>$/);
    const plain = await fetch(`${base}/Payment`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toMatch(/^<!DOCTYPE html>/);
  });

  it("sends a script policy naming each page's inline scripts: a fresh nonce when rendered, hashes when prerendered", async () => {
    const rendered = await fetch(`${base}/GripSize`);
    const policy = rendered.headers.get("content-security-policy") ?? "";
    const nonce = /script-src 'self' 'nonce-([^']+)';/.exec(policy)?.[1];
    expect(nonce).toBeTruthy();
    const html = await rendered.text();
    const inlineScripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
      .map(([, attributes]) => attributes ?? "")
      .filter((attributes) => !isDataBlock(attributes)); // the page's words: never run, so outside script-src
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

  it("refuses a body over 1 MiB with 413 and a page, before parsing it", async () => {
    const response = await fetch(`${base}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: `name=${"x".repeat(1024 * 1024 + 1)}`,
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(await response.text()).toContain("Form too large");
    // In German for a German visitor.
    const german = await fetch(`${base}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base, "Accept-Language": "de-DE" },
      body: `name=${"x".repeat(1024 * 1024 + 1)}`,
    });
    expect(german.status).toBe(413);
    expect(await german.text()).toContain("<h1>Formular zu groß</h1>");
  });

  it.each([200 * 1024, 3 * 1024 * 1024])(
    "answers a form of %i bytes sent in chunks (no declared length) with 413 and the shop's page, not a reset",
    async (size) => {
      const answer = await postChunked(`${base}/Shipping`, size);
      expect(answer.status).toBe(413);
      expect(answer.body).toContain("The form is too large.");
      expect(answer.body).toContain("<title>");
    },
  );

  it("keeps the embedded database in DATA_DIR", () => {
    expect(readdirSync(path.join(dataDir, "pglite")).length).toBeGreaterThan(0);
  });

  it("takes a purchase (the card data used here is searched for after shutdown)", async () => {
    const form = new URLSearchParams({
      grip: "on", size: "8.5", contact: "probe@example.com", name: "Card Probe", address: "Main Street 1",
      addressextend: "", postalcode: "10115", city: "Berlin", country: "DE",
      design: JSON.stringify(designWithSticker), checkoutId: randomUUID(), expectedTotalCents: "7590",
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
    orderLink = response.headers.get("location");
  });

  it("prints the sticker into the order's 300 DPI PNG, though started from another working directory", async () => {
    const response = await fetch(`${base}${await printUrlOf(orderLink)}`);
    expect(response.status).toBe(200);
    const image = decodePng(Buffer.from(await response.arrayBuffer()));
    const mmToPx = (mm: number) => (mm * 300) / MM_PER_INCH;
    const box = { x: mmToPx(sticker.x - 20), y: mmToPx(sticker.y - 20), width: mmToPx(40), height: mmToPx(40) };
    // Twemoji's fire is orange (#F4900C); without its art the print would show a glyph box the fonts lack.
    expect(countLike(image, box, [0xf4, 0x90, 0x0c, 255])).toBeGreaterThan(20_000);
    expect(readdirSync(otherWorkingDir)).toEqual([]);
  }, 60_000);

  it("sends every page, data request and file that may show a buyer's data with Cache-Control: private, no-store", async () => {
    const [orderPath, query] = (orderLink ?? "").split("?");
    const urls = [
      "/GripSize",
      "/Login",
      "/Shipping",
      "/Payment",
      "/Example",
      "/account",
      `${orderPath}?${query}`,
      `${orderPath}.data?${query}`,
      await printUrlOf(orderLink, "svg"),
      await printUrlOf(orderLink, "png"),
      "/no-such-page",
    ];
    const checked: string[] = [];
    for (const url of urls) {
      const response = await fetch(`${base}${url}`, { redirect: "manual" });
      if (response.status >= 300 && response.status < 400) continue; // a redirect shows nothing
      expect.soft(response.headers.get("cache-control"), url).toBe("private, no-store");
      checked.push(url);
    }
    expect(checked.length).toBeGreaterThanOrEqual(urls.length - 1);
    // A form sent back with its errors holds what the buyer typed.
    const echoed = await fetch(`${base}/Shipping`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
      body: "contact=probe%40example.com&name=Private+Person&address=&postalcode=&city=&country=DE",
    });
    expect(echoed.status).toBe(400);
    expect(await echoed.text()).toContain("Private Person");
    expect(echoed.headers.get("cache-control")).toBe("private, no-store");
    // The prerendered pages are the same for everyone: revalidated, not private.
    expect((await fetch(`${base}/`)).headers.get("cache-control")).toBe("no-cache");
  });

  it("mails the buyer a confirmation: written as an .eml file under DATA_DIR/mail when no SMTP server is set", async () => {
    await expect.poll(mailFiles, { timeout: 15_000 }).toHaveLength(1);
    const [file] = mailFiles();
    const message = readFileSync(file!, "utf8");
    expect(message).toMatch(/^To: probe@example\.com$/m);
    expect(message).toMatch(/^From: Deck Studio <orders@localhost>$/m);
    expect(message).toMatch(/^Subject: Your Deck Studio order DS-[0-9A-Z]{8}$/m);
    // The log line follows the file: the server writes it a moment later, through its stdout pipe.
    await expect.poll(() => output, { timeout: 5_000 }).toContain(`mail to probe@example.com`);
  });

  it("a second server on a port already taken says so and exits 1", async () => {
    const otherDataDir = mkdtempSync(path.join(tmpdir(), "deck-server-twin-"));
    try {
      const twin = spawn(process.execPath, [path.resolve("server.mjs")], {
        env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: otherDataDir, NODE_ENV: "production", DATABASE_URL: "" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let twinOutput = "";
      twin.stdout?.on("data", (chunk) => (twinOutput += chunk));
      twin.stderr?.on("data", (chunk) => (twinOutput += chunk));
      const code = await new Promise<number | null>((resolve) => twin.once("exit", resolve));
      expect(code).toBe(1);
      expect(twinOutput).toContain("the shop's port could not be opened");
      expect(twinOutput).not.toContain("Deck Studio listening");
    } finally {
      rmSync(otherDataDir, { recursive: true, force: true });
    }
    // The first server is still the one answering.
    expect((await fetch(`${base}/livez`)).ok).toBe(true);
  }, 120_000);

  it("closes the database and exits 0 on SIGTERM", async () => {
    const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    const started = Date.now();
    server.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(output).toContain("SIGTERM received: finishing the requests in flight, then closing the database");
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
        // Bytes (the stored print PNG) are searched as the text they hold, not as JSON's {"0":137,…} of indices.
        everything += JSON.stringify(rows.rows, (_, value) =>
          value instanceof Uint8Array ? Buffer.from(value).toString("latin1") : value,
        );
      }
      expect(everything).toContain("Card Probe"); // the order is there
      const mails = mailFiles().map((file) => readFileSync(file, "utf8")).join("\n");
      expect(mails).toContain("Card Probe");
      for (const haystack of [everything, output, mails]) {
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
