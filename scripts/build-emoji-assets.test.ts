import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import {
  CATEGORY_ICONS,
  cldrLabels,
  displayName,
  firstScreenOf,
  localisedData,
  trimEmojiData,
  type DatasourceEntry,
} from "./build-emoji-assets.mjs";
import { twemojiFileFor } from "#app/modules/emoji/emoji-sheet-format.mjs";
import { withTone } from "#app/modules/emoji/emoji-format.mjs";
import committedFirstScreen from "#app/modules/emoji/emoji-first-screen.json";
import { datasourceEntries, trimmedData, twemojiFiles } from "#tests/support/emoji-fixtures.ts";

const require = createRequire(import.meta.url);

const entry = (overrides: Partial<DatasourceEntry>): DatasourceEntry => ({
  name: "WAVING HAND SIGN",
  unified: "1F44B",
  short_names: ["wave"],
  category: "People & Body",
  subcategory: "hand-fingers-open",
  sort_order: 2,
  ...overrides,
});

describe("trimEmojiData", () => {
  const { data, artwork } = trimEmojiData(
    [
      entry({
        skin_variations: {
          "1F3FB": { unified: "1F44B-1F3FB" },
          "1F3FF": { unified: "1F44B-1F3FF" },
        },
      }),
      entry({ name: "GRINNING FACE", unified: "1F600", short_names: ["grinning"], category: "Smileys & Emotion", sort_order: 1 }),
      entry({ name: "HASH KEY", unified: "0023-FE0F-20E3", non_qualified: "0023-20E3", short_names: ["hash"], category: "Symbols", sort_order: 3 }),
      entry({ name: "PHOENIX", unified: "1F426-200D-1F525", short_names: ["phoenix"], category: "Animals & Nature", sort_order: 4 }),
      entry({ name: "EMOJI MODIFIER FITZPATRICK TYPE-3", unified: "1F3FC", short_names: ["skin-tone-3"], category: "Component", sort_order: 5 }),
    ],
    new Set(["1f44b", "1f44b-1f3fb", "1f600", "23-20e3"]),
  );

  it("maps categories to the spec's keys in the spec's order, sorted, without components", () => {
    expect(data.categories.map(({ key }) => key)).toEqual([
      "smileys_people",
      "animals_nature",
      "food_drink",
      "activities",
      "travel_places",
      "objects",
      "symbols",
      "flags",
    ]);
    expect(data.categories[0]?.emojis.map(([unified]) => unified)).toEqual(["1f600", "1f44b"]);
    expect(JSON.stringify(data)).not.toContain("1f3fc\"");
  });

  it("packs the display name, the other names and the keywords normalised, and tone variants keyed by tone", () => {
    expect(data.version).toBe(2);
    expect(data.categories[0]?.emojis[1]).toEqual([
      "1f44b",
      ["waving hand", "waving hand sign", "wave"],
      ["hand fingers open"],
      { "1f3fb": "1f44b-1f3fb", "1f3ff": "1f44b-1f3ff" },
    ]);
    expect(data.categories[0]?.emojis[0]).toEqual(["1f600", ["grinning face", "grinning"], ["hand fingers open"]]);
  });

  it("writes 1 for tone variants that all follow the usual spelling", () => {
    const tones = Object.fromEntries(
      ["1F3FB", "1F3FC", "1F3FD", "1F3FE", "1F3FF"].map((tone) => [tone, { unified: `261D-${tone}` }]),
    );
    const { data: packed } = trimEmojiData(
      [entry({ name: "WHITE UP POINTING INDEX", unified: "261D-FE0F", short_names: ["point_up"], skin_variations: tones })],
      new Set(),
    );
    expect(packed.categories[0]?.emojis[0]?.[3]).toBe(1);
  });

  it("leaves out names that are the same once normalised, and adds the display name's normalised form", () => {
    const { data: packed } = trimEmojiData(
      [
        entry({ name: "PURPLE HEART", unified: "1F49C", short_names: ["purple_heart"] }),
        entry({ name: "FACE WITH TIGHTLY-CLOSED EYES", unified: "1F606", short_names: ["laughing", "Laughing"] }),
      ],
      new Set(),
    );
    expect(packed.categories[0]?.emojis.map(([, names]) => names)).toEqual([
      ["purple heart"],
      ["face with tightly-closed eyes", "face with tightly closed eyes", "laughing"],
    ]);
  });

  it("lists the artwork to copy under the datasource's code, and the codes without art", () => {
    expect(artwork).toEqual([
      { unified: "1f600", file: "1f600" },
      { unified: "1f44b", file: "1f44b" },
      { unified: "1f44b-1f3fb", file: "1f44b-1f3fb" },
      { unified: "0023-fe0f-20e3", file: "23-20e3" },
    ]);
    expect(data.glyphOnly).toEqual(["1f44b-1f3ff", "1f426-200d-1f525"]);
  });
});

