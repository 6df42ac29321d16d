import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
} from "react";
import { useTranslation } from "#app/modules/i18n/use-translation.ts";
import type { TFunction } from "i18next";
import type { Locale } from "#app/modules/i18n/locales.ts";
import { useLocale } from "#app/modules/i18n/use-locale.ts";
import { artOf, DEFAULT_IMAGE_BASE_URL, firstScreenFor, imageUrlFor, nativeOf, pagedArt, type ArtSource } from "./emoji-data.ts";
import { EmojiCategoryBar } from "./emoji-category-bar.tsx";
import { EmojiGrid, type EmojiGridHandle } from "./emoji-grid.tsx";
import { buildGridModel, sectionPlaceOf, type GridCell, type GridModel, type GridSection } from "./emoji-grid-model.ts";
import { searchEmoji } from "./emoji-search.ts";
import { EmojiSkinTones } from "./emoji-skin-tones.tsx";
import {
  DEFAULT_CATEGORY_NAMES,
  THEMES,
  type CategoryKey,
  type EmojiData,
  type EmojiTheme,
  type RecentEmoji,
  type SelectedEmoji,
  type SkinTone,
} from "./emoji-types.ts";
import { resolveTone } from "./skin-tone.ts";
import { useEmojiResources, useRememberEmoji, useSkinTone, type EmojiDataState, type RecentState } from "./use-emoji-resources.ts";
import "./emoji-picker.css";

/**
 * The picker's fixed texts (spec §2, §8), by default the emoji namespace's words in the page's language; each can
 * be replaced.
 */
export interface EmojiPickerTexts {
  /** Placeholder and accessible name of the search box. Default "Search emoji". */
  placeholder: string;
  /** Label of the skin-tone chooser. Default "Skin tone". */
  skinTone: string;
  /** Shown when a search finds nothing. Default "No emoji has been found!". */
  noResults: string;
}

/** The page's language's texts (the English ones are the spec's: "Search emoji", "Skin tone", "No emoji has been found!"). */
function defaultTexts(t: TFunction<"emoji">): EmojiPickerTexts {
  return { placeholder: t("search.placeholder"), skinTone: t("skinTone.label"), noResults: t("search.noResults") };
}

export interface EmojiPickerProps {
  /** Called with the emoji picked by click, Enter or Space. The picker stays open for more picks. */
  onSelect?: (emoji: SelectedEmoji) => void;
  /** `light` (default), `dark`, or `auto` to follow the system's colour scheme. Unknown values give `light`. */
  theme?: EmojiTheme;
  /**
   * Where data.json and svg/ are served from (scripts/build-emoji-assets.mjs writes them to public/emoji).
   * Default "/emoji": the shop's own server, never a CDN.
   */
  imageBaseUrl?: string;
  /** Show the system's emoji glyphs instead of the Twemoji artwork. Default false. */
  native?: boolean;
  /** Keep and show the recently used emoji (IndexedDB; absent where IndexedDB is not). Default true. */
  showRecent?: boolean;
  /** Hide the skin-tone chooser; emoji are then shown and picked in their neutral form. Default false. */
  disableSkinTones?: boolean;
  /** Replaces category names, by key (defaults: the spec's names, e.g. smileys_people "Smiles & People"). */
  categoryNames?: Partial<Record<CategoryKey, string>>;
  /** Replaces the fixed texts. */
  texts?: Partial<EmojiPickerTexts>;
  /** Accessible name of the picker. Default "Emoji picker" (in the page's language). */
  label?: string;
  /** Focus the search box when the picker mounts (the attached picker does, on opening). Default false. */
  autoFocus?: boolean;
  className?: string;
}

/**
 * A self-contained emoji picker: search, category buttons, a virtualised emoji grid and a skin-tone chooser.
 * Its data and artwork come from the shop's own server, fetched when it mounts (never during server rendering).
 * Until data.json has arrived it shows the first screen it bundles (drawn from one sheet image), unless there
 * are recently used emoji to show first. Use `EmojiPickerField` to attach it to a text input or textarea.
 */
