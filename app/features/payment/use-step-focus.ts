import { useEffect, useRef } from "react";

/**
 * A checkout step, or an answer, that has just appeared takes the focus (its heading or its
 * message, tabIndex=-1), and the page scrolls to its top when it is not already on the screen:
 * the visitor never has to look for where the page went (WCAG 2.4.3). At once, not smoothly: a
 * smooth scroll is an animation the browser drops when the page changes under it (the summary
 * giving way to the card step, at 375 px), and the heading was then left focused far above the
 * screen. `key` says which step or answer is showing: the focus moves again whenever it changes,
 * and only then.
 */
export function useStepFocus<Element extends HTMLElement>(key: unknown, enabled = true) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element) return;
    element.focus({ preventScroll: true });
    const { top, bottom } = element.getBoundingClientRect();
    // The site's header is sticky: the CSS gives these elements a scroll-margin-top under it.
    const margin = parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
    if (top >= margin && bottom <= window.innerHeight) return;
    element.scrollIntoView({ block: "start", behavior: "auto" });
  }, [key, enabled]);
  return ref;
}
