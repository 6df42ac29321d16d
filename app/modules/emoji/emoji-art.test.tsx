// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { cleanup, render } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { EmojiArt } from "./emoji-art.tsx";
import { MAX_SHEET_CODES } from "./emoji-format.mjs";

afterEach(cleanup);

// Vitest runs from the project folder (import.meta.url is not a file URL under happy-dom).
const css = readFileSync("app/modules/emoji/emoji-picker.css", "utf8");

describe("EmojiArt without style attributes (pages allow no inline styles)", () => {
  it("picks a sheet's cell and size by classes, on the server as in the browser", () => {
    const html = renderToString(<EmojiArt unified="1f600" art={{ url: "/emoji/sheet.svg", cell: 7 }} size={22} />);
    expect(html).not.toContain("style=");
    expect(html).toContain('class="emoji-art emoji-art--sheet emoji-art--size-22 emoji-cell-7"');
    const { container } = render(<EmojiArt unified="1f600" art={null} />);
    expect(container.innerHTML).not.toContain("style=");
  });

  it("has a rule for every cell a sheet can have and every size", () => {
    for (let cell = 1; cell < MAX_SHEET_CODES; cell++) expect(css).toContain(`.emoji-cell-${cell} {\n  --emoji-cell: ${cell};\n}`);
    for (const size of [20, 22, 28]) expect(css).toContain(`.emoji-art--size-${size} {\n  --emoji-art-size: ${size};\n}`);
  });
});
