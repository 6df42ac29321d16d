import { describe, expect, it, onTestFinished } from "vitest";
import { captureLogs, logger, logRequest, runWithRequest, scrubSecrets } from "./logger.mjs";

function capture() {
  const logs = captureLogs();
  onTestFinished(logs.stop);
  return logs;
}

describe("the logger", () => {
  it("writes JSON lines with the level's name, and the request id on every line written for a request", async () => {
    const logs = capture();
    logger.info("outside");
    await runWithRequest("abcd1234", async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.child({ component: "mail" }).warn("inside, after an await, from a child logger");
    });
    expect(logs.lines[0]).toMatchObject({ level: "info", msg: "outside" });
    expect(logs.lines[0]).not.toHaveProperty("requestId");
    expect(logs.lines[1]).toMatchObject({ level: "warn", requestId: "abcd1234", component: "mail" });
  });

  it("writes a request's access line with its named fields only, in the same format", () => {
    const logs = capture();
    const fields = { requestId: "abcd1234", method: "GET", route: "/orders/:id", path: "/orders/7", status: 200, durationMs: 12.5 };
    logRequest({ ...fields, cookie: "session=secret" } as typeof fields);
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({ level: "info", msg: "request", ...fields });
    expect(logs.lines[0]).toHaveProperty("time");
    expect(JSON.stringify(logs.lines[0])).not.toContain("secret");
  });

  it("never writes a password, card data, a token or a cookie given as a field", () => {
    const logs = capture();
    logger.info(
      {
        password: "hunter2-passphrase",
        cardNumber: "4242424242424242",
        form: { cardCvv: "737", newPassword: "another-passphrase", token: "guest-token-value" },
        req: { headers: { cookie: "__session=session-token-value", authorization: "Bearer bearer-value" } },
        res: { headers: { "set-cookie": "__session=set-cookie-value" } },
      },
      "fields",
    );
    const line = JSON.stringify(logs.lines[0]);
    expect(logs.lines[0]).toMatchObject({ form: { cardCvv: "[redacted]" } });
    for (const secret of ["hunter2", "4242424242424242", "another-passphrase", "guest-token-value", "session-token-value", "bearer-value", "set-cookie-value"]) {
      expect(line).not.toContain(secret);
    }
    expect(line).toContain("[redacted]");
  });

  it("takes card numbers, cookies and a failed query's parameters out of messages and errors", () => {
    const logs = capture();
    logger.warn("card 4242 4242 4242 4242 and 4000-0000-0000-0002 typed");
    const error = Object.assign(
      new Error("Failed query: select * from sessions where token_hash = $1\nparams: 9f86d081884c7d65,ada@example.com"),
      { params: ["9f86d081884c7d65", "ada@example.com"] },
    );
    logger.error({ err: error }, "query failed");
    logger.info(`header Cookie: __session=abc.def; other=1`);
    const text = JSON.stringify(logs.lines);
    expect(text).not.toMatch(/4242 4242|4000-0000|9f86d081884c7d65|ada@example\.com|__session=abc/);
    expect(logs.lines[1]).toMatchObject({ err: { type: "Error", message: expect.stringContaining("params: [redacted]") } });
    expect(scrubSecrets("order DS-12345678 costs 7590")).toBe("order DS-12345678 costs 7590");
  });
});
