#!/usr/bin/env node
// The import rules that keep the layers apart, checked over the source tree (tests/architecture.test.ts runs it
// with the suite; `node scripts/check-imports.mjs` prints the same findings):
//   1. Nothing under app/ that ships imports server/, scripts/ or tests/: the app is built and tested on its own,
//      and the server reaches it only through the build. Tests under app/ may use test helpers and scripts.
//   2. server/ imports from app/ only plain modules made for it (`.mjs`): node loads the server without a build.
//   3. No relative path climbs out of its top folder (`../../server/…`): crossing folders goes through the
//      package.json aliases (#app/*, #server/*, #scripts/*, #tests/*), so every arrow between layers is visible.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ts from "typescript";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TOP_FOLDERS = ["app", "server", "scripts", "tests"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

/** Whether a file is a test or a test helper (allowed to reach across layers). */
export function isTestCode(file) {
  return /\.(test|spec)\.(ts|tsx)$/.test(file) || file.startsWith("tests/");
}

/**
 * The import specifiers a source text names: static, type-only, re-exports and dynamic imports, read by
 * TypeScript's own scanner, so that an import spelt inside a string or a comment is not one.
 * @param {string} source
 * @returns {string[]}
 */
export function specifiersOf(source) {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** The project-relative path an import points at, or null for a package. */
export function targetOf(file, specifier) {
  const alias = /^#(app|server|scripts|tests)\/(.*)$/.exec(specifier);
  if (alias) return `${alias[1]}/${alias[2]}`;
  if (specifier.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return null;
}

/**
 * Every broken rule in `files` (project-relative path → source text), as readable lines.
 * @param {Map<string, string>} files
 * @returns {string[]}
 */
export function importViolations(files) {
  const violations = [];
  for (const [file, source] of files) {
    const from = file.split("/")[0];
    for (const specifier of specifiersOf(source)) {
      const target = targetOf(file, specifier);
      if (target === null || specifier.includes("+types/")) continue;
      const to = target.split("/")[0];
      if (specifier.startsWith(".") && TOP_FOLDERS.includes(from) && to !== from) {
        violations.push(`${file}: "${specifier}" climbs out of ${from}/; import it as #${to}/…`);
      }
      if (from === "app" && !isTestCode(file) && ["server", "scripts", "tests"].includes(to)) {
        violations.push(`${file}: the app imports ${to}/ ("${specifier}")`);
      }
      if (from === "server" && !isTestCode(file) && to === "app" && !target.endsWith(".mjs")) {
        violations.push(`${file}: the server imports "${specifier}", which is not a plain .mjs module made for it`);
      }
    }
  }
  return violations;
}

/** The project's source files, project-relative, with their text. */
export function projectSources(root = ROOT) {
  const files = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(relative);
      } else if (SOURCE.test(entry.name)) {
        files.set(relative, readFileSync(path.join(root, relative), "utf8"));
      }
    }
  };
  for (const folder of TOP_FOLDERS) walk(folder);
  return files;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const violations = importViolations(projectSources());
  for (const line of violations) console.error(line);
  console.log(violations.length ? `${violations.length} import rule(s) broken` : "import rules hold");
  process.exitCode = violations.length ? 1 : 0;
}
