import type { PGlite } from "@electric-sql/pglite";
import { pgDump } from "@electric-sql/pglite-tools/pg_dump";
import pg from "pg";

/**
 * Moving the shop off the embedded database: a dump of every schema of a PGlite database made by PGlite's own
 * pg_dump (a WebAssembly build of PostgreSQL's, from @electric-sql/pglite-tools), loaded into an empty PostgreSQL
 * database in one transaction, which commits only when every table's row count and checksum, and every
 * sequence, match what the source had (D110).
 */

/** What a database holds, table by table: the figures compared on both sides of a move. */
export interface Checksums {
  /** "schema.table" → row count and an md5 over the md5 of every row's text, in sorted order (no key needed). */
  tables: Record<string, { rows: number; md5: string }>;
  /** "schema.sequence" → its last value (null: never used). */
  sequences: Record<string, string | null>;
}

type Query = (statement: string) => Promise<Record<string, unknown>[]>;

const CHECKSUM_LINE = "-- deck-studio-checksums: ";

/**
 * Run inside a transaction on both sides with the same output settings, so a row reads as the same text on PGlite
 * (PostgreSQL 18) and on the PostgreSQL server (15 or newer): time zone, date style, float digits, bytea as hex.
 */
const SAME_TEXT_SETTINGS = [
  "set local timezone to 'UTC'",
  "set local datestyle to 'ISO, YMD'",
  "set local intervalstyle to 'postgres'",
  "set local extra_float_digits to 1",
  "set local bytea_output to 'hex'",
];

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** Every table of every schema but the system's, and every sequence. Call inside a transaction. */
export async function checksumsOf(query: Query): Promise<Checksums> {
  for (const setting of SAME_TEXT_SETTINGS) await query(setting);
  const tables = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const result: Checksums = { tables: {}, sequences: {} };
  for (const { schema, name } of tables as { schema: string; name: string }[]) {
    const [row] = await query(
      `select count(*)::int as rows, coalesce(md5(string_agg(h, '' order by h)), '') as md5
       from (select md5(t::text) as h from ${quote(schema)}.${quote(name)} t) rows`,
    );
    result.tables[`${schema}.${name}`] = { rows: Number(row!.rows), md5: String(row!.md5) };
  }
  const sequences = await query(
    "select schemaname as schema, sequencename as name, last_value::text as last from pg_sequences order by 1, 2",
  );
  for (const { schema, name, last } of sequences as { schema: string; name: string; last: string | null }[]) {
    result.sequences[`${schema}.${name}`] = last;
  }
  return result;
}

/** The tables and sequences whose figures differ (or that one side lacks), one line each. */
export function compareChecksums(expected: Checksums, actual: Checksums): string[] {
  const differences: string[] = [];
  for (const kind of ["tables", "sequences"] as const) {
    const names = new Set([...Object.keys(expected[kind]), ...Object.keys(actual[kind])]);
    for (const name of [...names].sort()) {
      const want = JSON.stringify(expected[kind][name] ?? "missing");
      const got = JSON.stringify(actual[kind][name] ?? "missing");
      if (want !== got) differences.push(`${name}: expected ${want}, found ${got}`);
    }
  }
  return differences;
}

function pgliteQuery(tx: { query: PGlite["query"] }): Query {
  return async (statement) => (await tx.query<Record<string, unknown>>(statement)).rows;
}

/** The checksums of an open PGlite database, read in one transaction. */
export function pgliteChecksums(client: PGlite): Promise<Checksums> {
  return client.transaction((tx) => checksumsOf(pgliteQuery(tx)));
}

/**
 * A plain SQL dump of every schema (tables, data, sequences, indexes, constraints, functions and triggers), without
 * owners or grants (the PostgreSQL side has its own roles), headed by a comment line with the source's checksums so
 * that the import can verify against them. Only for a PGlite nobody else is using: pg_dump speaks to PGlite's one
 * connection directly.
 */
export async function dumpPglite(client: PGlite): Promise<string> {
  const checksums = await pgliteChecksums(client);
  const file = await pgDump({ pg: client, args: ["--no-owner", "--no-privileges", "--rows-per-insert=200"] });
  return `-- Deck Studio: the embedded database, dumped ${new Date().toISOString()} (npm run db:import loads it)\n${CHECKSUM_LINE}${JSON.stringify(checksums)}\n${await file.text()}`;
}

/** The checksums a dump made by `dumpPglite` carries. */
export function checksumsInDump(dump: string): Checksums {
  const line = dump.slice(0, 1_000_000).split("\n").find((text) => text.startsWith(CHECKSUM_LINE));
  if (!line) throw new Error("this file is not a dump made by npm run db:export (no checksums line)");
  return JSON.parse(line.slice(CHECKSUM_LINE.length)) as Checksums;
}

/**
 * pg_dump 18 opens with `SET` lines for settings an older server does not know (transaction_timeout, new in 17):
 * those lines go, everything else is loaded as written.
 */
export function withoutUnknownSettings(dump: string, known: Set<string>): string {
  return dump.replace(/^SET ([a-z_]+) = [^\n]*;$/gm, (line, name: string) => (known.has(name) ? line : `-- (not known here) ${line}`));
}

/**
 * Loads a dump into an empty PostgreSQL database in one transaction and commits only if the tables and sequences
 * then hold exactly what the dump's source held. Refuses a database that has any table or schema of its own.
 */
export async function importDump(databaseUrl: string, dump: string): Promise<Checksums> {
  const expected = checksumsInDump(dump);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: found } = await client.query<{ name: string }>(
      `select n.nspname || coalesce('.' || c.relname, '') as name
       from pg_namespace n left join pg_class c on c.relnamespace = n.oid and c.relkind in ('r', 'p', 'S', 'v', 'm')
       where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname not like 'pg_temp%'
         and n.nspname not like 'pg_toast_temp%' and (n.nspname <> 'public' or c.relname is not null)
       order by 1 limit 5`,
    );
    if (found.length > 0) {
      throw new Error(
        `the database is not empty (it has ${found.map((row) => row.name).join(", ")}): import into a new, empty database (createdb)`,
      );
    }
    const { rows: settings } = await client.query<{ name: string }>("select name from pg_settings");
    const sql = withoutUnknownSettings(dump, new Set(settings.map((row) => row.name)));
    await client.query("begin");
    try {
      await client.query(sql);
      const actual = await checksumsOf(async (statement) => (await client.query(statement)).rows);
      const differences = compareChecksums(expected, actual);
      if (differences.length > 0) throw new Error(`the imported data differs from the dump:\n  ${differences.join("\n  ")}`);
      await client.query("commit");
      return actual;
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    }
  } finally {
    await client.end();
  }
}
