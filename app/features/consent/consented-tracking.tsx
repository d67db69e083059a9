import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { useChrome } from "~/components/ui-store";
import type { Platform } from "~/features/tracking/platforms";
import { loadScript, startTracking, track } from "~/features/tracking/tracking";

export type Tracking = { consentScripts: string[]; acquisitionTagUrl?: string; platforms: Platform[]; pixelPaths: string[] };

/**
 * What waits for cookie consent (docs/config.md "Cookie consent", docs/esim.md "Marketing
 * platforms"), whether it was given now or on an earlier visit: the consented scripts, the
 * marketing platforms (their code is fetched only then), and the queue of events, which goes
 * out once the platforms listen. Every page seen is a PageView event, queued like the rest.
 */
export function ConsentedTracking({ tracking }: { tracking: Tracking }) {
  const accepted = useChrome((state) => state.consentAccepted);
  const location = useLocation();

  useEffect(() => {
    track("PageView", { path: location.pathname });
  }, [location.pathname]);

  // No third-party script on the payment pages, /pago, /pago/completado and /recargar-de-nuevo (docs/payment.md "Card data"): they wait for the next page.
  const paymentPage = /^\/(pago(\/|$)|recargar-de-nuevo\/?$)/.test(location.pathname);
  useEffect(() => {
    if (!accepted || paymentPage) return;
    tracking.consentScripts.forEach(loadScript);
    if (tracking.platforms.length === 0) return startTracking();
    import("~/features/tracking/platforms")
      .then(({ connectPlatforms }) => connectPlatforms(tracking.platforms, tracking.pixelPaths, loadScript))
      .catch((error: unknown) => console.error("[seguimiento] plataformas no disponibles:", error))
      .finally(startTracking);
  }, [accepted, tracking, paymentPage]);

  return null;
}
