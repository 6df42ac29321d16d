import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-outage.server.ts";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("telling a database outage from other errors", () => {
  it("knows a refused or cut connection, a restarting server and the pool's connect timeout, also wrapped", () => {
    expect(isDatabaseUnavailable(withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("terminating connection due to administrator command", "57P01"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("the database system is starting up", "57P03"))).toBe(true);
    expect(isDatabaseUnavailable(withCode("connection failure", "08006"))).toBe(true);
    const wrapped = new Error("Failed query: select 1\nparams: ", { cause: withCode("read ECONNRESET", "ECONNRESET") });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it("leaves bugs and bad data to the generic error page", () => {
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint "orders_pkey"', "23505"))).toBe(false);
    expect(isDatabaseUnavailable(withCode('relation "orders" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailable(new Response("Not Found", { status: 404 }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
