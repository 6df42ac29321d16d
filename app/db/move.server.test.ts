import { describe, expect, it } from "vitest";
import { checksumsInDump, compareChecksums, withoutUnknownSettings, type Checksums } from "./move.server.ts";

const source: Checksums = {
  tables: { "public.orders": { rows: 2, md5: "aa" }, "test_processor.charges": { rows: 1, md5: "bb" } },
  sequences: { "drizzle.__drizzle_migrations_id_seq": "11" },
};

describe("the checks of a move", () => {
  it("finds no difference between equal figures", () => {
    expect(compareChecksums(source, structuredClone(source))).toEqual([]);
  });

  it("names a table whose rows differ, a table missing on one side and a sequence behind", () => {
    const target: Checksums = {
      tables: { "public.orders": { rows: 2, md5: "ab" } },
      sequences: { "drizzle.__drizzle_migrations_id_seq": "1" },
    };
    const differences = compareChecksums(source, target);
    expect(differences).toHaveLength(3);
    expect(differences.join("\n")).toMatch(/public\.orders: expected .*"aa".* found .*"ab"/);
    expect(differences.join("\n")).toMatch(/test_processor\.charges: expected .* found "missing"/);
    expect(differences.join("\n")).toMatch(/__drizzle_migrations_id_seq: expected "11", found "1"/);
  });

  it("reads the checksums a dump carries, and refuses a file that has none", () => {
    const dump = `-- Deck Studio\n-- deck-studio-checksums: ${JSON.stringify(source)}\nSET lock_timeout = 0;\n`;
    expect(checksumsInDump(dump)).toEqual(source);
    expect(() => checksumsInDump("SET lock_timeout = 0;\n")).toThrow(/not a dump made by npm run db:export/);
  });

  it("comments out only the SET lines for settings the target server does not know", () => {
    const dump = "SET statement_timeout = 0;\nSET transaction_timeout = 0;\nINSERT INTO t VALUES ('SET x = 1;');\n";
    const loaded = withoutUnknownSettings(dump, new Set(["statement_timeout"]));
    expect(loaded).toBe("SET statement_timeout = 0;\n-- (not known here) SET transaction_timeout = 0;\nINSERT INTO t VALUES ('SET x = 1;');\n");
  });
});
