// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { KEPT_SUBMISSION_KEY, keepLastSubmission, restoreKeptSubmission, startNotingSubmissions } from "./kept-submission.client.ts";

function page() {
  document.body.innerHTML = `
    <form method="get" role="search"><input name="q"></form>
    <form method="post" id="ship">
      <input id="carrier" name="carrier" value="">
      <input id="tracking" name="trackingNumber" value="">
      <input id="password" type="password" name="password" value="">
      <input id="card" name="cardNumber" value="">
      <input id="version" type="hidden" name="expectedStatus" value="paid">
      <button type="submit">Ship</button>
    </form>`;
  return (id: string) => document.getElementById(id) as HTMLInputElement;
}

function submit() {
  const form = document.getElementById("ship") as HTMLFormElement;
  form.addEventListener("submit", (event) => event.preventDefault(), { once: true });
  form.dispatchEvent(new Event("submit", { bubbles: true, cancelable: true }));
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  sessionStorage.clear();
  document.body.innerHTML = "";
});

describe("a form sent while the shop was briefly unavailable", () => {
  it("is given back (nothing secret, nothing hidden) when the page is opened again, once", () => {
    let field = page();
    stop = startNotingSubmissions();
    field("carrier").value = "dhl";
    field("tracking").value = "JJD0001";
    field("password").value = "secret passphrase";
    field("card").value = "4242 4242 4242 4242";
    submit();
    keepLastSubmission();
    const stored = sessionStorage.getItem(KEPT_SUBMISSION_KEY) ?? "";
    expect(stored).toContain("JJD0001");
    expect(stored).not.toMatch(/secret passphrase|4242|expectedStatus/);

    // "Try again": the page anew, empty.
    field = page();
    const heard: string[] = [];
    document.addEventListener("input", (event) => heard.push((event.target as HTMLInputElement).name));
    expect(restoreKeptSubmission()).toBe(2);
    expect(field("carrier").value).toBe("dhl");
    expect(field("tracking").value).toBe("JJD0001");
    expect(field("password").value).toBe("");
    expect(heard).toEqual(["carrier", "trackingNumber"]);
    field = page();
    expect(restoreKeptSubmission()).toBe(0);
  });

  it("is not kept when the page that follows is not the outage page (the submission went through)", () => {
    const field = page();
    stop = startNotingSubmissions();
    field("tracking").value = "JJD0002";
    submit();
    expect(sessionStorage.getItem(KEPT_SUBMISSION_KEY)).toBeNull();
    page();
    expect(restoreKeptSubmission()).toBe(0);
  });
});
