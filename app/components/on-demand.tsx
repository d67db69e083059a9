import { createElement, lazy, memo, Suspense, type ReactNode } from "react";

/**
 * A view whose code the browser loads apart from the page's first script: a form with conform and
 * its zod schema, a modal. The server renders `serverView` (its module re-exported from a
 * `.server.ts` file, an empty module in the browser's build) into the page at once, so the HTML is
 * whole and its form works before any script runs. In the browser the view is a lazy import in a
 * Suspense boundary: React hydrates the rest of the page first and keeps the server's HTML of this
 * one until its chunk has arrived and run, in tasks of their own (docs/performance.md "JavaScript
 * per page"). On a navigation in the browser the route starts `preload()` beside its data.
 *
 * Memoised: a boundary still waiting for its code must not be re-rendered with new props (React
 * would drop the server's HTML for the fallback); loader data keeps its references between renders.
 */
type View<P> = (props: P) => ReactNode;

export function onDemand<P extends object>(serverView: View<P> | undefined, load: () => Promise<{ default: View<P> }>) {
  // React types a lazy component's props as PropsWithRef<P>, which TypeScript cannot reduce to P for a
  // generic P; these views take no ref, so the lazy view is the view itself.
  const Lazy = lazy(load) as unknown as View<P>;
  const OnDemand = memo(function OnDemand(props: P) {
    return <Suspense>{createElement(serverView ?? Lazy, props)}</Suspense>;
  });
  return Object.assign(OnDemand, {
    /** Starts loading the view's code (a navigation in the browser that will show it). */
    preload: () => {
      if (!serverView) void load();
    },
  });
}
