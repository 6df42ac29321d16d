// Local only (not committed): the machine is loaded, the server needs longer than 60 s to start.
import base from "./playwright.config.ts";
export default { ...base, webServer: { ...base.webServer, timeout: 300_000 } };
