import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { isRouteErrorResponse, RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { NonceProvider } from "~/components/nonce";
import { flowCookiesToDrop } from "~/features/auth/flow.server";
import { campaignCookieFor } from "~/features/campaign/campaign.server";
import { startLeadDelivery } from "~/features/leads/lead.server";
import { paymentLedger } from "~/features/payment/ledger.server";
import { startPaymentSweepOnce } from "~/features/payment/sweep.server";
import { startLiveConfig } from "~/lib/config/live.server";
import { versions } from "~/lib/config/studio-versions.server";
import { i18nForPages } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/log.server";
import { PREVIEW_COOKIE_IN } from "~/lib/preview-link.server";
import { burstStream } from "~/lib/burst-stream.server";
import { maskDigits } from "~/lib/request-context.server";
import { SESSION_COOKIE } from "~/lib/session.server";

// The page cache and the health endpoints of server/app.ts read these from the build.
export { pageCacheVariant } from "~/render/page/cache-variant.server";
export { healthReport } from "~/lib/health.server";
export { configStatusResponse } from "~/features/config-status/status.server";
// POST /__mocks/session (mock world only) opens a session record for tests that skip the login form.
export { openMockSession } from "~/features/auth/session.server";

// Leads a previous run stored and did not deliver go out first (docs/leads.md).
startLeadDelivery();
// Payments a previous run sent and never learnt the verdict of are settled from the provider's record (docs/payment.md).
startPaymentSweepOnce();
// With the studio on, the site serves the latest published version and follows each publish
// (app/lib/config/live.server.ts); server/index.ts listens once the head was read.
export const liveConfigReady = startLiveConfig(versions);
// The deploy's drain (server/index.ts) waits for this process's charges under way.
export const chargesUnderWay = () => paymentLedger.charging;

const ABORT_DELAY = 5_000;
export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  for (const cookie of flowCookiesToDrop(request)) responseHeaders.append("Set-Cookie", cookie);
  const campaign = await campaignCookieFor(request);
  if (campaign) responseHeaders.append("Set-Cookie", campaign);
  keepPrivateWhenSettingCookies(responseHeaders);
  keepPrivateWithSession(request, responseHeaders);
  keepPrivateInPreview(request, responseHeaders);
  keepPrivateAfterForm(request, responseHeaders);
  const nonce = loadContext.cspNonce;
  // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18nForPages}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          // React's pieces of one burst go on as one chunk (app/lib/burst-stream.server.ts).
          const body = burstStream();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger("server").error({ err: error }, "error al transmitir la página");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

/**
 * Client-side navigations leave a registration or recovery flow as surely as documents do, and
 * may arrive with a campaign's utm parameters too.
 */
export async function handleDataRequest(response: Response, { request }: { request: Request }) {
  for (const cookie of flowCookiesToDrop(request)) response.headers.append("Set-Cookie", cookie);
  const campaign = await campaignCookieFor(request);
  if (campaign) response.headers.append("Set-Cookie", campaign);
  // A client-side navigation or a revalidation after a form must see the server's present
  // answer: a browser honours a public page's stale-while-revalidate, and would hand back the
  // data of before a flash notice was shown or consent was given.
  if (!/no-store/.test(response.headers.get("Cache-Control") ?? "")) response.headers.set("Cache-Control", "private, no-cache");
  keepPrivateWhenSettingCookies(response.headers);
  keepPrivateWithSession(request, response.headers);
  keepPrivateInPreview(request, response.headers);
  keepPrivateAfterForm(request, response.headers);
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const { pathname } = new URL(request.url);
  // A form posted to a page that takes none is the client's mistake, not a fault: the request's
  // own log line says 405 (server/app.ts), the page says so in Spanish; no stack.
  if (isRouteErrorResponse(error) && error.status === 405) return;
  logger("server").error({ route: maskDigits(pathname), err: error }, "error no controlado");
}

const sessionCookieIn = new RegExp(`(?:^|;\\s*)${SESSION_COOKIE}=[^;]`);

/**
 * A request that carries our session (a customer's, or a visitor's sale or notice) is answered for
 * that person alone: no cache, shared or the browser's, keeps any answer of it, whatever the route
 * said (a public page shows 'Hola, Ana' in the header when she is signed in). The page cache of
 * server/app.ts neither serves nor stores a request with this cookie (server/page-cache.ts).
 */
function keepPrivateWithSession(request: Request, headers: Headers) {
  if (sessionCookieIn.test(request.headers.get("Cookie") ?? "")) headers.set("Cache-Control", "private, no-store");
}

/**
 * A request with the preview cookie may be rendered from the draft config (docs/config.md
 * "Previews"): no cache keeps its answer, and the page cache neither serves nor stores it.
 */
function keepPrivateInPreview(request: Request, headers: Headers) {
  if (PREVIEW_COOKIE_IN.test(request.headers.get("Cookie") ?? "")) headers.set("Cache-Control", "private, no-store");
}

/** A response that sets a cookie (a consumed flash notice, a campaign, a flow's end) is this visitor's alone: no cache keeps it. */
function keepPrivateWhenSettingCookies(headers: Headers) {
  if (headers.has("Set-Cookie")) headers.set("Cache-Control", "private, no-store");
}

/**
 * The answer to a form (a POST without JavaScript: the page again with what was typed and its
 * errors) is the sender's alone, whatever the page's loader said: the account pages before
 * sign-in are public when read (/login, /registro, /recuperacion), never when a form is answered.
 */
function keepPrivateAfterForm(request: Request, headers: Headers) {
  if (request.method !== "GET" && request.method !== "HEAD") headers.set("Cache-Control", "private, no-store");
}
