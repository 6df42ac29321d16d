// The route label of a request for metrics and the access log: React Router's matched pattern (`/orders/:orderId`)
// when it answered, a fixed name for what server.mjs answers itself, never the raw path, whose ids, tokens and
// random probes would make one series per URL.

/** Folders of build/client whose files server.mjs serves as they are. */
const STATIC_FOLDERS = new Set(["assets", "emoji", "fonts", "builds", "images"]);
/** Paths server.mjs (or its prerendered pages) answers before React Router. */
const OWN_PATHS = new Set(["/", "/editor", "/_.data", "/editor.data", "/livez", "/favicon.svg", "/robots.txt", "/__manifest"]);

/**
 * @param {{ pattern?: string | null, pathname: string }} request  pattern: React Router's, when it matched one
 * @returns {string}
 */
export function routeLabel({ pattern, pathname }) {
  if (pattern) return pattern.startsWith("/") ? pattern : `/${pattern}`;
  const path = pathname.split("?")[0] ?? "";
  if (OWN_PATHS.has(path) || OWN_PATHS.has(path.replace(/\/$/, ""))) return path.replace(/(.)\/$/, "$1");
  const folder = /^\/([^/]+)\//.exec(path)?.[1];
  if (folder && STATIC_FOLDERS.has(folder)) return `/${folder}/*`;
  return "other";
}