export function EmojiPicker(props: EmojiPickerProps) {
  const { imageBaseUrl = DEFAULT_IMAGE_BASE_URL, native = false, showRecent = true, disableSkinTones = false } = props;
  const { t } = useTranslation("emoji");
  const locale = useLocale();
  const texts = { ...defaultTexts(t), ...props.texts };
  const names = useCategoryNames(props.categoryNames, t, locale);
  const rootRef = useRef<HTMLDivElement>(null);
  const grid = useRef<EmojiGridHandle>(null);
  const [query, setQuery] = useState("");
  const late = useLateRecentPolicy(rootRef, grid, query);
  const { state, recent, retry } = useEmojiResources(imageBaseUrl, { withRecent: showRecent, withArt: !native, locale }, late.accept);
  const [chosenTone, setTone] = useSkinTone();
  const tone = disableSkinTones ? "neutral" : chosenTone;
  const searching = query.trim() !== "";
  const [columns, setColumns] = useState(8);
  const model = useMemo(() => {
    const sections = gridSections(state, recent, tone, query, names, locale);
    return sections && buildGridModel(sections, columns);
  }, [state, recent, tone, query, columns, names, locale]);
  const gridWithoutRecent = Boolean(state.data && model) && recent === undefined;
  useLayoutEffect(() => {
    if (gridWithoutRecent) late.shownWithoutRecent.current = true;
  });
  const navigation = useGridNavigation(grid, model, query, Boolean(state.data), () => setQuery(""));
  const artOfCell = useMemo(() => cellArt(model, state.data, imageBaseUrl, native), [model, state.data, imageBaseUrl, native]);
  const iconArt = useCallback((unified: string) => (native ? null : artOf(unified, undefined, imageBaseUrl)), [native, imageBaseUrl]);
  const onPick = usePick(props.onSelect, state.data, imageBaseUrl, useRememberEmoji(showRecent));

  const theme = THEMES.includes(props.theme as EmojiTheme) ? props.theme : "light";
  const currentCategory = searching || !model ? null : (model.sections[navigation.sectionInView]?.key ?? null);
  const showGrid = Boolean(model && model.cellCount > 0);
  return (
    <div
      ref={rootRef}
      role="group"
      aria-label={props.label ?? t("picker.label")}
      className={["emoji-picker", `emoji-picker--${theme}`, props.className].filter(Boolean).join(" ")}
    >
      <PickerSearch
        placeholder={texts.placeholder}
        autoFocus={props.autoFocus}
        query={query}
        onQueryChange={setQuery}
        onArrowDown={() => model?.cellCount && grid.current?.focusActive()}
      />
      <EmojiCategoryBar
        categories={availableCategories(recent, names)}
        current={currentCategory === "results" ? null : currentCategory}
        onJump={(key) => navigation.jump(key, searching)}
        iconArt={iconArt}
      />
      <div className="emoji-picker__body">
        {model && showGrid ? (
          <EmojiGrid
            model={model}
            label={searching ? names.results : t("grid.label")}
            activeIndex={Math.min(navigation.activeIndex, model.cellCount - 1)}
            onActiveIndexChange={navigation.setActiveIndex}
            onPick={onPick}
            artOfCell={artOfCell}
            onSectionInView={navigation.setSectionInView}
            onColumnsChange={setColumns}
            handleRef={grid}
          />
        ) : null}
        <PickerStatus
          state={state.status}
          model={model}
          searching={searching}
          gridShown={showGrid}
          texts={texts}
          onRetry={retry}
        />
      </div>
      <div className="emoji-picker__footer">
        {disableSkinTones ? null : <EmojiSkinTones legend={texts.skinTone} tone={chosenTone} onChange={setTone} />}
        {native ? null : <TwemojiCredit />}
      </div>
    </div>
  );
}

/**
 * When the recent list arrives after the data, the grid is already on screen without it. It is added (at the
 * top, where it belongs) only if the user has not touched the grid yet: not scrolled, not searched, focus not in
 * the grid or the category bar. Otherwise this opening goes on without it, so that nothing moves under the
 * user's eyes, pointer or keyboard focus; the next opening shows it.
 */
function useLateRecentPolicy(
  rootRef: RefObject<HTMLElement | null>,
  grid: RefObject<EmojiGridHandle | null>,
  query: string,
) {
  // Set once the data's grid has been committed while the list was still being read.
  const shownWithoutRecent = useRef(false);
  const queryRef = useRef(query);
  useLayoutEffect(() => {
    queryRef.current = query;
  });
  const accept = useCallback(() => {
    if (!shownWithoutRecent.current) return true;
    // The grid's emoji and the category buttons are the picker's buttons (the search box keeps focus on opening).
    const focused = document.activeElement;
    const onButton = focused instanceof HTMLButtonElement && Boolean(rootRef.current?.contains(focused));
    return !queryRef.current.trim() && (grid.current?.scrollOffset() ?? 0) === 0 && !onButton;
  }, [rootRef, grid]);
  return { accept, shownWithoutRecent };
}

/** The names of the sections in the grid: the categories' and the search results'. */
type SectionNames = Record<CategoryKey | "results", string>;

