import type { CategoryKey, EmojiEntry, SkinTone } from "./emoji-types.ts";

/** One emoji in the grid, in the form it is shown in. */
export interface GridCell {
  entry: EmojiEntry;
  /** The shown form's code (tone applied). */
  unified: string;
  tone: SkinTone;
  /** Position among all the grid's emoji: the roving tabindex and the keyboard work on it. */
  index: number;
}

/** A titled run of emoji: a category, or the search results. */
export interface GridSection {
  key: CategoryKey | "results";
  label: string;
  cells: Omit<GridCell, "index">[];
}

export type GridRow =
  | { kind: "heading"; key: string; section: number; label: string }
  | { kind: "emojis"; key: string; section: number; cells: GridCell[]; position: number };

export interface GridModel {
  sections: GridSection[];
  rows: GridRow[];
  /** Row of each cell, by cell index. */
  rowOfCell: number[];
  /** Row of each section's heading, by section index. */
  headingRows: number[];
  /** Index of each section's first cell, by section index. */
  sectionStarts: number[];
  cellCount: number;
  /** Rows of emoji (headings are not grid rows for assistive technology). */
  emojiRowCount: number;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The section a cell belongs to and its position there (sheets are paged per section). */
export function sectionPlaceOf(model: GridModel, cellIndex: number): { section: number; position: number } {
  const row = model.rows[model.rowOfCell[cellIndex] ?? -1];
  const section = row?.section ?? 0;
  return { section, position: cellIndex - (model.sectionStarts[section] ?? 0) };
}

/** Lays sections out as rows: a heading row, then rows of `columns` emoji. Empty sections are left out. */
export function buildGridModel(allSections: readonly GridSection[], columns: number): GridModel {
  const sections = allSections.filter((section) => section.cells.length > 0);
  const rows: GridRow[] = [];
  const rowOfCell: number[] = [];
  const headingRows: number[] = [];
  const sectionStarts: number[] = [];
  let cellCount = 0;
  let emojiRowCount = 0;
  sections.forEach((section, sectionIndex) => {
    headingRows.push(rows.length);
    sectionStarts.push(cellCount);
    rows.push({ kind: "heading", key: `${section.key}-heading`, section: sectionIndex, label: section.label });
    chunk(section.cells, columns).forEach((rowCells, rowInSection) => {
      const cells = rowCells.map((cell) => ({ ...cell, index: cellCount++ }));
      rowOfCell.push(...cells.map(() => rows.length));
      const key = `${section.key}-${rowInSection}`;
      rows.push({ kind: "emojis", key, section: sectionIndex, cells, position: ++emojiRowCount });
    });
  });
  return { sections, rows, rowOfCell, headingRows, sectionStarts, cellCount, emojiRowCount };
}

/** The cell at a flat index, if any. */
export function cellAt(model: GridModel, index: number): GridCell | undefined {
  const row = model.rows[model.rowOfCell[index] ?? -1];
  return row?.kind === "emojis" ? row.cells.find((cell) => cell.index === index) : undefined;
}

function emojiRow(model: GridModel, rowIndex: number): Extract<GridRow, { kind: "emojis" }> | undefined {
  const row = model.rows[rowIndex];
  return row?.kind === "emojis" ? row : undefined;
}

/** The nearest emoji row from `rowIndex` in `step` direction (headings skipped). */
function nextEmojiRow(model: GridModel, rowIndex: number, step: 1 | -1) {
  for (let at = rowIndex + step; at >= 0 && at < model.rows.length; at += step) {
    const row = emojiRow(model, at);
    if (row) return row;
  }
  return undefined;
}

/** Same column in the row `rows` emoji rows away, or the row's last cell when that row is shorter. */
function verticalMove(model: GridModel, index: number, rows: number): number {
  let rowIndex = model.rowOfCell[index] ?? 0;
  const current = emojiRow(model, rowIndex);
  if (!current) return index;
  const column = index - (current.cells[0]?.index ?? index);
  let target = current;
  for (let moved = 0; moved < Math.abs(rows); moved++) {
    const next = nextEmojiRow(model, rowIndex, rows > 0 ? 1 : -1);
    if (!next) break;
    target = next;
    rowIndex = model.rowOfCell[next.cells[0]?.index ?? 0] ?? rowIndex;
  }
  const cell = target.cells[Math.min(column, target.cells.length - 1)];
  return cell?.index ?? index;
}

function rowEdge(model: GridModel, index: number, edge: "first" | "last"): number {
  const row = emojiRow(model, model.rowOfCell[index] ?? -1);
  const cell = edge === "first" ? row?.cells[0] : row?.cells[row.cells.length - 1];
  return cell?.index ?? index;
}

export const PAGE_ROWS = 5;

/**
 * The cell keyboard focus moves to from `index` (ARIA grid pattern): arrows by one cell (left and right go on
 * across rows), Home/End to the row's ends, Ctrl+Home/End to the grid's, PageUp/PageDown by PAGE_ROWS rows.
 * Returns null for keys the grid does not handle.
 */
export function moveInGrid(model: GridModel, index: number, key: string, ctrlKey = false): number | null {
  const last = model.cellCount - 1;
  switch (key) {
    case "ArrowRight":
      return Math.min(index + 1, last);
    case "ArrowLeft":
      return Math.max(index - 1, 0);
    case "ArrowDown":
      return verticalMove(model, index, 1);
    case "ArrowUp":
      return verticalMove(model, index, -1);
    case "PageDown":
      return verticalMove(model, index, PAGE_ROWS);
    case "PageUp":
      return verticalMove(model, index, -PAGE_ROWS);
    case "Home":
      return ctrlKey ? 0 : rowEdge(model, index, "first");
    case "End":
      return ctrlKey ? last : rowEdge(model, index, "last");
    default:
      return null;
  }
}
