import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { resolveBlocks } from "~/render/blocks/data.server";
import { blocksOf } from "~/render/blocks/parse.server";
import { hasConsent } from "~/features/consent/consent.server";
import { loadLeadOverlay } from "~/features/leads/lead.server";
import { COOKIE_PARAM } from "~/features/consent/consent-params";
import { PDF_PARAM } from "~/components/pdf-link";
import { resolvePdf } from "~/features/pdf/pdf.server";
import { ITEM_PARAM, WIDGET_PARAM } from "~/features/widget/widget-params";
import { loadWidget } from "~/features/widget/widget.server";
import { isShown } from "~/features/flags/visibility";
import { viewerOf } from "~/features/flags/visibility.server";
import { marketingPlatforms } from "~/features/tracking/platforms.server";
import { previewBar } from "~/features/preview/preview.server";
import { getModal, getSite } from "~/lib/config/config.server";
import { scriptSettings } from "~/lib/config/scripts.server";
import { allowedScriptUrl, allowedScriptUrls } from "~/lib/config/script-urls.server";
import { formatLongDate } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import { getSessionUser } from "~/lib/session.server";
import { loadChrome } from "./chrome.server";

/**
 * What every page shares: the chrome for this visitor, consent, and whichever URL-addressable
 * overlay the query asks for (?modal=, ?pdf=, ?cookies=opciones, ?widget=, ?contacto=).
 */
export async function loadShell(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const site = getSite();
  const scripts = scriptSettings();

  const modalId = url.searchParams.get("modal");
  const modalDefinition = modalId ? getModal(modalId) : undefined;
  const lead = await loadLeadOverlay(request, url);
  const modal =
    modalId && modalDefinition
      ? {
          id: modalId,
          title: modalDefinition.title,
          blocks: await resolveBlocks(
            blocksOf(modalDefinition.file, modalDefinition).filter((block) => isShown(block, viewerOf(context, user))),
            request,
          ),
        }
      : lead.saved
        ? // 'Hemos guardado tus datos…' is the spec's success alert: a modal with its text, closed by a link to the page.
          { id: "contacto-guardado", title: translate("common:alert.title.success"), blocks: await resolveBlocks(blocksOf("leads", { blocks: [savedBlock(lead.saved)] }), request) }
        : null;

  return data(
    {
      chrome: loadChrome(context, user),
      user: user ? { name: user.name } : null,
      modal,
      consent: await hasConsent(request),
      // Dates are formatted here so the browser carries no formatting code.
      cookies: { policyModal: site.cookies.policyModal, policyUpdated: formatLongDate(site.cookies.policyUpdated) },
      // Scripts from the live config only, even in a preview (lib/config/scripts.server.ts), and only
      // from origins developers allow (docs/studio.md "Allowing a script origin"); any other is dropped and logged.
      tracking: {
        consentScripts: allowedScriptUrls(scripts.consentScripts, "tracking.consentScripts"),
        acquisitionTagUrl: allowedScriptUrl(scripts.acquisitionTagUrl, "tracking.acquisitionTagUrl"),
        ...marketingPlatforms(),
      },
      chatScriptUrl: allowedScriptUrl(scripts.chatScriptUrl, "chat.scriptUrl") ?? null,
      cookieSettings: url.searchParams.get(COOKIE_PARAM) === "opciones",
      pdf: resolvePdf(url.searchParams.get(PDF_PARAM)),
      widget: await loadWidget(url.searchParams.get(WIDGET_PARAM), url.searchParams.get(ITEM_PARAM)),
      lead: lead.modal,
      // A preview of the draft config is marked on every page (docs/config.md "Previews").
      preview: previewBar(),
    },
    { headers: lead.headers },
  );
}

const savedBlock = (text: string) => ({ type: "richText", content: [{ p: text }] });

export type ShellData = Awaited<ReturnType<typeof loadShell>>["data"];
