import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { startBrowserI18n } from "~/lib/i18n/browser";

/** Ends the current task: what follows runs in a task of its own, after the browser has had its turn. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// The page's scripts are evaluated in one task; starting i18next (the texts the server put in the
// HTML) and hydrating each get tasks of their own, so none of them holds the main thread for long
// on a slow phone. Hydration is a transition: React yields to the browser between components.
void (async () => {
  await nextTask();
  const i18n = startBrowserI18n();
  await nextTask();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <RemixBrowser />
        </I18nextProvider>
      </StrictMode>,
    );
  });
})();
