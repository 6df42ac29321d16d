import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { emojiSheetMiddleware } from "./server/emoji-sheet.mjs";
import { clientAddressHeader } from "./server/client-address.mjs";
import { sameOriginGuard } from "./server/same-origin.mjs";

/** The emoji sheets the picker requests (server/emoji-sheet.mjs), in development as server.mjs serves them. */
function emojiSheets(): Plugin {
  return {
    name: "deck-studio:emoji-sheets",
    configureServer(server) {
      server.middlewares.use(emojiSheetMiddleware(path.join(server.config.root, "public/emoji/svg")));
    },
  };
}

/**
 * The same-origin (CSRF) check and the client-address header in front of React Router, in development as
 * server.mjs does it in production.
 */
function sameOrigin(): Plugin {
  return {
    name: "deck-studio:same-origin",
    configureServer(server) {
      server.middlewares.use(sameOriginGuard());
      server.middlewares.use(clientAddressHeader());
    },
  };
}

export default defineConfig({
  plugins: [emojiSheets(), sameOrigin(), reactRouter()],
});
