import { describe, expect, it } from "vitest";
import { displayName, trimEmojiData, twemojiFileFor, type DatasourceEntry } from "../../../scripts/build-emoji-assets.mjs";
import { datasourceEntries, trimmedData, twemojiFiles } from "./emoji-test-data";

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
    expect(data.categories[0]?.emojis.map(({ u }) => u)).toEqual(["1f600", "1f44b"]);
    expect(JSON.stringify(data)).not.toContain("1f3fc\"");
  });

  it("keeps names, short names, keywords and tone variants keyed by tone, in lower case", () => {
    expect(data.categories[0]?.emojis[1]).toEqual({
      u: "1f44b",
      n: ["waving hand", "waving hand sign", "wave"],
      k: ["hand-fingers-open"],
      s: { "1f3fb": "1f44b-1f3fb", "1f3ff": "1f44b-1f3ff" },
    });
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

  it("finds Twemoji art for all but the emoji newer than Twemoji 15", () => {
    expect(data.glyphOnly.length).toBeLessThan(150);
    expect(data.glyphOnly).not.toContain("1f44b");
    expect(twemojiFiles().size).toBeGreaterThan(3000);
  });
});
