import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_SHEET_CODES, parseSheetFileName, sheetFileName } from "#app/modules/emoji/emoji-format.mjs";
import { emojiSheetMiddleware, emojiSheetResponder } from "./emoji-sheet.mjs";

const twemoji = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36">${inner}</svg>`;
let svgDir: string;

beforeAll(() => {
  svgDir = mkdtempSync(path.join(tmpdir(), "emoji-sheet-"));
  writeFileSync(path.join(svgDir, "1f600.svg"), twemoji('<circle fill="#FFCC4D" cx="18" cy="18" r="18"/>'));
  writeFileSync(path.join(svgDir, "1f44b-1f3fb.svg"), twemoji('<path id="a" d="M0 0h36v36z"/><use href="#a" fill="url(#a)"/>'));
  writeFileSync(path.join(svgDir, "1f4a9.svg"), '<svg viewBox="0 0 72 72"><path d="M0 0"/></svg>');
  writeFileSync(path.join(svgDir, "secret.txt"), "not art");
});
afterAll(() => rmSync(svgDir, { recursive: true, force: true }));

describe("sheet file names", () => {
  it("round-trips the codes, in order", () => {
    const codes = ["1f44b-1f3fb", "1f600", "0023-fe0f-20e3"];
    expect(parseSheetFileName(sheetFileName(codes))).toEqual(codes);
  });

  it.each([
    ["no extension", "1f600_1f44b"],
    ["uppercase hex", "1F600.svg"],
    ["a path", "..%2f..%2fetc%2fpasswd.svg"],
    ["a traversal", "../secret.svg"],
    ["an empty code", "1f600__1f44b.svg"],
    ["a repeated code", "1f600_1f600.svg"],
    ["a code too long", "1234567.svg"],
    ["not hex", "zz00.svg"],
  ])("refuses %s", (_, name) => {
    expect(parseSheetFileName(name)).toBeNull();
  });

  it(`holds at most ${MAX_SHEET_CODES} codes`, () => {
    const codes = (count: number) => Array.from({ length: count }, (_, i) => (0x1f300 + i).toString(16));
    expect(parseSheetFileName(sheetFileName(codes(MAX_SHEET_CODES)))).toHaveLength(MAX_SHEET_CODES);
    expect(parseSheetFileName(sheetFileName(codes(MAX_SHEET_CODES + 1)))).toBeNull();
    expect(parseSheetFileName(`${"a".repeat(100_000)}.svg`)).toBeNull();
  });
});

describe("the sheet responder", () => {
  it("stacks the requested files in one 36-wide column, in the order asked, with ids scoped per cell", () => {
    const answer = emojiSheetResponder(svgDir)("/emoji/sheets/1f44b-1f3fb_1f600.svg");
    expect(answer?.status).toBe(200);
    expect(answer?.headers["Content-Type"]).toBe("image/svg+xml");
    const body = String(answer?.body);
    expect(body).toMatch(/^<svg [^>]*width="36" height="72" viewBox="0 0 36 72">/);
    expect(body.indexOf('<svg y="0"')).toBeLessThan(body.indexOf("M0 0h36v36z"));
    expect(body.indexOf('<svg y="36"')).toBeLessThan(body.indexOf("#FFCC4D"));
    expect(body).toContain('id="c0-a"');
    expect(body).toContain('href="#c0-a" fill="url(#c0-a)"');
  });

  it("answers the same sheet again from its cache", () => {
    const respond = emojiSheetResponder(svgDir);
    expect(respond("/emoji/sheets/1f600.svg")?.body).toBe(respond("/emoji/sheets/1f600.svg")?.body);
  });

  it("answers 400 for a malformed name and 404 for a code without art or off the 36×36 canvas", () => {
    const respond = emojiSheetResponder(svgDir);
    expect(respond("/emoji/sheets/../secret.svg")?.status).toBe(400);
    expect(respond("/emoji/sheets/1f600_1f601.svg")).toMatchObject({ status: 404, body: "No artwork for 1f601" });
    expect(respond("/emoji/sheets/1f4a9.svg")?.status).toBe(404);
  });

  it("leaves other paths alone", () => {
    expect(emojiSheetResponder(svgDir)("/emoji/svg/1f600.svg")).toBeNull();
  });
});

describe("the sheet middleware", () => {
  function call(method: string, url: string) {
    const sent: { status?: number; headers: Record<string, string>; body?: unknown; next: boolean } = { headers: {}, next: false };
    const res = {
      set statusCode(status: number) {
        sent.status = status;
      },
      setHeader: (name: string, value: string) => (sent.headers[name] = value),
      end: (body?: unknown) => (sent.body = body),
    };
    emojiSheetMiddleware(svgDir)({ method, url }, res, () => (sent.next = true));
    return sent;
  }

  it("answers GET and HEAD (HEAD without a body), and passes everything else on", () => {
    expect(call("GET", "/emoji/sheets/1f600.svg?v=1")).toMatchObject({ status: 200, next: false });
    expect(call("HEAD", "/emoji/sheets/1f600.svg")).toMatchObject({ status: 200, body: undefined });
    expect(call("POST", "/emoji/sheets/1f600.svg").next).toBe(true);
    expect(call("GET", "/emoji/data.json").next).toBe(true);
    expect(call("GET", "/emoji/sheets/%E0%A4%A.svg").next).toBe(true); // undecodable: not ours to answer
  });
});
