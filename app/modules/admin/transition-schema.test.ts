import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { formMessageIn } from "#app/modules/forms/form-message.server.ts";
import { transitionSchema } from "./transition-schema.ts";

// The schema speaks in message keys; the operator reads them in English here (and in German, see the end).
const english = formMessageIn("en");

function errorsOf(input: Record<string, unknown>) {
  const result = z.safeParse(transitionSchema, input);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), english(issue.message)]));
}

describe("an operator's move of an order", () => {
  it("needs nothing more to start production or mark delivery", () => {
    expect(errorsOf({ expected: "paid", to: "in_production" })).toEqual({});
    expect(errorsOf({ expected: "shipped", to: "delivered" })).toEqual({});
  });

  it("needs a carrier and a tracking number of that carrier's form to ship", () => {
    expect(errorsOf({ expected: "in_production", to: "shipped" })).toEqual({
      carrier: "Choose the carrier",
      trackingNumber: "Enter the tracking number",
    });
    expect(errorsOf({ expected: "in_production", to: "shipped", carrier: "dhl" })).toEqual({ trackingNumber: "Enter the tracking number" });
    expect(errorsOf({ expected: "in_production", to: "shipped", carrier: "dhl", trackingNumber: "abc" })).toEqual({
      trackingNumber: "Enter a DHL tracking number like 00340434161234567890",
    });
    expect(errorsOf({ expected: "in_production", to: "shipped", carrier: "ups", trackingNumber: "1z 999 aa1 0123456784" })).toEqual({});
    expect(errorsOf({ expected: "in_production", to: "shipped", carrier: "royal-mail", trackingNumber: "1" })).toEqual({
      carrier: "Choose the carrier",
    });
  });

  it("needs the refund confirmed to cancel", () => {
    expect(errorsOf({ expected: "paid", to: "cancelled" })).toEqual({ confirm: "Confirm the refund to cancel" });
    expect(errorsOf({ expected: "paid", to: "cancelled", confirm: true })).toEqual({});
  });

  it("refuses statuses it does not know", () => {
    expect(Object.keys(errorsOf({ expected: "lost", to: "teleported" })).sort()).toEqual(["expected", "to"]);
  });
});

describe("the schema's messages in the operator's German", () => {
  it("are keys the form shows in German", () => {
    const german = formMessageIn("de");
    const result = z.safeParse(transitionSchema, { expected: "in_production", to: "shipped", carrier: "dhl", trackingNumber: "1" });
    const messages = result.success ? [] : result.error.issues.map((issue) => german(issue.message));
    expect(messages).toEqual(["Eine DHL-Sendungsnummer wie 00340434161234567890 eingeben"]);
  });
});
