import { defaultRangeExtractor, useVirtualizer, type Range, type VirtualItem } from "@tanstack/react-virtual";
import { memo, useCallback, useEffect, useImperativeHandle, useLayoutEffect, useRef, type KeyboardEvent, type Ref } from "react";
import { EmojiArt } from "./emoji-art.tsx";
import type { ArtSource } from "./emoji-data.ts";
import { moveInGrid, type GridCell, type GridModel, type GridRow } from "./emoji-grid-model.ts";

export const CELL_SIZE = 40;
const HEADING_HEIGHT = 30;
const GRID_PADDING = 8;
const DEFAULT_COLUMNS = 8;
const INITIAL_HEIGHT = 256;
// One row ahead: the first screen (seven rows of the sheet) then needs no other picture at the top of the grid.
const OVERSCAN = 1;

/** What the picker may ask of the grid. */
export interface EmojiGridHandle {
  scrollToSection: (section: number) => void;
  /** Back to the top, without a scroll (nor a render) when already there. */
  scrollToTop: () => void;
  /** How far the grid is scrolled, in px. */
  scrollOffset: () => number;
  /** Scrolls to the active emoji and gives it focus. */
  focusActive: () => void;
}

interface EmojiGridProps {
  model: GridModel;
  /** Accessible name of the grid. */
  label: string;
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  onPick: (cell: GridCell) => void;
  /** The picture of a cell (null: its native glyph). */
  artOfCell: (cell: GridCell) => ArtSource;
  /** Called with the section whose rows are at the top of the view: the category bar follows it. */
  onSectionInView: (section: number) => void;
  /** Called with the number of columns that fit; the picker lays the rows out with it. */
  onColumnsChange: (columns: number) => void;
  handleRef?: Ref<EmojiGridHandle>;
}

/**
 * The emoji as an ARIA grid with a roving tabindex: one emoji is in the Tab order, the arrow keys, Home, End,
 * PageUp and PageDown move, Enter and Space pick (they are buttons). Only the rows in view are rendered; the
 * active emoji's row always is, so that the grid keeps its Tab stop when scrolled away from it.
 */
