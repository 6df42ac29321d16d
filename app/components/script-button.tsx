import type { ComponentPropsWithRef } from "react";
import { useHydrated } from "./use-hydrated.ts";

/**
 * A `type="button"` whose work is the page's scripts' (turning a picture over, opening a popup, checking fields):
 * in the server's HTML, and until the scripts run, it is disabled, so that a tap says "not yet" instead of doing
 * nothing. Buttons that post a form need none of this: they work without scripts.
 */
export function ScriptButton({ disabled, ...props }: Omit<ComponentPropsWithRef<"button">, "type">) {
  const hydrated = useHydrated();
  return <button type="button" {...props} disabled={!hydrated || disabled} />;
}
