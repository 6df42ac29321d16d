// Types for what scripts/build-font-metrics.mjs exports, so that the app's tests can check the generated table.

export interface BundledFontSource {
  id: string;
  label: string;
  file: string;
}

export interface FontTableEntry extends BundledFontSource {
  family: string;
  weight: number;
  unitsPerEm: number;
  ascender: number;
  descender: number;
  capHeight: number;
  advances: number[];
}

export interface FontTable {
  characters: string;
  fonts: FontTableEntry[];
}

export const FONTS: BundledFontSource[];
export function resolveFontFile(file: string): string;
export function fontTable(): FontTable;
export function generatedFaces(table: FontTable): string;
export function generatedMetrics(table: FontTable): string;
export function generatedCss(table: FontTable): string;
