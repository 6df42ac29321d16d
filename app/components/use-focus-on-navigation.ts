import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * After a client-side navigation to another page, focus moves to the new page's heading, so that a screen reader
 * reads where the buyer now is and the next Tab starts in the page's content (a full page load does this by itself).
 * Focus moves only when nothing else holds it: the control that was used is gone (focus fell to the body) or it was
 * a link. A page that focuses a field of its own on arrival (an error, a new text layer) keeps that focus, and a
 * field the buyer is already typing into is never left.
 */
export function useFocusOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const active = document.activeElement;
    const focusIsFree = !active || active === document.body || !active.isConnected || active instanceof HTMLAnchorElement;
    if (!focusIsFree) return;
    const main = document.getElementById("main");
    const heading = main?.querySelector<HTMLElement>("h1");
    const target = heading ?? main;
    if (!target) return;
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    // The scroll position is React Router's to restore (top for a new page, the old place on Back).
    target.focus({ preventScroll: true });
  }, [pathname]);
}
