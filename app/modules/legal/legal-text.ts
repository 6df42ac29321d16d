/**
 * The legal pages' texts are the operator's, written in a small Markdown-like format (config/legal/<locale>/*.md).
 * This file turns such a text into plain data (blocks of inline pieces) that legal-text-view.tsx renders as React
 * elements: no HTML from the file ever reaches the page, so a text cannot inject markup or scripts.
 *
 * The format, one construct per block (blocks are separated by blank lines):
 * - `## Heading` and `### Subheading` (a `#` heading is a `##` one: the page's own title is its one h1)
 * - lines starting with `- ` make a list; lines starting with `1. ` (any number) a numbered list, when the block
 *   starts with one
 * - anything else is a paragraph; its lines keep their line breaks (addresses, the model form)
 * - inline: `**bold**`, a cookie's or file's name in backticks, and `[text](target)`, where target is a path on this site (`/legal/terms`), an
 *   `https://` or `http://` address, `mailto:` or `tel:`; any other target is shown as plain text.
 */

export type Inline =
  | { kind: "text"; text: string }
  | { kind: "strong"; text: string }
  | { kind: "code"; text: string }
  | { kind: "link"; text: string; href: string };

/** A paragraph's lines, each a run of inline pieces. */
export type Line = Inline[];

export type Block =
  | { kind: "heading"; level: 2 | 3; content: Line }
  | { kind: "paragraph"; lines: Line[] }
  | { kind: "list"; ordered: boolean; items: Line[] };

const SAFE_HREF = /^(\/(?!\/)[^\s]*|https?:\/\/[^\s]+|mailto:[^\s]+|tel:[+0-9 ()-]+)$/i;

export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href);
}

const INLINE = /\*\*(.+?)\*\*|\[([^\]\n]+)\]\(([^)\s]+)\)|`([^`\n]+)`/g;

export function parseInline(text: string): Line {
  const pieces: Inline[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) pieces.push({ kind: "text", text: text.slice(last, match.index) });
    const [whole, strong, linkText, href, code] = match;
    if (strong !== undefined) pieces.push({ kind: "strong", text: strong });
    else if (code !== undefined) pieces.push({ kind: "code", text: code });
    else if (linkText !== undefined && href !== undefined && isSafeHref(href)) pieces.push({ kind: "link", text: linkText, href });
    else pieces.push({ kind: "text", text: whole });
    last = match.index + whole.length;
  }
  if (last < text.length) pieces.push({ kind: "text", text: text.slice(last) });
  return pieces;
}

const HEADING = /^(#{1,3})\s+(.*)$/;
const BULLET = /^[-*]\s+(.*)$/;
const NUMBERED = /^\d+[.)]\s+(.*)$/;

/** Parses a whole text into blocks. */
export function parseLegalText(source: string): Block[] {
  const blocks: Block[] = [];
  const chunks = source
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((chunk) => chunk.split("\n").map((line) => line.trimEnd()).filter((line) => line.trim() !== ""))
    .filter((lines) => lines.length > 0);

  for (const lines of chunks) {
    let paragraph: string[] = [];
    let list: { ordered: boolean; items: string[] } | null = null;
    const flush = () => {
      if (paragraph.length) blocks.push({ kind: "paragraph", lines: paragraph.map(parseInline) });
      if (list) blocks.push({ kind: "list", ordered: list.ordered, items: list.items.map(parseInline) });
      paragraph = [];
      list = null;
    };
    for (const raw of lines) {
      const line = raw.trim();
      const heading = HEADING.exec(line);
      const bullet = BULLET.exec(line);
      // A numbered line starts a list only at the start of a block ("14. Mai" inside a paragraph stays text).
      const numbered = paragraph.length ? null : NUMBERED.exec(line);
      if (heading) {
        flush();
        blocks.push({ kind: "heading", level: heading[1]!.length === 3 ? 3 : 2, content: parseInline(heading[2]!) });
      } else if (bullet || numbered) {
        const ordered = !bullet;
        if (paragraph.length || (list && list.ordered !== ordered)) flush();
        list ??= { ordered, items: [] };
        list.items.push((bullet ?? numbered)![1]!);
      } else if (list && /^\s/.test(raw)) {
        // An indented line continues the list item above it.
        list.items[list.items.length - 1] += ` ${line}`;
      } else {
        if (list) flush();
        paragraph.push(line);
      }
    }
    flush();
  }
  return blocks;
}

/**
 * Fills `{{name}}` placeholders (the seller's facts) into a text. An unknown placeholder is an error: a text that
 * names a fact the configuration lacks must not go out with a hole in it.
 */
export function fillPlaceholders(source: string, values: Readonly<Record<string, string | undefined>>, where: string): string {
  return source.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (_whole, name: string) => {
    const value = values[name];
    if (value === undefined || value === "") throw new Error(`${where}: the placeholder {{${name}}} has no value in the operator configuration`);
    return value;
  });
}

/** The plain text of a block's inline pieces (for tests, and for a description taken from a text). */
export function plainText(line: Line): string {
  return line.map((piece) => piece.text).join("");
}

/**
 * A whole text as plain text, for a file a buyer keeps (the order confirmation's attachments): the title and the
 * level-2 headings underlined, lists with their bullets or numbers, and each link's target written after its words,
 * a path of this site as a full address on `origin`.
 */
export function legalTextAsPlainText(title: string, blocks: readonly Block[], origin: string): string {
  const inline = (line: Line) => line.map((piece) => (piece.kind === "link" ? linkAsText(piece, origin) : piece.text)).join("");
  const underlined = (text: string, mark: string) => `${text}\n${mark.repeat(text.length)}`;
  const parts = [underlined(title, "=")];
  for (const block of blocks) {
    if (block.kind === "heading") parts.push(block.level === 2 ? underlined(inline(block.content), "-") : inline(block.content));
    else if (block.kind === "paragraph") parts.push(block.lines.map(inline).join("\n"));
    else parts.push(block.items.map((item, index) => `${block.ordered ? `${index + 1}.` : "-"} ${inline(item)}`).join("\n"));
  }
  return `${parts.join("\n\n")}\n`;
}

function linkAsText(link: Extract<Inline, { kind: "link" }>, origin: string): string {
  const target = link.href.startsWith("/") ? new URL(link.href, origin).href : link.href.replace(/^(mailto|tel):/i, "");
  return target === link.text ? link.text : `${link.text} (${target})`;
}
