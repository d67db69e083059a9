import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import { makeRequestSchema, requestNumberOf, revokeRequestSchema } from "#schemas/forms/request-link";
import type { LineProfile } from "#schemas/line";
import type { SessionUser } from "#schemas/session";
import { type FormAnswer, invalid, refused } from "~/lib/form-answer.server";
import { formatPhone } from "~/lib/format";
import { readForm } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/log.server";
import { getSessionUser, requireCustomer } from "~/lib/session.server";
import { requestLinks, MAX_OPEN_LINKS } from "./links.server";
import { lineOffers, offerChoice, type OfferChoice } from "./offers.server";
import { linkViews, shareView, type LinkView, type ShareView } from "./views.server";
import { REQUEST_LINK_PARAM, REQUEST_NUMBER_PARAM, REQUEST_PATH, REQUEST_REVOKED_PARAM, shareAgainHref } from "./urls";

/** The line a customer asks for: their service number for home or portable internet, else their Bait number. */
export const lineOfCustomer = (user: SessionUser) => user.serviceNumber ?? user.number;

/**
 * Whose request this is: the signed-in customer's own line (listed, their name may show), or a
 * number a visitor typed (from the number-first answer): the customer typing another number is a
 * visitor for that number.
 */
function makerOf(user: SessionUser | null, typed: string | null): { kind: "customer"; user: SessionUser; number: string } | { kind: "visitor"; number: string | null } {
  const own = user ? lineOfCustomer(user) : null;
  const number = typed === null ? null : requestNumberOf(typed);
  if (user && own && (number === null || number === "" || number === own)) return { kind: "customer", user, number: own };
  return { kind: "visitor", number };
}

export type MakerPage = {
  maker: { kind: "customer"; name: string } | { kind: "visitor" };
  /** number: a visitor types the number first; form: the request's form; refused: the line may not be recharged now. */
  step: "number" | "form" | "refused";
  /** The number field (visitors): what was typed and its message. */
  number: { value: string; error: string | null };
  line: { number: string; formatted: string; profile: LineProfile } | null;
  offers: OfferChoice[];
  refusal: string | null;
  /** The link just made, to share. */
  created: ShareView | null;
  /** The customer's open links (null for a visitor, or when they could not be read). */
  links: LinkView[] | null;
  maxLinks: number;
  /** A cancel just made: done, or the link was no longer open. */
  revoked: "done" | "notFound" | null;
};

/**
 * /pide-recarga: a visitor's number (`?numero=`, checked as the number-first answer checks it) or the
 * customer's own line, the offers that line may be asked, the link just made (`?enlace=`) and the
 * customer's open links.
 */
export async function loadMakerPage(request: Request, context: AppLoadContext): Promise<MakerPage> {
  const url = new URL(request.url);
  const user = await getSessionUser(request);
  const maker = makerOf(user, url.searchParams.get(REQUEST_NUMBER_PARAM));
  const revokedParam = url.searchParams.get(REQUEST_REVOKED_PARAM);
  const [created, links] = await Promise.all([
    shareView(url, url.searchParams.get(REQUEST_LINK_PARAM), maker.kind === "visitor"),
    maker.kind === "customer" ? linkViews(maker.number, url.origin).catch(() => null) : Promise.resolve(null),
  ]);
  const page: MakerPage = {
    maker: maker.kind === "customer" ? { kind: "customer", name: maker.user.name } : { kind: "visitor" },
    step: "number",
    number: { value: (maker.number ?? "").slice(0, 20), error: null },
    line: null,
    offers: [],
    refusal: null,
    created,
    links,
    maxLinks: MAX_OPEN_LINKS,
    revoked: revokedParam === "1" ? "done" : revokedParam === "0" ? "notFound" : null,
  };
  // The link just made is the page: nothing more to ask of the upstream.
  if (created || maker.number === null) return page;
  const answer = await lineOffers(request, context, maker.number);
  if (!answer.ok) {
    const text = translate(answer.messageKey, answer.values);
    // A visitor's number is refused beside its field, what was typed kept; the customer's own line is the page's message.
    return maker.kind === "visitor" ? { ...page, number: { ...page.number, error: text } } : { ...page, step: "refused", refusal: text };
  }
  return {
    ...page,
    step: "form",
    number: { value: answer.number, error: null },
    line: { number: answer.number, formatted: formatPhone(answer.number), profile: answer.profile },
    offers: answer.offers.map(offerChoice),
  };
}

