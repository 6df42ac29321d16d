import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// The shop's Vite config minus `resolve.tsconfigPaths`, which only maps its `~/` imports.
export default defineConfig({
  plugins: [reactRouter()],
});
