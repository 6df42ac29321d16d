import { useEffect, useState, type FocusEvent } from "react";
import { holdReload } from "./reload-holds.ts";

/**
 * Holds a build-update reload while the buyer is typing in a group of fields whose values are never stored
 * (the card): while focus is inside the group and `hasUnsavedInput` is true. Returns the group's focus handlers.
 */
export function useReloadHold(reason: string, hasUnsavedInput: boolean) {
  const [focusInside, setFocusInside] = useState(false);
  const holding = focusInside && hasUnsavedInput;
  useEffect(() => (holding ? holdReload(reason) : undefined), [holding, reason]);
  return {
    onFocus: () => setFocusInside(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
    },
  };
}
