/**
 * Which message namespaces a page needs, by its path. The root loader sends the current language's messages of
 * these namespaces with every page and navigation, so a page's words arrive with its data: never another
 * language's, never the whole shop's. `common` (header, footer, error pages, form words) goes with every page.
 *
 * A namespace is one JSON file per language under app/locales/<locale>/.
 */

export const NAMESPACES = [
  "common",
  "home",
  "editor",
  "emoji",
  "checkout",
  "card",
  "account",
  "orders",
  "legal",
  "admin",
  // Words of the mails (order and account mails): made on the server only, never sent with a page.
  "mail",
  // Words of the invoices and credit notes (PDF): laid out on the server only, never sent with a page (D154).
  "documents",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Namespaces by the path's first segment, lower-cased (React Router matches paths case-insensitively). */
const BY_FIRST_SEGMENT: Record<string, readonly Namespace[]> = {
  "": ["home"],
  editor: ["editor", "emoji"],
  example: ["card", "checkout", "emoji"],
  gripsize: ["checkout"],
  login: ["checkout", "account"],
  shipping: ["checkout"],
  payment: ["checkout", "card", "legal"],
  orders: ["orders", "checkout", "account"],
  account: ["account", "orders", "checkout"],
  // The back office's list, sign-in and exports; its order page adds the checkout's words (namespacesFor).
  admin: ["admin", "orders"],
  legal: ["legal"],
  // The withdrawal form's words are the legal pages'; its field messages are the checkout's (order-schema.ts).
  withdraw: ["legal", "checkout"],
};

/**
 * The namespaces of the page at `pathname`. A client-side navigation asks for the page's data at its data URL
 * (`/GripSize.data`, `/_.data` for `/`), and that is the URL the root loader sees: it names the same page.
 */
export function namespacesFor(pathname: string): Namespace[] {
  // A client-side navigation fetches the next page's data from `<path>.data` (`/_.data` for `/` with
  // v8_trailingSlashAwareDataRequests, `/_root.data` without), and the root loader sees that URL: the page's words
  // are those of the path without the suffix.
  const page = pathname === "/_root.data" ? "/" : pathname.replace(/(?:\/_)?\.data$/, "") || "/";
  const first = page.split("/")[1]?.toLowerCase() ?? "";
  // The back office's sign-in page is the account's sign-in form; its other pages show no account words.
  if (page.toLowerCase() === "/admin/login") return ["common", "admin", "account"];
  // An order's page shows its address and takes a corrected one: the checkout's address words and field messages.
  if (/^\/admin\/orders\/[^/]+/i.test(page)) return ["common", "admin", "orders", "checkout"];
  return ["common", ...(BY_FIRST_SEGMENT[first] ?? [])];
}
