import { profileForType } from "#schemas/forms/recharge";
import { offersForLine } from "~/features/recharge/by-number.server";
import { LINE_PARAM, RECHARGE_PARAM } from "~/features/recharge/urls";
import { REQUEST_PATH, requestForNumber } from "~/features/request-link/urls";
import { offerHrefForLine } from "~/render/offer-links";
import type { BlockCheckContext, BlockFinding } from "~/lib/config/blocks";
import { getRecharges } from "~/lib/config/config.server";
import { formatPhone } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import type { BlockContext } from "../block";
import { emptyCategory, offerView, type OfferView } from "../offer-cards.server";
import type { RechargeByNumberBlockConfig } from "./schema";

export { rechargeByNumberBlock as schema } from "./schema";

/** Where the answer sits on the page (and the form's target without JavaScript). */
export const ANSWER_ID = "ofertas";

/** The longest typed value shown back in the field. */
const KEPT_LENGTH = 20;

/**
 * The field and, when the URL carries `?numero=`, the answer: the offers of the line's kind, each
 * leading to its recharge modal with the number filled in, or the message that says why not
 * (beside the field). Every text is translated here, so the view ships none.
 */
export async function load(block: RechargeByNumberBlockConfig, { request, offers: source, clientIp }: BlockContext) {
  const url = new URL(request.url);
  const typed = url.searchParams.get(LINE_PARAM);
  const texts = {
    heading: block.heading ?? translate("recharge:byNumber.heading"),
    hint: translate("recharge:byNumber.hint"),
    submit: translate("recharge:byNumber.submit"),
  };
  const base = {
    action: url.pathname,
    texts,
    /** What the field shows: what was typed, kept when it is refused. */
    value: (typed ?? "").slice(0, KEPT_LENGTH),
    /** The answer takes the focus, unless a modal opened over the page has it. */
    focus: typed !== null && !url.searchParams.has(RECHARGE_PARAM),
    /** 'Pide tu recarga' before any number (docs/request-link.md); an answer has its own, for its line. */
    request: { text: translate("requestLink:byNumber.textAny"), link: translate("requestLink:byNumber.link"), href: REQUEST_PATH },
  };
  if (typed === null) return { ...base, error: null, result: null };
  const answer = await offersForLine({ typed, ip: clientIp, source, categories: block.categories, associates: block.associates });
  if (answer.kind !== "offers") return { ...base, error: translate(answer.messageKey, answer.kind === "refused" ? answer.values : undefined), result: null };
  const { categories } = getRecharges();
  return {
    ...base,
    value: answer.number,
    error: null,
    result: {
      number: answer.number,
      title: translate("recharge:byNumber.results", { kind: translate(`recharge:byNumber.kind.${answer.profile}`), number: formatPhone(answer.number) }),
      groups: answer.groups.map((group) => ({
        id: group.category,
        label: categories.find((entry) => entry.id === group.category)?.label ?? group.category,
        offers: group.offers.map((offer): OfferView => ({ ...offerView(offer), href: offerHrefForLine(offer, answer.number) })),
      })),
      actionLabel: translate("offers.recharge"),
      /** 'Pide tu recarga' for this line (docs/request-link.md): someone else pays it through a link. */
      request: { text: translate("requestLink:byNumber.text"), link: translate("requestLink:byNumber.link"), href: requestForNumber(answer.number) },
    },
  };
}
export type RechargeByNumberData = Awaited<ReturnType<typeof load>>;

/** Each kind's categories have offers in recharges.json, and offers of that kind of line (no home internet offered to a mobile line). */
export function* check(block: RechargeByNumberBlockConfig, { recharges }: BlockCheckContext): Generator<BlockFinding> {
  if (!recharges) return;
  for (const [kind, list] of Object.entries(block.categories)) {
    for (const [index, category] of list.entries()) {
      const path = `categories.${kind}[${index}]`;
      if (category === "sim" || category === "e-sim") yield { path, message: `la categoría «${category}» se compra, no se recarga a una línea` };
      const empty = emptyCategory(category, recharges.offers);
      if (empty) yield { path, message: empty };
      const other = recharges.offers.find((offer) => offer.category === category && profileForType(offer.type) !== kind);
      if (other) yield { path, message: `la categoría «${category}» tiene ofertas que no son para líneas «${kind}» (${other.offerId}, tipo ${other.type})` };
    }
  }
}