describe("twemojiFileFor", () => {
  const files = new Set(["2764", "1f3f3-fe0f-200d-1f308", "23-20e3"]);
  it("drops FE0F outside ZWJ sequences and leading zeros, as Twemoji names its files", () => {
    expect(twemojiFileFor("2764-FE0F", "2764", files)).toBe("2764");
    expect(twemojiFileFor("1F3F3-FE0F-200D-1F308", null, files)).toBe("1f3f3-fe0f-200d-1f308");
    expect(twemojiFileFor("0023-FE0F-20E3", "0023-20E3", files)).toBe("23-20e3");
    expect(twemojiFileFor("1FAE9", null, files)).toBeNull();
  });
});

describe("withTone", () => {
  it("puts the modifier after the first code point, dropping a variation selector there", () => {
    expect(withTone("1f44b", "1f3fb")).toBe("1f44b-1f3fb");
    expect(withTone("261d-fe0f", "1f3fd")).toBe("261d-1f3fd");
    expect(withTone("1f9d1-200d-1f4bb", "1f3ff")).toBe("1f9d1-1f3ff-200d-1f4bb");
  });
});

describe("cldrLabels and the display names", () => {
  const labels = cldrLabels([
    { hexcode: "2764", label: "red heart" },
    { hexcode: "1F44B", label: "waving hand", skins: [{ hexcode: "1F44B-1F3FB", label: "waving hand: light skin tone" }] },
  ]);

  it("keys emojibase's labels by the code without FE0F, tone variants included", () => {
    expect(labels.get("2764")).toBe("red heart");
    expect(labels.get("1f44b-1f3fb")).toBe("waving hand: light skin tone");
  });

  it("names an emoji by its CLDR label and keeps the Unicode name and the short names for search", () => {
    const { data: packed } = trimEmojiData(
      [entry({ name: "HEAVY BLACK HEART", unified: "2764-FE0F", non_qualified: "2764", short_names: ["heart"], category: "Smileys & Emotion" })],
      new Set(),
      labels,
    );
    expect(packed.categories[0]?.emojis[0]?.[1]).toEqual(["red heart", "heavy black heart", "heart"]);
  });

  it("names ❤️ 'red heart' in the real data", () => {
    const heart = trimmedData().categories.flatMap(({ emojis }) => emojis).find(([unified]) => unified === "2764-fe0f");
    expect(heart?.[1][0]).toBe("red heart");
    expect(heart?.[1]).toContain("heavy black heart");
  });
});

describe("displayName", () => {
  it("lower-cases and drops Unicode's legacy ' SIGN' suffix", () => {
    expect(displayName("WAVING HAND SIGN")).toBe("waving hand");
    expect(displayName("FACE WITH TEARS OF JOY")).toBe("face with tears of joy");
  });
});

describe("the real data", () => {
  const data = trimmedData();
  const count = data.categories.reduce((sum, { emojis }) => sum + emojis.length, 0);

  it("holds every emoji of emoji-datasource but the components", () => {
    expect(count).toBe(datasourceEntries().filter((item) => item.category !== "Component").length);
  });

  it("packs to less than 28 kB gzip (the CLDR names beside the old ones cost ~3.7 kB, D123)", async () => {
    const { gzipSync } = await import("node:zlib");
    expect(gzipSync(JSON.stringify(data)).length).toBeLessThan(28_000);
  });

  it("finds Twemoji art for all but the emoji newer than Twemoji 15", () => {
    expect(data.glyphOnly.length).toBeLessThan(150);
    expect(data.glyphOnly).not.toContain("1f44b");
    expect(twemojiFiles().size).toBeGreaterThan(3000);
  });
});

