import { useEffect, type RefObject } from "react";

/**
 * Closes a popup when the buyer leaves it: a pointer goes down anywhere outside `inside` (the popup and whatever
 * opened it), or keyboard focus moves to something outside it. Without the second, Tab walked on to controls the
 * open popup covered, and focus went out of sight.
 */
export function useCloseOnOutside(open: boolean, inside: RefObject<HTMLElement | null>, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (!open) return;
    const isOutside = (target: EventTarget | null) => target instanceof Node && !inside.current?.contains(target);
    const onPointerDown = (event: PointerEvent) => {
      if (isOutside(event.target)) setOpen(false);
    };
    // Focus going nowhere (relatedTarget null: the window lost focus, or a focused item scrolled out of a list)
    // is not leaving.
    const onFocusOut = (event: FocusEvent) => {
      if (isOutside(event.relatedTarget)) setOpen(false);
    };
    const element = inside.current;
    document.addEventListener("pointerdown", onPointerDown);
    element?.addEventListener("focusout", onFocusOut);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      element?.removeEventListener("focusout", onFocusOut);
    };
  }, [open, inside, setOpen]);
}
