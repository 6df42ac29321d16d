import { describe, expect, it } from "vitest";
import { metricsExposition, observeCheckout, recordRequest, setMetricSources } from "./metrics.mjs";

/** The value of one sample line (`name{labels} value`) in the exposition, or undefined when it is absent. */
async function sample(line: string): Promise<number | undefined> {
  const { body } = await metricsExposition();
  const found = body.split("\n").find((row) => row.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe("the metrics", () => {
  it("count requests and their latency by method, route pattern and status; unknown methods share one label", async () => {
    const before = (await sample('http_requests_total{method="GET",route="/orders/:orderId",status="200"}')) ?? 0;
    recordRequest({ method: "GET", route: "/orders/:orderId", status: 200, seconds: 0.03 });
    recordRequest({ method: "BREW", route: "/*", status: 404, seconds: 0.001 });
    expect(await sample('http_requests_total{method="GET",route="/orders/:orderId",status="200"}')).toBe(before + 1);
    expect(await sample('http_requests_total{method="other",route="/*",status="404"}')).toBeGreaterThanOrEqual(1);
    expect(await sample('http_request_duration_seconds_bucket{le="0.05",method="GET",route="/orders/:orderId"}')).toBeGreaterThanOrEqual(1);
  });

  it("count orders placed and payment outcomes from a checkout's result, passing the result on", async () => {
    const placed = (await sample("shop_orders_placed_total")) ?? 0;
    const declined = (await sample('shop_payments_total{outcome="declined"}')) ?? 0;
    const errors = (await sample('shop_payments_total{outcome="error"}')) ?? 0;
    const result = { status: "placed" as const, id: 1 };
    expect(await observeCheckout(Promise.resolve(result))).toBe(result);
    await observeCheckout(Promise.resolve({ status: "declined" }));
    await expect(observeCheckout(Promise.reject(new Error("payment service away")))).rejects.toThrow("away");
    expect(await sample("shop_orders_placed_total")).toBe(placed + 1);
    expect(await sample('shop_payments_total{outcome="declined"}')).toBe(declined + 1);
    expect(await sample('shop_payments_total{outcome="error"}')).toBe(errors + 1);
  });

  it("read the outbox backlog and the pool at scrape time; a database that does not answer leaves the backlog out", async () => {
    setMetricSources({ outboxBacklog: async () => 7, databasePool: () => ({ total: 4, idle: 3, waiting: 1 }) });
    expect(await sample("shop_mail_outbox_backlog")).toBe(7);
    expect(await sample('shop_db_pool_connections{state="waiting"}')).toBe(1);
    setMetricSources({ outboxBacklog: () => Promise.reject(new Error("connect ECONNREFUSED")) });
    expect(await sample("shop_mail_outbox_backlog")).toBeUndefined();
  });
});
