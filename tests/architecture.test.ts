import { describe, expect, it } from "vitest";
import { importViolations, projectSources, specifiersOf, targetOf } from "#scripts/check-imports.mjs";

const tree = (files: Record<string, string>) => new Map(Object.entries(files));

describe("the import rules (scripts/check-imports.mjs)", () => {
  it("hold for the project's source tree", () => {
    expect(importViolations(projectSources())).toEqual([]);
  });

  it("read the whole tree: the server's arrows into the app are seen", () => {
    const sources = projectSources();
    const targets = specifiersOf(sources.get("server/emoji-sheet.mjs")!).map((spec) => targetOf("server/emoji-sheet.mjs", spec));
    expect(targets).toContain("app/modules/emoji/emoji-sheet-format.mjs");
    expect(sources.size).toBeGreaterThan(150);
  });

  it("refuse the app importing server/, scripts/ or tests/, in every import form", () => {
    const violations = importViolations(
      tree({
        "app/modules/design/print.server.ts": 'import { scopeIds } from "#server/emoji-sheet.mjs";',
        "app/entry.server.tsx": 'import type { X } from "#scripts/build-emoji-assets.mjs";',
        "app/routes/a.ts": 'export { y } from "#tests/support/fixtures.ts";',
        "app/routes/b.ts": 'const lazy = () => import("#server/static-files.mjs");',
      }),
    );
    expect(violations).toHaveLength(4);
    expect(violations[0]).toContain("app/modules/design/print.server.ts: the app imports server/");
  });

  it("let the app's tests use test helpers and scripts", () => {
    const violations = importViolations(
      tree({
        "app/modules/design/print-file.server.test.ts": 'import { resolveFontFile } from "#scripts/build-font-metrics.mjs";',
        "app/routes/payment.integration.test.ts": 'import { contextFor } from "#tests/support/test-database.ts";',
      }),
    );
    expect(violations).toEqual([]);
  });

  it("let the server import only plain .mjs modules of the app", () => {
    const violations = importViolations(
      tree({
        "server/good.mjs": 'import { parseSheetFileName } from "#app/modules/emoji/emoji-format.mjs";',
        "server/bad.mjs": 'import { getDb } from "#app/request-context.server.ts";',
      }),
    );
    expect(violations).toEqual([expect.stringContaining("server/bad.mjs: the server imports")]);
  });

  it("refuse a relative path that climbs out of its folder", () => {
    const violations = importViolations(
      tree({
        "app/modules/emoji/emoji-test-data.ts": 'import { trimEmojiData } from "../../../scripts/build-emoji-assets.mjs";',
        "scripts/build.mjs": 'import { sheetSvg } from "../server/emoji-sheet.mjs";',
        "server/a.mjs": 'import { b } from "./lib/b.mjs";',
      }),
    );
    expect(violations).toEqual([
      expect.stringContaining('"../../../scripts/build-emoji-assets.mjs" climbs out of app/'),
      expect.stringContaining("the app imports scripts/"),
      expect.stringContaining('"../server/emoji-sheet.mjs" climbs out of scripts/'),
    ]);
  });
});
