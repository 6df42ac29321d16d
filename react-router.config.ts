import path from "node:path";
import type { Config } from "@react-router/dev/config";
import { writeBuildMeta } from "./app/modules/build-update/write-build-meta.server.ts";

/**
 * Pages whose HTML is the same for every visitor are prerendered at build time: the start page and the editor
 * read everything else from the browser. Checkout pages have actions, and /Example needs the visitor's
 * session (guest middleware), so they are rendered per request.
 */
const prerendered = ["/", "/editor"];

export default {
  ssr: true,
  prerender: prerendered,
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
  buildEnd({ reactRouterConfig }) {
    writeBuildMeta(path.join(reactRouterConfig.buildDirectory, "client"), prerendered);
  },
} satisfies Config;
