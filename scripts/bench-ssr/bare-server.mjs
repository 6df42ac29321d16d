// The bare React Router page's server for `npm run bench:ssr`: what React Router's own Express template runs
// (static assets, gzip, the request handler), nothing of the shop's. Started by scripts/bench-ssr.mjs as
//   node bare-server.mjs <app folder> <port>
// with NODE_ENV=production; packages come from the shop's node_modules (linked into the app folder).
import path from "node:path";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const [appDir, port] = process.argv.slice(2);
// Resolved from the bare app's folder, whose node_modules is the shop's: the same versions the shop runs.
const requireFromApp = createRequire(path.join(appDir, "package.json"));
const load = (name) => import(pathToFileURL(requireFromApp.resolve(name)).href);
const { createRequestHandler } = await load("@react-router/express");
const { default: compression } = await load("compression");
const { default: express } = await load("express");

const build = await import(pathToFileURL(path.join(appDir, "build/server/index.js")).href);
const app = express();
app.disable("x-powered-by");
app.use(compression());
app.use("/assets", express.static(path.join(appDir, "build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.join(appDir, "build/client"), { maxAge: "1h" }));
app.use(createRequestHandler({ build }));
app.listen(Number(port), "127.0.0.1", () => console.log(`bare app on ${port}`));
process.on("SIGTERM", () => process.exit(0));
