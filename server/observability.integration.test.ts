import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, startProductionServer } from "#scripts/lib/production-server.mjs";
import { paymentFields, shopClient } from "#tests/support/shop-client.ts";

/**
 * The production server's logs and metrics over a buyer's whole visit: sign-up, sign-in, a declined and a paid
 * purchase, the order page. Its entire output must be JSON lines, every request's access line must carry the id
 * the response was sent with, and nothing the buyer typed as a secret (card number, security code, password) nor
 * the session cookie may appear anywhere in it. The metrics port then shows the requests by route pattern, the
 * order and the payment outcomes. On the embedded database (its own DATA_DIR), with debug logging on.
 */
const CARD = { number: "4000 0000 0000 5126", cvv: "373" };
const PASSWORD = "Correct horse battery staple 42";
const EMAIL = "observed-buyer@example.com";

let server: Awaited<ReturnType<typeof startProductionServer>>;
let metricsBase: string;

/** The newest mail file in the server's outbox folder whose text holds `needle`, decoded from quoted-printable. */
async function mailHolding(needle: string): Promise<string> {
  const dir = path.join(server.dataDir, "mail");
  for (let i = 0; i < 150; i++) {
    const files = (() => {
      try {
        return readdirSync(dir).sort().reverse();
      } catch {
        return [];
      }
    })();
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      if (text.includes(needle)) return text;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail holding ${needle}:\n${server.log()}`);
}

/** The server's output as lines, and each parsed (null for a line that is not JSON). */
function logLines() {
  const lines = server.log().split("\n").filter((line) => line.trim() !== "");
  return lines.map((line) => {
    try {
      return { line, json: JSON.parse(line) as Record<string, unknown> };
    } catch {
      return { line, json: null };
    }
  });
}

describe("a production server's logs and metrics over a buyer's visit", () => {
  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsBase = `http://127.0.0.1:${metricsPort}`;
    server = await startProductionServer({
      env: { DATABASE_URL: "", METRICS_PORT: String(metricsPort), LOG_LEVEL: "debug", SESSION_SECRET: "observability-test-secret-long-enough-1234" },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  }, 30_000);

  it("logs JSON with request ids and no card number, security code, password or session cookie; metrics count it all", async () => {
    const buyer = shopClient(server.base);
    // Sign-up, confirmed through the mailed link, then a sign-in: a session cookie.
    expect((await buyer.post("/Login", { intent: "signup", email: EMAIL, password: PASSWORD })).status).toBe(200);
    const link = /https?:\/\/[^\s"<>]+(\/account\/confirm\?code=[\w-]+)/.exec(await mailHolding("/account/confirm"))![1]!;
    expect((await buyer.get(link)).status).toBe(200);
    expect((await buyer.post(link, {})).status).toBe(302);
    expect((await buyer.post("/Login", { intent: "signin", email: EMAIL, password: PASSWORD })).status).toBe(302);
    const sessionCookie = buyer.cookie()!;
    expect(sessionCookie).toMatch(/=.{16,}/);

    // A declined card, then the purchase, then its order page.
    const declined = await buyer.post("/Payment", paymentFields({ number: "4000 0000 0000 0002", cvv: CARD.cvv }, { contact: EMAIL }));
    expect(declined.status).toBe(402);
    const paid = await buyer.post("/Payment", paymentFields(CARD, { contact: EMAIL }));
    expect(paid.status).toBe(302);
    const orderPage = await buyer.get(paid.headers.get("location")!);
    expect(orderPage.status).toBe(200);
    const orderRequestId = orderPage.headers.get("x-request-id");

    // The access lines are written when each answer is done: wait for the order page's.
    const deadline = performance.now() + 10_000;
    while (!server.log().includes(`"requestId":"${orderRequestId}"`) && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const lines = logLines();
    expect(lines.filter(({ json }) => json === null).map(({ line }) => line)).toEqual([]);
    const access = lines.map(({ json }) => json!).filter((json) => json.msg === "request");
    expect(access.length).toBeGreaterThanOrEqual(8); // /healthz (start-up), 7 of the buyer's
    for (const line of access) {
      expect(line).toMatchObject({ requestId: expect.stringMatching(/^[0-9a-f]{8}$/), method: expect.any(String), status: expect.any(Number), durationMs: expect.any(Number) });
      expect(String(line.path)).not.toContain("?");
    }
    expect(access).toContainEqual(expect.objectContaining({ requestId: orderRequestId, route: "/orders/:orderId", status: 200 }));
    expect(access).toContainEqual(expect.objectContaining({ method: "POST", route: "/Payment", status: 302 }));

    // Nothing secret anywhere in the output. The security code is short: it is looked for as a value of its own,
    // with the time, the process id and the durations (numbers that may hold its digits) left out.
    const everything = server.log();
    const [cookieName, cookieValue] = sessionCookie.split("=") as [string, string];
    const secrets = [CARD.number, CARD.number.replaceAll(" ", ""), "4000000000000002", PASSWORD, cookieValue, decodeURIComponent(cookieValue)];
    for (const secret of secrets) expect(everything, `the log holds ${secret}`).not.toContain(secret);
    expect(everything).not.toContain(`${cookieName}=`);
    for (const { json } of lines) {
      const { time: _time, pid: _pid, durationMs: _duration, ...rest } = json!;
      expect(JSON.stringify(rest)).not.toMatch(new RegExp(`(^|\\D)${CARD.cvv}(\\D|$)`));
    }

    // The metrics port: requests by route pattern, the order, the payment outcomes, the outbox and the pool.
    const metrics = await fetch(`${metricsBase}/metrics`);
    expect(metrics.status).toBe(200);
    expect(metrics.headers.get("content-type")).toContain("text/plain");
    const body = await metrics.text();
    const value = (sample: string) => Number(new RegExp(`^${sample.replace(/[{}"/:*.]/g, "\\$&")} (\\S+)$`, "m").exec(body)?.[1]);
    expect(value('http_requests_total{method="POST",route="/Payment",status="302"}')).toBe(1);
    expect(value('http_requests_total{method="POST",route="/Payment",status="402"}')).toBe(1);
    expect(value('http_requests_total{method="GET",route="/orders/:orderId",status="200"}')).toBeGreaterThanOrEqual(1);
    expect(value('http_request_duration_seconds_count{method="POST",route="/Payment"}')).toBe(2);
    expect(value("shop_orders_placed_total")).toBe(1);
    expect(value('shop_payments_total{outcome="approved"}')).toBe(1);
    expect(value('shop_payments_total{outcome="declined"}')).toBe(1);
    expect(value("shop_mail_outbox_backlog")).toBeGreaterThanOrEqual(0);
    expect(value('shop_db_pool_connections{state="total"}')).toBe(1);
    // No raw URL (an order's id, a token) as a label.
    expect(body).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
    expect(body).not.toContain("token=");
    // The shop's own port does not serve them.
    expect((await fetch(`${server.base}/metrics`)).status).toBe(404);
  }, 90_000);
});
