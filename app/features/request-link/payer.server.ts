import { randomUUID } from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { needsServiceNumber } from "#schemas/forms/recharge";
import { payRequestSchema } from "#schemas/forms/request-link";
import type { LineProfile } from "#schemas/line";
import { type FormAnswer, invalid, refused } from "~/lib/form-answer.server";
import { readForm } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/log.server";
import { commitSession, getSession, getSessionUser } from "~/lib/session.server";
import { getRechargeHistory } from "~/upstream/core/recharges.server";
import { readCampaign } from "~/features/campaign/campaign.server";
import { CHECKOUT_PATH } from "~/features/payment/urls";
import { buildRechargeSale } from "~/features/recharge/sale";
import { RECHARGE_PARAM } from "~/features/recharge/urls";
import { requestLinks, type LinkRecord } from "./links.server";
import { lineOffers, offerChoice, type OfferChoice } from "./offers.server";
import { expiryText } from "./views.server";
import { maskLine, payerPath, PREVIEW_IMAGE } from "./urls";

/** What WhatsApp and other apps show of the link (Open Graph): never the line. */
export type Preview = { title: string; description: string; image: string; imageAlt: string; url: string };

export type PayerPage =
  | { kind: "refused"; reason: "tampered" | "expired" | "revoked" | "paid"; preview: Preview }
  | {
      kind: "pay";
      heading: string;
      message: string | null;
      /** "Para la línea Bait (55) •• •• 56 78". */
      lineText: string;
      profile: LineProfile;
      expires: string;
      preview: Preview;
      /** The line may not be recharged now, or its offers could not be read: the message instead of the form. */
      refusal: { title: string; text: string } | null;
      offers: (OfferChoice & { asked: boolean })[];
      selected: string | null;
      /** The offer asked for is no longer sold to this line. */
      askedGone: boolean;
      email: string;
      constraint: ReturnType<typeof getZodConstraint>;
    };

/** A refused link's HTTP status: a link that is not ours is not found; one that ended is gone. */
export const refusedStatus = (reason: "tampered" | "expired" | "revoked" | "paid") => (reason === "tampered" ? 404 : 410);

function previewOf(url: URL, title: string): Preview {
  return { title, description: translate("requestLink:pay.previewDescription"), image: `${url.origin}${PREVIEW_IMAGE.path}`, imageAlt: translate("requestLink:pay.previewImageAlt"), url: `${url.origin}${url.pathname}` };
}

const headingOf = (record: LinkRecord) => (record.name ? translate("requestLink:pay.titleNamed", { name: record.name }) : translate("requestLink:pay.titleAnonymous"));

/**
 * Whether the link was paid: a sale made from it shows in the line's history (the history's
 * entries carry the sale's uuid). A history that cannot be read says nothing: the link stays open.
 */
async function wasPaid(record: LinkRecord): Promise<boolean> {
  const history = await getRechargeHistory(record.line, 10);
  if (!history.ok) return false;
  const marks = await requestLinks.salesOf(record.line, history.data.map((entry) => entry.uuid));
  return [...marks.values()].some((mark) => mark.linkId === record.id);
}

/** The link's request, or why it is refused; a link found paid is closed on the way. */
async function openRequest(token: string): Promise<{ ok: true; record: LinkRecord; token: string } | { ok: false; reason: "tampered" | "expired" | "revoked" | "paid" }> {
  const lookup = await requestLinks.open(token);
  if (!lookup.ok) return lookup;
  if (await wasPaid(lookup.record)) {
    await requestLinks.markPaid(lookup.record);
    return { ok: false, reason: "paid" };
  }
  return lookup;
}

/**
 * /r/<token>, the payer's page (docs/request-link.md): who asks, in the maker's words; the line,
 * masked; the offers of its kind, the one asked for first; the payer's e-mail; or why the link is
 * refused. `?recarga=` (the checkout's 'Cambiar datos') chooses an offer.
 */
