import { createContext, useContext, type ReactNode } from "react";
import type { SerializedMessages } from "./i18n-instance.ts";

/**
 * The words of a page loaded whole travel in a JSON script of its own rather than in the root loader's data.
 * React Router writes loader data as a turbo-stream inside a script, so the words were escaped twice and
 * scanned again on every request: a third of a checkout page's HTML and ~4 % of its server CPU (bench:ssr). The
 * server writes the language's cached text as it is (entry.server.tsx); the browser reads it back before
 * hydration (entry.client.tsx), and the same script is rendered on both sides. Navigations still bring the next
 * page's words in the root loader's data.
 */
const PageMessagesContext = createContext<SerializedMessages | undefined>(undefined);

const SCRIPT_ID = "page-messages";

export function PageMessagesProvider({ text, children }: { text: SerializedMessages | undefined; children: ReactNode }) {
  return <PageMessagesContext.Provider value={text}>{children}</PageMessagesContext.Provider>;
}

/** The words the page was loaded with, as JSON text (undefined in tests and pages without them). */
export function usePageMessagesText(): SerializedMessages | undefined {
  return useContext(PageMessagesContext);
}

/** The script holding the page's words. Its text is JSON with every `<` escaped, so nothing in it ends the script. */
export function PageMessagesScript() {
  const text = usePageMessagesText();
  if (text === undefined) return null;
  return <script type="application/json" id={SCRIPT_ID} dangerouslySetInnerHTML={{ __html: text }} />;
}

/** In the browser, before hydration: the text the server wrote into the page's messages script. */
export function readPageMessagesScript(): SerializedMessages | undefined {
  return document.getElementById(SCRIPT_ID)?.textContent ?? undefined;
}

/** Whether a request is a navigation's data request (`/Shipping.data`), which carries the words in its data. */
export function isDataRequestPath(pathname: string): boolean {
  return pathname.endsWith(".data");
}
