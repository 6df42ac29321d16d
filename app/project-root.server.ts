import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project's folder (the one with package.json), found from this module's own location rather than from the
 * working directory: the server may be started from anywhere (`node /srv/shop/server.mjs`), and files the shop
 * ships (migrations, emoji artwork, the default data folder) must be found all the same. The module runs from
 * app/ under Vite and Vitest and from build/server/ in production; both lie below the project's folder.
 */
export const PROJECT_ROOT = projectRootAbove(path.dirname(fileURLToPath(import.meta.url)));

export function projectRootAbove(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

/** A path inside the project's folder. */
export function projectPath(...segments: string[]): string {
  return path.join(PROJECT_ROOT, ...segments);
}
