import { useEffect, type RefObject } from "react";

/** Closes a popup when a pointer goes down anywhere outside `inside` (the popup and whatever opened it). */
export function useCloseOnOutsidePointer(
  open: boolean,
  inside: RefObject<HTMLElement | null>,
  setOpen: (open: boolean) => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !inside.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open, inside, setOpen]);
}
