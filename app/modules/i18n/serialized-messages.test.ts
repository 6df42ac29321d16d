import { describe, expect, it } from "vitest";
import { pageI18n, parseMessages } from "./i18n-instance.ts";
import { messagesFor, serializedMessagesFor } from "./messages.server.ts";

describe("the messages the root loader sends as JSON text", () => {
  it("are the page's namespaces in its language, made once", () => {
    const text = serializedMessagesFor("de", ["common", "checkout"]);
    expect(JSON.parse(text)).toEqual(messagesFor("de", ["common", "checkout"]));
    expect(Object.keys(JSON.parse(text))).toEqual(["common", "checkout"]);
    expect(serializedMessagesFor("de", ["common", "checkout"])).toBe(text);
    expect(serializedMessagesFor("en", ["common", "checkout"])).not.toBe(text);
  });

  it("are parsed once per text and fill the page's i18next", () => {
    const text = serializedMessagesFor("en", ["common", "legal"]);
    const copy = ` ${text}`.slice(1); // equal text, another string, as a navigation's data brings it
    expect(parseMessages(copy)).toBe(parseMessages(text));
    const i18n = pageI18n("en", text);
    expect(i18n.hasResourceBundle("en", "legal")).toBe(true);
  });
});
