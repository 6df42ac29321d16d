/**
 * What the server publishes about builds (spec §7): `builds/latest.json` names the newest build, and
 * `builds/meta/{buildId}.json` describes one build's routes. Shared by the build step, the server and the client.
 */
export interface LatestBuild {
  id: string;
  /** ISO time the build was made. */
  time: string;
}

export interface BuildMeta extends LatestBuild {
  /** Paths served as prerendered HTML (with their `.data` payloads beside them). */
  prerendered: string[];
  /** Permanent redirects, from → to. */
  redirects: Record<string, string>;
}

export const LATEST_BUILD_URL = "/builds/latest.json";

export function buildMetaUrl(buildId: string): string {
  return `/builds/meta/${encodeURIComponent(buildId)}.json`;
}

/** The id of the build this page runs: React Router's manifest version, a hash of the client build. */
export function currentBuildId(): string | undefined {
  return (window as { __reactRouterManifest?: { version?: string } }).__reactRouterManifest?.version;
}
