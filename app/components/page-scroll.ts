import { useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";

const useIsomorphicLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** Where the page box was scrolled, by history entry, for the back and forward buttons. */
const positions = new Map<string, number>();

/**
 * While the cookie notice shows, the page scrolls inside its own box (the element this ref goes
 * on; app.css "Cookie notice"), where the router's scroll restoration, which scrolls the window,
 * does not reach. This does the same there: a new page starts at its top, the back and forward
 * buttons return to where the visitor was, and a link to an anchor, a modal (a query parameter) or
 * a step of the same page leaves the scrolling to the page. When the box does not scroll (no
 * notice), it does nothing.
 */
export function usePageScroll<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastPath = useRef(location.pathname);

  useIsomorphicLayoutEffect(() => {
    const page = ref.current;
    const samePath = lastPath.current === location.pathname;
    lastPath.current = location.pathname;
    if (!page || page.scrollHeight <= page.clientHeight) return;
    if (navigationType === "POP") {
      const saved = positions.get(location.key);
      if (saved !== undefined) page.scrollTop = saved;
      return;
    }
    if (!samePath && !location.hash) page.scrollTop = 0;
  }, [location.key]);

  useEffect(() => {
    const page = ref.current;
    if (!page) return;
    const save = () => positions.set(location.key, page.scrollTop);
    page.addEventListener("scroll", save, { passive: true });
    return () => page.removeEventListener("scroll", save);
  }, [location.key]);

  return ref;
}
