import { useCallback, type MutableRefObject } from "react";

/**
 * A ref callback that marks an element once React owns it: `data-hydrated` on the element, set on
 * the DOM node when React attaches its ref (the commit of the hydration, or of a first render in
 * the browser). The server renders no mark, and nothing re-renders for it, so the HTML React
 * hydrates is the server's and the hydration costs no extra render.
 *
 * The browser tests wait on these marks (tests/e2e/support/hydration.ts): React hydrates the
 * header, the side bar, the footer and the page each on its own (render/chrome/shell.tsx), and a
 * view whose code loads on demand later (on-demand.tsx), and a click on HTML React does not own
 * yet is the browser's own (a full page load, a plain form post). Each block, dialog and form
 * carries the mark on its own element, and `<html>` once the root has hydrated and run its
 * effects (root.tsx).
 */
export function markHydrated(element: HTMLElement | null): void {
  if (element) element.dataset.hydrated = "";
}

/** `markHydrated` for an element whose component also keeps it in a ref object. */
export function useHydrationMark<T extends HTMLElement>(ref: MutableRefObject<T | null>): (element: T | null) => void {
  return useCallback(
    (element: T | null) => {
      ref.current = element;
      markHydrated(element);
    },
    [ref],
  );
}
