import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { createI18n } from "~/lib/i18n";

const i18n = createI18n();

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
