import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Resvg, type ResvgRenderOptions } from "@resvg/resvg-js";
import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { catalog, isDeckSize } from "#app/modules/catalog/catalog.ts";
import { scopeIds, twemojiFileFor } from "#app/modules/emoji/emoji-sheet-format.mjs";
import { deckOutline, PRINT_DPI } from "./deck-geometry.ts";
import { isDesign, type Design, type EmojiLayer } from "./design.ts";
import { DesignArtwork, EmojiGlyph } from "./design-art.tsx";
import { BUNDLED_FONTS } from "./fonts.ts";
import { getConfig } from "#app/config.server.ts";
import { projectPath } from "#app/project-root.server.ts";
import { createRenderPool, defaultRenderWorkers, type RenderPool } from "./print-render-pool.server.ts";

/**
 * The print files of a design: the whole print area (the rectangle around the deck's outline, bleed included),
 * drawn by the same components as the browser's preview (design-art.tsx), at 300 DPI.
 *
 * Text is converted to outlines (paths) in the SVG rather than shipped with embedded web fonts: print software
 * (RIPs, Illustrator) ignores CSS @font-face, so outlines are the only form that prints the same everywhere, and
 * resvg converts them with the very TTF files the browser was given, so the SVG and the PNG match glyph for
 * glyph. The buyer's words stay in the order's design JSON. Emoji stickers are the self-hosted Twemoji SVG the
 * browser showed, inlined. An emoji newer than Twemoji (the browser shows the device's glyph) has no artwork
 * and no font here, so it is left out of the print; the editor warns when one is picked.
 */

export interface PrintFileOptions {
  /**
   * Folders holding `<unified>.svg` as the browser loads them from /emoji/svg, tried in order. Default: the
   * production build's copy, then public/ (both written by scripts/build-emoji-assets.mjs), found from the
   * project's folder whatever the working directory; outside the production build also the @twemoji/svg
   * package itself (a development dependency, so that tests and `npm run dev` work before the assets are built).
   */
  emojiDirs?: string[];
}

const DEFAULT_EMOJI_DIRS = [projectPath("build/client/emoji/svg"), projectPath("public/emoji/svg")];
const requireFromHere = createRequire(import.meta.url);

/** Width and height of the print file in pixels: inches × 300. */
export function printPixelSize(sizeInches: number): { width: number; height: number } {
  const outline = deckOutline(sizeInches);
  return {
    width: Math.round(outline.sizeInches * PRINT_DPI),
    height: Math.round(catalog.deckLengthInches * PRINT_DPI),
  };
}

/** The print file as vector SVG, text as outlines, sized in pixels at 300 DPI with a viewBox in millimetres. */
export function renderPrintSvg(design: Design, sizeInches: number, options: PrintFileOptions = {}): string {
  return new Resvg(printSourceSvg(design, sizeInches, options), resvgOptions()).toString();
}

/**
 * The print file as a 300 DPI PNG, drawn by the process's bounded render pool (print-render-pool.server.ts): it
 * takes a second or two of a thread of its own, and the server goes on answering meanwhile. A design that cannot
 * be printed throws at once; a full queue rejects with PrintRenderBusyError.
 */
export function renderPrintPng(design: Design, sizeInches: number, options: PrintFileOptions = {}): Promise<Buffer> {
  const source = printSourceSvg(design, sizeInches, options);
  return printRenderPool().render(source, resvgOptions());
}

let pool: RenderPool | undefined;

/** The process's one render pool, sized by PRINT_RENDER_WORKERS and PRINT_RENDER_QUEUE, started on first use. */
export function printRenderPool(): RenderPool {
  if (!pool) {
    const config = getConfig();
    pool = createRenderPool({
      workers: config.PRINT_RENDER_WORKERS ?? defaultRenderWorkers(),
      maxQueued: config.PRINT_RENDER_QUEUE,
    });
  }
  return pool;
}