/** The posts of /pide-recarga: make a link (`intent=crear`) or cancel one (`intent=cancelar`). */
export async function makerAction(request: Request, context: AppLoadContext) {
  const formData = await readForm(request);
  return formData.get("intent") === "cancelar" ? revoke(request, formData) : create(request, context, formData);
}

async function create(request: Request, context: AppLoadContext, formData: FormData) {
  const submission = parseWithZod(formData, { schema: makeRequestSchema });
  if (submission.status !== "success" || !submission.value) return invalid(submission);
  const form = submission.value;
  const user = await getSessionUser(request);
  const maker = makerOf(user, form.numero ?? null);
  if (maker.number === null) return refused(submission, { key: "recharge:byNumber.required" });

  const answer = await lineOffers(request, context, maker.number);
  if (!answer.ok) return refused(submission, { key: answer.field ? answer.messageKey : "requestLink:form.lineRefused", values: answer.values }, 422);
  if (form.offerId && !answer.offers.some((offer) => offer.offerId === form.offerId)) {
    return data<FormAnswer>({ result: submission.reply({ fieldErrors: { offerId: ["requestLink:form.offerUnknown"] } }) }, { status: 422 });
  }
  const customer = maker.kind === "customer" ? maker.user : null;
  try {
    const made = await requestLinks.create(
      {
        line: answer.number,
        profile: answer.profile,
        // A portable-internet recharge is filed under a contact phone too: the customer's Bait number, else the line itself.
        contactPhone: customer && answer.profile === "mifi" ? customer.number : answer.number,
        ...(form.offerId ? { offerId: form.offerId } : {}),
        ...(form.message ? { message: form.message } : {}),
        ...(customer && form.showName && customer.name.trim() ? { name: customer.name.trim() } : {}),
        by: customer ? "customer" : "visitor",
      },
      context.clientIp,
    );
    if (!made.ok) {
      if (made.reason === "tooMany") return refused(submission, { key: "requestLink:form.tooMany", values: { minutes: Math.ceil((made.retryAfterSeconds ?? 60) / 60) } }, 429, { "Retry-After": String(made.retryAfterSeconds ?? 60) });
      return refused(submission, { key: customer ? "requestLink:form.limit" : "requestLink:form.limitVisitor" }, 409);
    }
    return redirect(shareAgainHref(made.token), 303);
  } catch (error) {
    // The shared state did not answer (Redis down): nothing was made; the visitor may try again.
    logger("request-link").error({ err: error }, "no se pudo guardar un enlace de 'Pide tu recarga'");
    return refused(submission, { key: "requestLink:form.failed" }, 503);
  }
}

/**
 * Cancels one of the signed-in customer's open links and comes back to the page that listed it, which
 * says how it went in a message that takes the focus (and so scrolls into view). No `#fragment`:
 * a browser skips `autofocus` on a page whose address targets an element.
 */
async function revoke(request: Request, formData: FormData) {
  const user = await requireCustomer(request, "login");
  const submission = parseWithZod(formData, { schema: revokeRequestSchema });
  const value = submission.status === "success" ? submission.value : undefined;
  const done = value ? await requestLinks.revoke(value.id, lineOfCustomer(user)).catch(() => false) : false;
  const result = `${REQUEST_REVOKED_PARAM}=${done ? "1" : "0"}`;
  return redirect(value?.volver === "inicio" ? `/home?${result}` : `${REQUEST_PATH}?${result}`, 303);
}
