import { useEffect, useState } from "react";
import { PrefetchPageLinks } from "react-router";

/**
 * Loads the next step's code and data while the buyer fills in this one, once this page has come alive. Rendered
 * on the server, the preload links would compete with the page's own scripts on a slow first load (and count as
 * blocking its first paint); added after hydration, they use the time the buyer spends typing.
 */
export function NextStepPrefetch({ page }: { page: string }) {
  const [alive, setAlive] = useState(false);
  useEffect(() => setAlive(true), []);
  return alive ? <PrefetchPageLinks page={page} /> : null;
}