export function EmojiGrid(props: EmojiGridProps) {
  const { model, label, activeIndex, onActiveIndexChange, onPick, artOfCell, onSectionInView, handleRef } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const activeRow = model.rowOfCell[activeIndex] ?? 0;
  useColumnsThatFit(scrollRef, props.onColumnsChange);

  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      if (activeRow < model.rows.length && !indexes.includes(activeRow)) indexes.push(activeRow);
      return indexes.sort((a, b) => a - b);
    },
    [activeRow, model.rows.length],
  );
  const virtualizer = useVirtualizer({
    count: model.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (model.rows[index]?.kind === "heading" ? HEADING_HEIGHT : CELL_SIZE),
    getItemKey: (index) => model.rows[index]?.key ?? index,
    paddingStart: GRID_PADDING / 2,
    paddingEnd: GRID_PADDING,
    overscan: OVERSCAN,
    // Rows render in the first frame, before the scroller has been measured: the first emoji shows sooner.
    initialRect: { width: 0, height: INITIAL_HEIGHT },
    rangeExtractor,
  });

  const scrollToCell = useCallback(
    (index: number) => virtualizer.scrollToIndex(model.rowOfCell[index] ?? 0, { align: "auto" }),
    [virtualizer, model],
  );
  useImperativeHandle(
    handleRef,
    () => ({
      scrollToSection: (section) => virtualizer.scrollToIndex(model.headingRows[section] ?? 0, { align: "start" }),
      // The virtualiser's offset, kept from scroll events: reading scrollTop here, right after React's commit,
      // would force a layout of the new rows before the browser's own.
      scrollToTop: () => {
        if (scrollRef.current && (virtualizer.scrollOffset ?? 0) !== 0) scrollRef.current.scrollTop = 0;
      },
      scrollOffset: () => virtualizer.scrollOffset ?? 0,
      focusActive: () => {
        scrollToCell(activeIndex);
        focusPending.current = true;
        focusCell(scrollRef.current, activeIndex, focusPending);
      },
    }),
    [virtualizer, model, activeIndex, scrollToCell],
  );

  useEffect(() => focusCell(scrollRef.current, activeIndex, focusPending));

  // Rows in view ask for their pictures first; the overscan rows' wait (the server answers in order).
  const inView = virtualizer.range;
  const sectionInView = sectionAtTop(virtualizer.scrollOffset ?? 0, virtualizer.getVirtualItemForOffset, model);
  useEffect(() => onSectionInView(sectionInView), [sectionInView, onSectionInView]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const next = moveInGrid(model, activeIndex, event.key, event.ctrlKey || event.metaKey);
    if (next === null) return;
    event.preventDefault();
    focusPending.current = true;
    scrollToCell(next);
    onActiveIndexChange(next);
    focusCell(scrollRef.current, next, focusPending);
  }

  return (
    <div
      ref={scrollRef}
      className="emoji-picker__scroller"
      role="grid"
      aria-label={label}
      aria-rowcount={model.emojiRowCount}
      onKeyDown={onKeyDown}
    >
      <div className="emoji-picker__canvas" style={{ height: virtualizer.getTotalSize() }}>
        {groupBySection(virtualizer.getVirtualItems(), model).map(({ section, items }) => (
          <div role="rowgroup" key={model.sections[section]?.key} aria-label={model.sections[section]?.label}>
            {items.map(({ item, row }) => (
              <GridRowView
                key={item.key}
                row={row}
                start={item.start}
                inView={!inView || (item.index >= inView.startIndex && item.index <= inView.endIndex)}
                activeIndex={activeIndex}
                onPick={onPick}
                onFocusCell={onActiveIndexChange}
                artOfCell={artOfCell}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Focuses the cell once it is rendered, if a keyboard move or the picker asked for it. */
function focusCell(scroller: HTMLElement | null, index: number, pending: { current: boolean }) {
  if (!pending.current || !scroller) return;
  const button = scroller.querySelector<HTMLElement>(`[data-cell-index="${index}"]`);
  if (!button) return;
  pending.current = false;
  button.focus({ preventScroll: true });
}

function sectionAtTop(
  offset: number,
  itemAt: (offset: number) => VirtualItem | undefined,
  model: GridModel,
): number {
  const item = itemAt(offset + 1);
  return item ? (model.rows[item.index]?.section ?? 0) : 0;
}

/** Rendered rows grouped by section, so that each category is an ARIA rowgroup named after it. */
function groupBySection(items: VirtualItem[], model: GridModel) {
  const groups: { section: number; items: { item: VirtualItem; row: GridRow }[] }[] = [];
  for (const item of items) {
    const row = model.rows[item.index];
    if (!row) continue;
    const group = groups.at(-1);
    if (group?.section === row.section) group.items.push({ item, row });
    else groups.push({ section: row.section, items: [{ item, row }] });
  }
  return groups;
}

/** Measures the scroller and reports how many CELL_SIZE columns fit, again whenever its width changes. */
function useColumnsThatFit(scrollRef: { current: HTMLElement | null }, onColumnsChange: (columns: number) => void) {
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const report = () => {
      const width = element.clientWidth - GRID_PADDING * 2;
      onColumnsChange(width > 0 ? Math.max(1, Math.floor(width / CELL_SIZE)) : DEFAULT_COLUMNS);
    };
    report();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => observer.disconnect();
  }, [scrollRef, onColumnsChange]);
}

interface GridRowViewProps {
  row: GridRow;
  start: number;
  /** In the scroller's view (not an overscan row): its pictures are fetched with high priority. */
  inView: boolean;
  activeIndex: number;
  onPick: (cell: GridCell) => void;
  onFocusCell: (index: number) => void;
  artOfCell: (cell: GridCell) => ArtSource;
}

const GridRowView = memo(function GridRowView({ row, start, inView, activeIndex, onPick, onFocusCell, artOfCell }: GridRowViewProps) {
  const style = { transform: `translateY(${start}px)` };
  if (row.kind === "heading") {
    // The rowgroup carries the name for assistive technology; this is its visible twin.
    return (
      <div className="emoji-picker__heading" style={style} aria-hidden="true">
        {row.label}
      </div>
    );
  }
  return (
    <div className="emoji-picker__row" role="row" aria-rowindex={row.position} style={style}>
      {/* Keyed by emoji: when the rows are laid out again (the data after the first screen) the same emoji keeps
          its element, its loaded image and its focus. A row never holds the same form twice. */}
      {row.cells.map((cell) => (
        <div role="gridcell" key={cell.unified} className="emoji-picker__cell">
          <button
            type="button"
            className="emoji-picker__emoji"
            data-cell-index={cell.index}
            tabIndex={cell.index === activeIndex ? 0 : -1}
            aria-label={cell.entry.name}
            onClick={() => onPick(cell)}
            onFocus={() => onFocusCell(cell.index)}
          >
            <EmojiArt unified={cell.unified} art={artOfCell(cell)} priority={inView ? "high" : "low"} />
          </button>
        </div>
      ))}
    </div>
  );
});
