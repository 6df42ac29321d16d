// How every browser run of this project starts Debian's Chromium (Playwright's own browser download cannot
// reach its servers here). Without the background-networking flags Chromium keeps calling home, which this
// machine's closed network refuses.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export function chromiumLaunchOptions() {
  return { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS };
}
