import { describe, expect, it } from "vitest";
import { optionsSchema, shippingStepSchema } from "#app/modules/checkout/order-schema.ts";
import { parseForm } from "./parse-form.ts";

function form(fields: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of [value].flat()) data.append(name, item);
  }
  return data;
}

function errorsOf(submission: ReturnType<typeof parseForm>) {
  return submission.status === "error" ? submission.error : undefined;
}

describe("parseForm", () => {
  it("turns a width into a number and a ticked checkbox into true", () => {
    const submission = parseForm(form({ size: "8.25", grip: "on" }), optionsSchema);
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ size: 8.25, grip: true });
  });

  it("treats an absent checkbox as false", () => {
    const submission = parseForm(form({ size: "8" }), optionsSchema);
    expect(submission.status === "success" && submission.value).toEqual({ size: 8, grip: false });
  });

  it("reports a missing or non-numeric width on its field", () => {
    for (const size of ["", "wide", "1e309"]) {
      const submission = parseForm(form({ size }), optionsSchema);
      // The schema's messages are message keys, shown in the page's language by the field (form-message.ts).
      expect(errorsOf(submission)).toEqual({ size: ["checkout:errors.deckWidth"] });
    }
  });

  it("keys errors by field name and keeps the buyer's input for the reply", () => {
    const submission = parseForm(form({ contact: "ada@example.com", name: "", country: "DE" }), shippingStepSchema);
    expect(errorsOf(submission)?.name).toEqual(["checkout:errors.required.name"]);
    expect(submission.reply().initialValue).toMatchObject({ contact: "ada@example.com", country: "DE" });
  });

  it("rejects a field sent twice instead of picking one", () => {
    const submission = parseForm(form({ size: ["8", "8.5"] }), optionsSchema);
    expect(errorsOf(submission)?.size).toBeDefined();
  });

  it("holds back untouched fields' errors while checking one field, and reports them all on submit", () => {
    const touched = new Set(["postalcode"]);
    const isUntouched = (name: string) => !touched.has(name);
    // How conform asks to check one field (leaving it): an intent in the form data.
    const leaving = form({ postalcode: "1", country: "DE", __intent__: JSON.stringify({ type: "validate", payload: { name: "postalcode" } }) });
    const checked = parseForm(leaving, shippingStepSchema, { isUntouched });
    // A field check has no status of its own (conform decides what to show), only errors.
    expect(Object.keys(("error" in checked && checked.error) || {})).toEqual(["postalcode"]);

    const submitted = parseForm(form({ postalcode: "1", country: "DE" }), shippingStepSchema, { isUntouched });
    expect(Object.keys(errorsOf(submitted) ?? {})).toEqual(expect.arrayContaining(["name", "address", "city", "postalcode"]));
  });
});
