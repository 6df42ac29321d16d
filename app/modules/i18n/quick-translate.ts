import type { i18n as I18n, TFunction } from "i18next";

/** The translate function of each instance and namespace, made once: it reads the words when called. */
const translators = new WeakMap<I18n, Map<string, TFunction>>();

/**
 * The `t` of an i18next instance for a namespace (its default one when none is named), kept per instance: pages,
 * route meta and server-made text all take theirs here.
 */
export function translatorOf(i18n: I18n, namespace?: string | null): TFunction {
  let byNamespace = translators.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translators.set(i18n, byNamespace);
  }
  const key = `${i18n.language}|${namespace ?? ""}`;
  let t = byNamespace.get(key);
  if (!t) {
    t = quickTranslate(i18n, namespace ?? undefined, i18n.getFixedT(i18n.language, (namespace ?? null) as Parameters<I18n["getFixedT"]>[1]) as TFunction);
    byNamespace.set(key, t);
  }
  return t;
}

/**
 * i18next's `t` with a short way for the common call: a plain key of the namespace whose message is a plain
 * string, with at most `{{name}}` placeholders filled from the options. i18next's own `t` copies its options,
 * parses the key for a namespace, looks for plural, context and nesting and runs its interpolator's regular
 * expressions on every call: 7 % of a checkout page's server CPU under load (bench:ssr's profile), for words that
 * never change. Anything else (counts, context, defaults, other namespaces, missing keys, nesting, formats) goes
 * to i18next, so the words are always i18next's.
 *
 * A message found is kept per key: an instance's messages are only ever added (pageI18n), never changed.
 */
export function quickTranslate(i18n: I18n, namespace: string | undefined, fallback: TFunction): TFunction {
  const ns = namespace ?? String(i18n.options.defaultNS ?? "translation");
  const templates = new Map<string, Template>();

  function templateOf(key: string): Template | undefined {
    const known = templates.get(key);
    if (known) return known;
    const message = i18n.getResource(i18n.language, ns, key) as unknown;
    const template = typeof message === "string" ? parseTemplate(message) : undefined;
    if (template) templates.set(key, template);
    return template;
  }

  const t = (key: unknown, options?: unknown): unknown => {
    if (typeof key !== "string" || key.includes(":")) return fallback(key as never, options as never);
    if (options !== undefined && !isPlainValues(options)) return fallback(key as never, options as never);
    const template = templateOf(key);
    if (!template) return fallback(key as never, options as never);
    return template.pieces.length === 1 ? template.text : fill(template, options as Values | undefined);
  };
  // Trans and other readers of a fixed t look at its language and namespace.
  const { lng, lngs, ns: fixedNs, keyPrefix } = fallback as unknown as FixedTProperties;
  return Object.assign(t, { lng, lngs, ns: fixedNs, keyPrefix }) as unknown as TFunction;
}

type FixedTProperties = { lng?: unknown; lngs?: unknown; ns?: unknown; keyPrefix?: unknown };
type Values = Record<string, unknown>;
type Piece = string | { name: string; placeholder: string };
/** A message and its pieces: literal text between placeholders (one piece: no placeholders). */
type Template = { text: string; pieces: Piece[] };

// Options i18next reads itself rather than as a placeholder's value: with any of these, i18next answers.
const I18NEXT_OPTIONS = new Set([
  "count", "context", "defaultValue", "ns", "lng", "lngs", "fallbackLng", "returnObjects", "returnDetails", "joinArrays",
  "postProcess", "interpolation", "replace", "keyPrefix", "ordinal", "nsSeparator", "keySeparator", "skipInterpolation",
]);

function isPlainValues(options: unknown): options is Values {
  if (typeof options !== "object" || options === null || Array.isArray(options)) return false;
  for (const name in options) if (I18NEXT_OPTIONS.has(name) || name.startsWith("defaultValue")) return false;
  return true;
}

const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/**
 * A message whose placeholders are plain names, split once into its literal pieces and placeholders (filling it is
 * then a join, not a regular-expression pass per call); undefined for nesting, formats, paths or unescaped values.
 */
function parseTemplate(text: string): Template | undefined {
  if (text.includes("$t(") || text.includes("{{-")) return undefined;
  const pieces: Piece[] = [];
  let literalFrom = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    const name = match[1]!.trim();
    if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
    pieces.push(text.slice(literalFrom, match.index), { name, placeholder: match[0] });
    literalFrom = match.index + match[0].length;
  }
  pieces.push(text.slice(literalFrom));
  return { text, pieces };
}

/** As i18next fills them (escapeValue off): a value given as undefined or null is empty, a name not given stays. */
function fill(template: Template, values: Values | undefined): string {
  let filled = "";
  for (const piece of template.pieces) {
    if (typeof piece === "string") filled += piece;
    else if (!values || !Object.prototype.hasOwnProperty.call(values, piece.name)) filled += piece.placeholder;
    else filled += values[piece.name] == null ? "" : String(values[piece.name]);
  }
  return filled;
}
