import { useEffect } from "react";
import { loadScript } from "~/features/tracking/tracking";

/** The third-party chat, when site.json names its script: loaded once the page is idle, never before it is usable. */
export function ChatWidget({ src }: { src: string }) {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 1500));
    idle(() => loadScript(src));
  }, [src]);
  return null;
}
