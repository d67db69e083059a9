import { lazy, Suspense, type ComponentType } from "react";
import type { ViewProps } from "./block";

/**
 * The view of a block that few pages show, loaded in the browser only on a page that shows it (the
 * lead form's pattern, features/leads/lead-form.server.ts). Such a block's index.ts registers
 * `lazyView(View, () => import("./view"))`, `View` coming from its view.server.ts: on the server
 * that is the view itself, rendered at once and completely (also for visitors without
 * JavaScript); in the browser an empty module, so the view is a lazy import of its own chunk, and
 * React keeps the server's HTML until that chunk arrives and hydrates it. The view sits in a
 * Suspense boundary of its own on both sides; the other blocks render as they are. After a link
 * followed in the browser, the block appears once its chunk arrives (the boundary shows nothing
 * until then), a moment after the rest of the page, the first time.
 *
 * A lazily loaded view re-exports three things it does not use: the block list, and the hydration
 * hook and the route error view. The bundler puts modules in one shared chunk when the same entry
 * points reach them, and each lazily loaded view is an entry point. Through the block list the
 * view reaches every block that config pages load at once and what those share (the translator,
 * the rich text, the links); the other two share chunks with that code without the block list
 * reaching them. A view that reached only part of it would split the chunks of every config page
 * into more files, which weighs more than the views kept out.
 */
export function lazyView<B, D>(serverView: ComponentType<ViewProps<B, D>> | undefined, load: () => Promise<{ default: ComponentType<ViewProps<B, D>> }>) {
  const View = serverView ?? lazy(load);
  return function LazyView(props: ViewProps<B, D>) {
    return (
      <Suspense>
        <View {...props} />
      </Suspense>
    );
  };
}
