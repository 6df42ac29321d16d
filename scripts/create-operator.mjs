#!/usr/bin/env node
// npm run operator:create -- --email ops@example.com
// Makes a back-office operator (a new account, or an existing one given the role), with a password asked for at
// the terminal (twice, not echoed) or read from standard input when it is not a terminal:
//   printf '%s\n' "$PASSWORD" | npm run operator:create -- --email ops@example.com
// There is no default password. It runs the built server's code (npm run build first) on the database the shop
// is configured with (DATABASE_URL, or PGlite in DATA_DIR: stop the shop first, PGlite allows one process).
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

process.env.NODE_ENV ??= "production";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function fail(message) {
  console.error(`operator:create: ${message}`);
  process.exit(1);
}

/** Reads one line from standard input, without echo at a terminal. */
function readLine(prompt) {
  return new Promise((resolve) => {
    const muted = process.stdin.isTTY;
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: muted });
    if (muted) {
      // Print the prompt once, then nothing of what is typed.
      rl._writeToOutput = (text) => {
        if (text.includes(prompt)) process.stdout.write(prompt);
      };
    }
    rl.question(muted ? prompt : "", (answer) => {
      // Settle before closing: closing settles the promise with "" (the end of input without an answer).
      resolve(answer);
      rl.close();
      if (muted) process.stdout.write("\n");
    });
    rl.on("close", () => resolve(""));
  });
}

const USAGE = "npm run operator:create -- --email ops@example.com (the password is asked for, or read from standard input)";

function readOptions() {
  try {
    return parseArgs({ options: { email: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }).values;
  } catch (error) {
    return fail(`${error.message}\nusage: ${USAGE}`);
  }
}

const values = readOptions();
if (values.help) {
  console.log(`usage: ${USAGE}`);
  process.exit(0);
}
if (!values.email) fail(`name the operator's address: ${USAGE}`);

const serverBuild = path.join(root, "build/server/index.js");
if (!existsSync(serverBuild)) fail("no server build: run npm run build first");

const password = await readLine("Password (at least 8 characters): ");
if (process.stdin.isTTY && (await readLine("The same password again: ")) !== password) fail("the passwords differ");

const build = await import(pathToFileURL(serverBuild).href);
try {
  const result = await build.entry.module.commands.createOperator({ email: values.email, password });
  if (!result.ok) fail(result.errors.join("; "));
  console.log(
    result.status === "created"
      ? `Operator ${result.email} created. Sign in at /admin/login.`
      : `The account ${result.email} is now an operator, with the new password. Sign in at /admin/login.`,
  );
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
