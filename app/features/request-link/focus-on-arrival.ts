import { useEffect, useRef } from "react";

/**
 * The new step's heading (or message) takes the focus when it appears: `autoFocus` on a page
 * load without JavaScript (the browser's), and this effect after a navigation within the page
 * (React's autoFocus moves no focus to a heading). It scrolls at once, never smoothly, below the
 * sticky header (the element's `scroll-margin-top`).
 */
export function useFocusOnArrival<T extends HTMLElement>(key: string | null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (!key || !ref.current) return;
    ref.current.focus({ preventScroll: true });
    ref.current.scrollIntoView({ block: "start" });
  }, [key]);
  return ref;
}
