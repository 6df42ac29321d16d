// A fresh PostgreSQL database for a test or a bench, next to the one a URL names (on the same server, reached with the
// same user): created with a unique name, dropped (WITH (FORCE), so open connections do not keep it) by `drop()`.
// Shared by the PostgreSQL integration tests, the end-to-end outage spec and the benchmarks.
import pg from "pg";

/**
 * Runs one statement (e.g. `CREATE DATABASE x`) on a client of its own, connected to `url`; the client is always ended.
 * `options` go to the client (e.g. `{ connectionTimeoutMillis: 5_000 }`).
 * @param {string} url
 * @param {string} statement
 * @param {Omit<import("pg").ClientConfig, "connectionString">} [options]
 * @returns {Promise<void>}
 */
export async function adminQuery(url, statement, options = {}) {
  const client = new pg.Client({ ...options, connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh PostgreSQL database next to the one `url` names, called `<prefix>_<time>_<random>` (the prefix must be made
 * of [a-z0-9_] so that the name needs no quoting); `drop()` removes it. `options` go to the admin clients.
 * @param {string} url
 * @param {string} prefix
 * @param {Omit<import("pg").ClientConfig, "connectionString">} [options]
 * @returns {Promise<{ name: string, url: string, drop: () => Promise<void> }>}
 */
export async function freshPostgresDatabase(url, prefix, options = {}) {
  if (!/^[a-z0-9_]+$/.test(prefix)) throw new Error(`freshPostgresDatabase: the prefix "${prefix}" may only hold [a-z0-9_]`);
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  await adminQuery(url, `CREATE DATABASE ${name}`, options);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { name, url: target.toString(), drop: () => adminQuery(url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, options) };
}
