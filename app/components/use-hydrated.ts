import { createContext, useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/** False during server render and hydration, true after: controls that need JavaScript render only then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/** Whether a media query matches; null until the browser can tell. */
export function useMediaQuery(query: string): boolean | null {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", notify);
      return () => list.removeEventListener("change", notify);
    },
    () => window.matchMedia(query).matches,
    () => null,
  );
}

/**
 * The CSP nonce of this response (./nonce's `NonceProvider` and `useNonce`, set by
 * entry.server.tsx), kept here because the views that read it for a <style> (the pay buttons')
 * already share this module with the page's chrome: importing ./nonce from them would split it
 * into a chunk of its own on every page (scripts/size-check.mjs).
 */
export const NonceContext = createContext("");

