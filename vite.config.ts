import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { emojiSheetMiddleware } from "./server/emoji-sheet.mjs";

/** The emoji sheets the picker requests (server/emoji-sheet.mjs), in development as server.mjs serves them. */
function emojiSheets(): Plugin {
  return {
    name: "deck-studio:emoji-sheets",
    configureServer(server) {
      server.middlewares.use(emojiSheetMiddleware(path.join(server.config.root, "public/emoji/svg")));
    },
  };
}

export default defineConfig({
  plugins: [emojiSheets(), reactRouter()],
  resolve: { tsconfigPaths: true },
});