/**
 * The categories' names in the page's language (the spec's in English) with the caller's replacements, kept
 * stable while their content is (props are often literals).
 */
function useCategoryNames(
  replacements: Partial<Record<CategoryKey, string>> | undefined,
  t: TFunction<"emoji">,
  locale: Locale,
): SectionNames {
  const key = JSON.stringify(replacements ?? {});
  const translate = useRef(t);
  translate.current = t;
  return useMemo(() => {
    const t = translate.current;
    const own = Object.fromEntries(
      (Object.keys(DEFAULT_CATEGORY_NAMES) as CategoryKey[]).map((category) => [category, t(`categories.${category}`)]),
    ) as Record<CategoryKey, string>;
    return { ...own, results: t("search.results"), ...(JSON.parse(key) as typeof replacements) };
    // The words change with the language; `t` itself may be a new function on each render.
  }, [key, locale]);
}

/**
 * The active emoji (the grid's Tab stop), the section in view, and jumps to a category. A jump while searching
 * first clears the search, and a jump to a category the first screen does not have waits for the data: either
 * happens once the categories are there.
 */
function useGridNavigation(
  grid: RefObject<EmojiGridHandle | null>,
  model: GridModel | undefined,
  query: string,
  dataReady: boolean,
  clearSearch: () => void,
) {
  const [activeIndex, setActiveIndex] = useState(0);
  const [sectionInView, setSectionInView] = useState(0);
  const [indexFor, setIndexFor] = useState(query);
  const pendingJump = useRef<CategoryKey | null>(null);

  // New results start at their first emoji, at the top, whatever the position in the previous ones: reset while
  // rendering them (no second render), scrolled before they are painted.
  if (indexFor !== query) {
    setIndexFor(query);
    setActiveIndex(0);
    setSectionInView(0);
  }
  useLayoutEffect(() => grid.current?.scrollToTop(), [grid, query]);

  const jumpNow = (current: GridModel, key: CategoryKey) => {
    const section = current.sections.findIndex((candidate) => candidate.key === key);
    if (section < 0) return false;
    grid.current?.scrollToSection(section);
    setActiveIndex(current.sections.slice(0, section).reduce((sum, { cells }) => sum + cells.length, 0));
    return true;
  };

  useEffect(() => {
    const key = pendingJump.current;
    if (!model || !key || query.trim()) return;
    if (jumpNow(model, key) || dataReady) pendingJump.current = null;
  });

  function jump(key: CategoryKey, searching: boolean) {
    if (searching || !model) {
      pendingJump.current = key;
      if (searching) clearSearch();
    } else if (!jumpNow(model, key) && !dataReady) {
      pendingJump.current = key;
    }
  }
  return { activeIndex, setActiveIndex, sectionInView, setSectionInView, jump };
}

/** The click handler of the emoji: tells the caller and stores the pick in the recent list. */
function usePick(
  onSelect: ((emoji: SelectedEmoji) => void) | undefined,
  data: EmojiData | undefined,
  imageBaseUrl: string,
  remember: (picked: RecentEmoji) => void,
) {
  return useCallback(
    (cell: GridCell) => {
      // The artwork's URL even in native mode: the editor draws stickers from it.
      const imageUrl = imageUrlFor(cell.unified, data, imageBaseUrl);
      onSelect?.(selectedEmoji(cell, imageUrl));
      remember({ unified: cell.entry.unified, tone: cell.tone });
    },
    [onSelect, data, imageBaseUrl, remember],
  );
}

interface PickerSearchProps {
  placeholder: string;
  autoFocus?: boolean;
  query: string;
  onQueryChange: (query: string) => void;
  /** ArrowDown moves into the results. */
  onArrowDown: () => void;
}

function PickerSearch({ placeholder, autoFocus, query, onQueryChange, onArrowDown }: PickerSearchProps) {
  const id = useId();
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    onArrowDown();
  }
  return (
    <div className="emoji-picker__search">
      <label htmlFor={id} className="visually-hidden">
        {placeholder}
      </label>
      <input
        id={id}
        type="search"
        className="emoji-picker__search-input"
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        autoFocus={autoFocus}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        onKeyDown={onKeyDown}
      />
    </div>
  );
}

/** Twemoji's graphics are CC-BY 4.0: the licence asks for credit where they are shown. */
function TwemojiCredit() {
  const { t } = useTranslation("emoji");
  return (
    <p className="emoji-picker__credit">
      {t("credit")}{" "}
      <a href="https://creativecommons.org/licenses/by/4.0/" rel="license">
        CC BY 4.0
      </a>
    </p>
  );
}

