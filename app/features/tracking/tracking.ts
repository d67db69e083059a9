import type { EventData, EventName } from "./events";

/**
 * The one door for analytics events (the catalogue: events.ts). Events wait in a queue until
 * the visitor accepts cookies; then the queue and every new event go out as `bait:track` DOM
 * events, which the marketing platforms (platforms.ts, loaded only after consent) forward.
 */
export type TrackEvent = { name: string; data?: Record<string, string | number | boolean> };

declare global {
  interface Window {
    baitEvents?: TrackEvent[];
  }
}

let consented = false;

// Funnel steps announced by the routes (funnel.ts) are tracked like any other event.
if (typeof window !== "undefined") {
  window.addEventListener("bait:funnel", (event) => {
    const { name, data } = (event as CustomEvent<TrackEvent>).detail;
    emit({ name, data });
  });
}

function emit(event: TrackEvent) {
  (window.baitEvents ??= []).push(event);
  if (consented) window.dispatchEvent(new CustomEvent<TrackEvent>("bait:track", { detail: event }));
}

export function track<Name extends EventName>(name: Name, data?: EventData<Name>) {
  if (typeof window === "undefined") return;
  emit({ name, data: data as TrackEvent["data"] });
}

/** After consent: the queued events go out, then every new one as it happens. */
export function startTracking() {
  if (consented || typeof window === "undefined") return;
  consented = true;
  for (const event of window.baitEvents ?? []) window.dispatchEvent(new CustomEvent<TrackEvent>("bait:track", { detail: event }));
}

const loaded = new Set<string>();

/** Third-party scripts (analytics, ad pixels, chat) are added only by code, only once each. */
export function loadScript(src: string) {
  if (typeof document === "undefined" || loaded.has(src)) return;
  loaded.add(src);
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  document.head.append(script);
}
