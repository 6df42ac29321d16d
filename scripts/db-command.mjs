#!/usr/bin/env node
// The embedded database's commands (README, "Running on several servers"). Each runs the built server's code
// (npm run build first) on the shop's DATA_DIR:
//   npm run db:export  -- --out shop.sql [--from-backup FILE]   every schema and row as SQL, with checksums
//   npm run db:import  -- --from shop.sql [--to URL]             into an empty PostgreSQL database, verified
//   npm run db:move    -- [--to URL]                              both at once (stop the shop first)
//   npm run db:backup  -- [--out FILE]                            a consistent copy, from the running shop or not
//   npm run db:restore -- --from FILE                             a backup into a new DATA_DIR
// URL defaults to DATABASE_URL.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";

process.env.NODE_ENV ??= "production";
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [name, ...rest] = process.argv.slice(2);

function fail(message) {
  console.error(`db:${name}: ${message}`);
  process.exit(1);
}

const { values } = parseArgs({
  args: rest,
  options: { out: { type: "string" }, from: { type: "string" }, to: { type: "string" }, "from-backup": { type: "string" } },
  strict: true,
});
// npm runs scripts in the project's folder: a file named on the command line is read from where it was typed.
const fromShell = (file) => (file === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), file));
for (const key of ["out", "from", "from-backup"]) values[key] = fromShell(values[key]);
// The target is PostgreSQL; the embedded database is always the one in DATA_DIR, whatever DATABASE_URL says.
const databaseUrl = values.to ?? process.env.DATABASE_URL;
if (name !== "backup") delete process.env.DATABASE_URL;

const serverBuild = path.join(root, "build/server/index.js");
if (!existsSync(serverBuild)) fail("no server build: run npm run build first");
const { commands } = (await import(pathToFileURL(serverBuild).href)).entry.module;

function printChecksums(checksums) {
  for (const [table, { rows, md5 }] of Object.entries(checksums.tables)) {
    console.log(`  ${table.padEnd(40)} ${String(rows).padStart(8)} rows  ${md5 || "-"}`);
  }
  for (const [sequence, last] of Object.entries(checksums.sequences)) {
    console.log(`  ${sequence.padEnd(40)} sequence at ${last ?? "(unused)"}`);
  }
}

try {
  switch (name) {
    case "export": {
      const out = values.out ?? fromShell("deck-export.sql");
      const { file, bytes } = await commands.exportDatabase({ out, fromBackup: values["from-backup"] });
      console.log(`Wrote ${file} (${bytes} bytes). Load it with: npm run db:import -- --from ${out} --to postgres://…`);
      break;
    }
    case "import": {
      if (!values.from) fail("name the dump: npm run db:import -- --from shop.sql --to postgres://…");
      if (!databaseUrl) fail("name the PostgreSQL database: --to postgres://… (or set DATABASE_URL)");
      const checksums = await commands.importDatabase({ from: values.from, databaseUrl });
      console.log("Imported and verified (row counts and checksums equal the dump's source):");
      printChecksums(checksums);
      break;
    }
    case "move": {
      if (!databaseUrl) fail("name the PostgreSQL database: --to postgres://… (or set DATABASE_URL)");
      const { dumpFile, checksums } = await commands.moveDatabase({ databaseUrl });
      console.log(`Moved and verified (row counts and checksums equal on both sides); the dump is kept in ${dumpFile}:`);
      printChecksums(checksums);
      console.log("Start the shop with DATABASE_URL set to that database and a SESSION_SECRET of its own.");
      break;
    }
    case "backup": {
      const { file, bytes, ms, fromRunningShop } = await commands.backupDatabase({ out: values.out });
      console.log(`Backup written to ${file} (${bytes} bytes, ${ms} ms${fromRunningShop ? ", by the running shop" : ""}).`);
      break;
    }
    case "restore": {
      if (!values.from) fail("name the backup: npm run db:restore -- --from DATA_DIR/backups/deck-….tar.gz");
      const { dir, orders } = await commands.restoreDatabase({ from: values.from });
      console.log(`Restored into ${dir} (${orders} orders). Start the shop with this DATA_DIR.`);
      break;
    }
    default:
      fail("unknown command: export, import, move, backup or restore");
  }
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
