// @vitest-environment happy-dom
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { renderHook } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { withI18n } from "./test-i18n.tsx";
import { useTranslation } from "./use-translation.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("useTranslation", () => {
  it("translates with the provider's instance and keeps one t per namespace", () => {
    const { result, rerender } = renderHook(() => useTranslation("checkout"), {
      wrapper: ({ children }) => withI18n(children, "de"),
    });
    const first = result.current.t;
    expect(result.current.i18n.language).toBe("de");
    expect(first("shipping.changeEmail")).toBe(
      JSON.parse(readFileSync("app/locales/de/checkout.json", "utf8")).shipping.changeEmail,
    );
    rerender();
    expect(result.current.t).toBe(first);
  });

  it("is the hook the app uses: no component takes react-i18next's, which copies the instance on every mount", () => {
    const offenders = sourceFiles("app").filter((file) =>
      /import\s*\{[^}]*\buseTranslation\b[^}]*\}\s*from\s*"react-i18next"/.test(readFileSync(file, "utf8")),
    );
    expect(offenders).toEqual([]);
  });
});