export async function loadPayerPage(request: Request, context: AppLoadContext, token: string): Promise<PayerPage> {
  const url = new URL(request.url);
  const found = await openRequest(token);
  if (!found.ok) return { kind: "refused", reason: found.reason, preview: previewOf(url, translate(`requestLink:refused.${found.reason}.title`)) };
  const { record } = found;
  const heading = headingOf(record);
  const base = {
    kind: "pay" as const,
    heading,
    message: record.message ?? null,
    lineText: translate(`requestLink:pay.for.${record.profile}`, { number: maskLine(record.line) }),
    profile: record.profile,
    expires: expiryText(record.expiresAt),
    preview: previewOf(url, heading),
    email: (await getSessionUser(request))?.email ?? "",
    constraint: getZodConstraint(payRequestSchema),
  };
  const answer = await lineOffers(request, context, record.line);
  if (!answer.ok) {
    const title = translate(answer.messageKey === "recharge:offers.error" ? "requestLink:pay.offersTitle" : "requestLink:pay.lineTitle");
    return { ...base, refusal: { title, text: translate(answer.messageKey, answer.values) }, offers: [], selected: null, askedGone: false };
  }
  const offers = answer.offers.map((offer) => ({ ...offerChoice(offer), asked: offer.offerId === record.offerId }));
  // The offer asked for comes first; the others keep the catalogue's order.
  offers.sort((a, b) => Number(b.asked) - Number(a.asked));
  const wanted = url.searchParams.get(RECHARGE_PARAM) ?? record.offerId ?? null;
  return {
    ...base,
    refusal: null,
    offers,
    selected: offers.some((offer) => offer.offerId === wanted) ? wanted : null,
    askedGone: Boolean(record.offerId) && !offers.some((offer) => offer.asked),
  };
}

/**
 * 'Continuar al pago': the link again (it may have ended meanwhile: the page then says why), the
 * form, the line's rule and the offer against the line's kind again; then the sale, built as every
 * recharge's (app/features/recharge/sale.ts), is remembered for the maker's history and goes to
 * the checkout, the same /pago as any recharge. The sale is `masked` unless the payer is the line's
 * signed-in customer: the checkout, its answers and the receipt then show the line (and a portable
 * internet line's contact phone) as the link does; the full numbers stay in the server's session.
 */
export async function payerAction(request: Request, context: AppLoadContext, token: string) {
  const found = await openRequest(token);
  if (!found.ok) return redirect(payerPath(token), 303);
  const { record } = found;
  const submission = parseWithZod(await readForm(request), { schema: payRequestSchema });
  if (submission.status !== "success" || !submission.value) return invalid(submission);
  const form = submission.value;
  const answer = await lineOffers(request, context, record.line);
  if (!answer.ok) return refused(submission, { key: answer.messageKey, values: answer.values }, 422);
  const offer = answer.offers.find((candidate) => candidate.offerId === form.offerId);
  if (!offer) return data<FormAnswer>({ result: submission.reply({ fieldErrors: { offerId: ["requestLink:pay.offerGone"] } }) }, { status: 422 });

  const uuid = randomUUID();
  const user = await getSessionUser(request);
  // Only the line's own customer, signed in, sees the numbers in full; anyone else (whoever holds the link) masked, on every page of the payment.
  const owner = Boolean(user) && (user?.number === record.line || user?.serviceNumber === record.line);
  const built = buildRechargeSale({
    offer,
    // The line as the recharge modal would take it: portable internet (types 3 and 8) by its service number, with a contact phone.
    form: needsServiceNumber(offer.type) ? { phone: record.contactPhone, serviceNumber: record.line, email: form.email, whatsapp: false } : { phone: record.line, serviceNumber: undefined, email: form.email, whatsapp: false },
    uuid,
    campaign: await readCampaign(request),
    loggedIn: Boolean(user),
    returnTo: payerPath(found.token),
  });
  const sale = owner ? built : { ...built, masked: true as const };
  try {
    await requestLinks.recordSale(record, uuid, offer.offerId);
  } catch (error) {
    // Only the maker's label on /home depends on it: the payment goes on.
    logger("request-link").warn({ err: error }, "no se pudo anotar la venta de un enlace de 'Pide tu recarga'");
  }
  const session = await getSession(request);
  session.set("sale", sale);
  return redirect(CHECKOUT_PATH, { status: 303, headers: { "Set-Cookie": await commitSession(session) } });
}
