/** The legal pages, by their path segment: /legal/imprint, /legal/terms, /legal/privacy, /legal/withdrawal. */
export const LEGAL_PAGES = ["imprint", "terms", "privacy", "withdrawal"] as const;
export type LegalPage = (typeof LEGAL_PAGES)[number];

export function isLegalPage(value: unknown): value is LegalPage {
  return typeof value === "string" && (LEGAL_PAGES as readonly string[]).includes(value);
}

export const legalPath = (page: LegalPage) => `/legal/${page}`;

/** The withdrawal function's page (§ 356a BGB, D206): linked from every page's footer and from the order pages. */
export const WITHDRAWAL_PATH = "/withdraw";