interface PickerStatusProps {
  state: "loading" | "error" | "ready";
  model: GridModel | undefined;
  searching: boolean;
  /** The grid is on screen (possibly the first screen while the data loads): the status is then only announced. */
  gridShown: boolean;
  texts: EmojiPickerTexts;
  onRetry: () => void;
}

/** One live region for loading, failure, the result count and the empty result (shown, not only announced). */
function PickerStatus({ state, model, searching, gridShown, texts, onRetry }: PickerStatusProps) {
  const { t } = useTranslation("emoji");
  const empty = state === "ready" && searching && model?.cellCount === 0;
  let message = "";
  if (state === "loading") message = t("status.loading");
  else if (state === "error") message = t("status.error");
  else if (empty) message = texts.noResults;
  else if (searching) message = t("status.found", { count: model?.cellCount ?? 0 });
  const shown = !gridShown && (state !== "ready" || empty);
  return (
    <div className={shown ? "emoji-picker__status" : "visually-hidden"}>
      <p role="status" className="emoji-picker__status-text">
        {message}
      </p>
      {state === "error" ? (
        <button type="button" className="emoji-picker__retry" onClick={onRetry}>
          {t("status.retry")}
        </button>
      ) : null}
    </div>
  );
}

/**
 * The picture of each cell: none when native glyphs are asked for; before the data, the first screen's sheet;
 * then the sheets of pages of each section (pagedArt).
 */
function cellArt(model: GridModel | null | undefined, data: EmojiData | undefined, baseUrl: string, native: boolean) {
  if (native) return (): ArtSource => null;
  if (!data || !model) return (cell: GridCell) => artOf(cell.unified, data, baseUrl);
  const art = pagedArt(data, baseUrl);
  const sectionCodes = new Map<number, string[]>();
  return (cell: GridCell) => {
    const { section, position } = sectionPlaceOf(model, cell.index);
    let codes = sectionCodes.get(section);
    if (!codes) sectionCodes.set(section, (codes = model.sections[section]?.cells.map((each) => each.unified) ?? []));
    return art(cell.unified, { section, sectionCodes: codes, position });
  };
}

function availableCategories(recent: RecentState, names: SectionNames) {
  const keys = (Object.keys(DEFAULT_CATEGORY_NAMES) as CategoryKey[]).filter((key) => key !== "recent" || recent?.length);
  return keys.map((key) => ({ key, label: names[key] }));
}

function toneCell(entry: GridCell["entry"], tone: SkinTone): Omit<GridCell, "index"> {
  return { entry, ...resolveTone(entry, tone) };
}

/**
 * The grid's sections: search results alone while searching, otherwise recent (in their own tones) and
 * categories. Before the data: the bundled first screen, once it is known that no recent group goes above it
 * (recent emoji can be anything, and need the data). Undefined when there is nothing to show yet.
 */
function gridSections(
  state: EmojiDataState,
  recent: RecentState,
  tone: SkinTone,
  query: string,
  names: SectionNames,
  locale: Locale,
): GridSection[] | undefined {
  const { data } = state;
  if (!data) {
    if (state.status !== "loading" || query.trim() || recent === undefined || recent?.length) return undefined;
    // The first screen's emoji have no tone variants (the build script checks it).
    const first = firstScreenFor(locale);
    const cells = first.emojis.map((entry) => ({ entry, unified: entry.unified, tone: "neutral" as const }));
    return [{ key: first.key, label: names[first.key], cells }];
  }
  if (query.trim()) {
    const results = searchEmoji(data.all, query);
    return [{ key: "results", label: names.results, cells: results.map((entry) => toneCell(entry, tone)) }];
  }
  return [{ key: "recent", label: names.recent, cells: recentCells(data, recent) }, ...categorySections(data, tone, names)];
}

function recentCells(data: EmojiData, recent: RecentState) {
  return (recent ?? []).flatMap(({ unified, tone: pickedTone }) => {
    const entry = data.byUnified.get(unified);
    return entry ? [toneCell(entry, pickedTone)] : [];
  });
}

function categorySections(data: EmojiData, tone: SkinTone, names: SectionNames): GridSection[] {
  return data.categories.map(({ key, emojis }) => ({
    key,
    label: names[key],
    cells: emojis.map((entry) => toneCell(entry, tone)),
  }));
}

function selectedEmoji(cell: GridCell, imageUrl: string | null): SelectedEmoji {
  return { unified: cell.unified, native: nativeOf(cell.unified), name: cell.entry.name, tone: cell.tone, imageUrl };
}
