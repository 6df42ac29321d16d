import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { BuildMeta, LatestBuild } from "./build-meta.ts";

/**
 * Runs at the end of `react-router build`: writes `builds/latest.json` and `builds/meta/{id}.json` into the
 * client build, so that the server (or any static host in front of it) serves them beside the assets.
 * The id is React Router's manifest version, the hash that names `assets/manifest-{id}.js`.
 */
export function writeBuildMeta(clientDir: string, prerendered: string[]): BuildMeta {
  const manifest = readdirSync(path.join(clientDir, "assets")).find((file) => /^manifest-[0-9a-f]+\.js$/.test(file));
  if (!manifest) throw new Error(`no React Router manifest in ${clientDir}/assets`);
  const id = manifest.slice("manifest-".length, -".js".length);
  const latest: LatestBuild = { id, time: new Date().toISOString() };
  const meta: BuildMeta = { ...latest, prerendered, redirects: {} };

  mkdirSync(path.join(clientDir, "builds", "meta"), { recursive: true });
  writeFileSync(path.join(clientDir, "builds", "latest.json"), JSON.stringify(latest));
  writeFileSync(path.join(clientDir, "builds", "meta", `${id}.json`), JSON.stringify(meta));
  return meta;
}
