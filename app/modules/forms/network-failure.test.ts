import { describe, expect, it } from "vitest";
import { isLostSubmission, networkFailureReply, unlessNetworkFails } from "./network-failure.ts";

describe("unlessNetworkFails", () => {
  it("passes the server's reply through", async () => {
    await expect(unlessNetworkFails(async () => ({ status: "success" }), networkFailureReply)).resolves.toEqual({
      status: "success",
    });
  });

  it("answers a lost submission (fetch's TypeError) like a refused form, with the message's key", async () => {
    const lost = () => Promise.reject(new TypeError("Failed to fetch"));
    const reply = await unlessNetworkFails(lost, () => networkFailureReply("common:error.networkPayment"));
    // A 503, so that React Router does not reload the page's data over the same lost network.
    expect(reply).toMatchObject({
      data: { status: "error", error: { "": ["common:error.networkPayment"] } },
      init: { status: 503 },
    });
    expect(isLostSubmission((reply as { data: unknown }).data)).toBe(true);
    expect(isLostSubmission(networkFailureReply())).toBe(false);
    expect(isLostSubmission(undefined)).toBe(false);
  });

  it("lets any other failure go on to the error page", async () => {
    const broken = () => Promise.reject(new Error("500 from the server"));
    await expect(unlessNetworkFails(broken, networkFailureReply)).rejects.toThrow("500 from the server");
  });
});