/** The SVG both files are made from: text still as <text> in the bundled fonts, emoji inlined. */
export function printSourceSvg(design: Design, sizeInches: number, options: PrintFileOptions = {}): string {
  assertPrintable(design, sizeInches);
  const outline = deckOutline(sizeInches);
  const pixels = printPixelSize(sizeInches);
  const emojiArt = emojiArtReader(options.emojiDirs);
  const artwork = renderToStaticMarkup(
    createElement(DesignArtwork, { design, print: true, renderEmoji: (layer: EmojiLayer) => inlineEmoji(layer, emojiArt) }),
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels.width}" height="${pixels.height}"`,
    ` viewBox="0 0 ${outline.width} ${outline.length}" preserveAspectRatio="none">`,
    `<rect width="${outline.width}" height="${outline.length}" fill="${design.background}"/>`,
    artwork,
    "</svg>",
  ].join("");
}

function assertPrintable(design: Design, sizeInches: number) {
  if (!isDeckSize(sizeInches)) throw new RangeError(`${sizeInches} is not a deck width of the catalog`);
  if (!isDesign(design)) throw new TypeError("The design is not valid: check it with designSchema before printing");
}

function resvgOptions(): ResvgRenderOptions {
  return {
    fitTo: { mode: "original" },
    font: {
      loadSystemFonts: false,
      fontFiles: BUNDLED_FONTS.map((font) => requireFromHere.resolve(font.file)),
      defaultFontFamily: BUNDLED_FONTS[0]?.family,
    },
  };
}

// ---- emoji artwork -----------------------------------------------------------------------------------------

interface EmojiArt {
  viewBox: string;
  /** The artwork's content, without its <svg> element. */
  content: string;
}

function inlineEmoji(layer: EmojiLayer, readArt: (unified: string) => EmojiArt | null): ReactNode {
  const art = readArt(layer.unified);
  if (!art) return createElement(EmojiGlyph, { layer });
  const half = layer.size / 2;
  // Ids inside the artwork (clip paths) are made unique per layer: two stickers share one document now.
  const content = scopeIds(art.content, `${layer.id}-`);
  return createElement("svg", {
    x: -half,
    y: -half,
    width: layer.size,
    height: layer.size,
    viewBox: art.viewBox,
    dangerouslySetInnerHTML: { __html: content },
  });
}

function parseSvg(text: string): EmojiArt | null {
  const match = /^\s*<svg\b([^>]*)>([\s\S]*)<\/svg>\s*$/.exec(text);
  if (!match) return null;
  const viewBox = /\bviewBox="([^"]+)"/.exec(match[1] ?? "")?.[1] ?? "0 0 36 36";
  return { viewBox, content: match[2] ?? "" };
}

const artCache = new Map<string, EmojiArt | null>();
let twemojiFiles: Set<string> | undefined;

/** Reads `<unified>.svg` from the first folder that has it; the unified code is validated by isDesign first. */
function emojiArtReader(dirs: string[] = DEFAULT_EMOJI_DIRS) {
  const key = dirs.join("|");
  return (unified: string): EmojiArt | null => {
    const cacheKey = `${key}#${unified}`;
    if (!artCache.has(cacheKey)) artCache.set(cacheKey, readEmojiArt(dirs, unified));
    return artCache.get(cacheKey) ?? null;
  };
}

// The production server reads only what the build wrote: a sticker must never depend on a dev dependency.
const READS_TWEMOJI_PACKAGE = !import.meta.env.PROD;

function readEmojiArt(dirs: string[], unified: string): EmojiArt | null {
  const built = dirs.map((dir) => path.resolve(dir, `${unified}.svg`)).find((file) => existsSync(file));
  const file = built ?? (READS_TWEMOJI_PACKAGE ? twemojiPackageFile(unified) : null);
  return file ? parseSvg(readFileSync(file, "utf8")) : null;
}

/** The artwork in @twemoji/svg itself, whose file names spell some codes differently (see the emoji script). */
function twemojiPackageFile(unified: string): string | null {
  let dir: string;
  try {
    dir = path.dirname(requireFromHere.resolve("@twemoji/svg/package.json"));
  } catch {
    return null; // a production install without dev dependencies: the built folders are the source
  }
  twemojiFiles ??= new Set(readdirSync(dir).flatMap((name) => (name.endsWith(".svg") ? [name.slice(0, -4)] : [])));
  const name = twemojiFileFor(unified, null, twemojiFiles);
  return name ? path.join(dir, `${name}.svg`) : null;
}
