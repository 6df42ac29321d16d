// The shop's production server (node server.mjs on the built app) for the benchmarks: on a free port, with its own
// fresh DATA_DIR, ready once /healthz answers (with its pid, for memory figures); stop() sends SIGTERM (server.mjs then
// closes its database), waits for the exit and removes the data directory.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "#server/node-flags.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts server.mjs with `env` on top of the defaults; throws with its output if it exits or never answers.
 * `prepare(env)`, if given, runs first with the server's environment (e.g. to create an operator in DATA_DIR,
 * which PGlite lets one process open at a time).
 */
export async function startProductionServer({ env = {}, port, timeoutMs = 90_000, prepare } = {}) {
  port ??= await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "deck-bench-"));
  const serverEnv = { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, SHOP_URL: `http://127.0.0.1:${port}`, ...env };
  try {
    await prepare?.(serverEnv);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server.mjs"], {
    cwd: ROOT,
    env: serverEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout.on("data", (chunk) => (log += chunk));
  child.stderr.on("data", (chunk) => (log += chunk));
  const base = `http://127.0.0.1:${port}`;

  async function stop() {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }

  // The monotonic clock: a wall-clock step (a fresh machine setting its time) must not end the wait early.
  const deadline = performance.now() + timeoutMs;
  let lastPoll = "no poll yet";
  while (performance.now() < deadline) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server.mjs exited with ${child.exitCode}:\n${log}`);
    }
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(5_000) });
      if (response.ok) return { base, dataDir, pid: child.pid, log: () => log, stop };
      lastPoll = `${response.status} ${await response.text()}`;
    } catch (error) {
      lastPoll = `${error.message} (${String(error.cause ?? "")})`; // not listening yet, most often
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`server.mjs did not answer /healthz on port ${port} within ${timeoutMs / 1000} s (last poll: ${lastPoll}):\n${log}`);
}