/** The German data as the build writes it (data.de.json). */
function germanData() {
  const entries = JSON.parse(readFileSync(require.resolve("emojibase-data/de/data.json"), "utf8"));
  return localisedData(trimmedData(), entries);
}

describe("the German data (data.de.json)", () => {
  const german = germanData();
  const english = trimmedData();
  const byCode = new Map(german.categories.flatMap((category) => category.emojis).map((emoji) => [emoji[0], emoji]));

  it("keeps the English data's emoji, order, categories, tone variants and codes without art", () => {
    expect(german.categories.map((category) => category.emojis.map((emoji) => [emoji[0], emoji[3]]))).toEqual(
      english.categories.map((category) => category.emojis.map((emoji) => [emoji[0], emoji[3]])),
    );
    expect(german.glyphOnly).toEqual(english.glyphOnly);
  });

  it("names each emoji with CLDR's German name, and finds it by CLDR's German keywords", () => {
    expect(byCode.get("2764-fe0f")?.[1][0]).toBe("rotes Herz");
    expect(byCode.get("1f44b")?.[1][0]).toBe("winkende Hand");
    expect(byCode.get("1f44b")?.[2]).toEqual(expect.arrayContaining(["hallo", "tschüss"]));
    expect(byCode.get("1f525")?.[1]).toContain("feuer");
  });

  it("carries no English names where CLDR has German ones", () => {
    const terms = [...byCode.values()].flatMap((emoji) => [...emoji[1], ...(emoji[2] ?? [])]);
    expect(terms).not.toContain("red heart");
    expect(terms).not.toContain("waving hand");
  });
});

describe("the first screen", () => {
  const twemojiDir = path.dirname(require.resolve("@twemoji/svg/package.json"));
  const files = twemojiFiles();
  const svgOf = (unified: string) => {
    const entry = datasourceEntries()
      .flatMap((item) => [item, ...Object.values(item.skin_variations ?? {})])
      .find((item) => item.unified.toLowerCase() === unified);
    const file = entry && twemojiFileFor(entry.unified, entry.non_qualified, files);
    if (!file) throw new Error(`no art for ${unified}`);
    return readFileSync(path.join(twemojiDir, `${file}.svg`), "utf8");
  };
  const { sheet, manifest } = firstScreenOf(trimmedData(), svgOf, germanData());

  it("is the committed emoji-first-screen.json (run `npm run emoji:assets` after updating emoji-datasource)", () => {
    expect(committedFirstScreen).toEqual(JSON.parse(JSON.stringify(manifest)));
  });

  it("holds the category icons and the first emoji of the first category, in data order", () => {
    const first = trimmedData().categories[0];
    expect(manifest.category).toBe(first?.key);
    expect(manifest.emojis.map(([unified]) => unified)).toEqual(first?.emojis.slice(0, 56).map(([unified]) => unified));
    expect(manifest.emojis[0]).toEqual(["1f600", "grinning face", "grinsendes Gesicht"]);
    expect(manifest.sheetCodes.slice(0, 9)).toEqual(Object.values(CATEGORY_ICONS));
  });

  it("draws every code with art in one sheet of 36 px cells, and leaves out only the glyph-only ones", () => {
    const glyphOnly = new Set(trimmedData().glyphOnly);
    const outside = manifest.emojis.map(([unified]) => unified).filter((unified) => !manifest.sheetCodes.includes(unified));
    expect(outside.length).toBeGreaterThan(0);
    expect(outside.every((unified) => glyphOnly.has(unified))).toBe(true);
    expect(sheet).toContain(`viewBox="0 0 36 ${manifest.sheetCodes.length * 36}"`);
    expect(sheet.match(/<svg y="/g)).toHaveLength(manifest.sheetCodes.length);
    // A file's ids are scoped to its cell, so that two files' clip paths cannot clash.
    const ids = [...sheet.matchAll(/\bid="([^"]+)"/g)].map(([, id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(manifest.sheet).toMatch(/^sheet-[0-9a-f]{10}\.svg$/);
  });
});
