import type { OfferCategory } from "#schemas/config";
import { getRecharges } from "~/lib/config/config.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import type { LineProfile } from "#schemas/line";
import { categoryOffers, type CatalogueOffer, type OfferSource } from "./catalogue.server";
import { checkLineKind } from "./line.server";

/** The categories each kind of line is offered (the block's config may name others of the same kind). */
export type KindCategories = Record<LineProfile, readonly OfferCategory[]>;
export const DEFAULT_KIND_CATEGORIES: KindCategories = { mbb: ["traditionals"], hbb: ["hbb"], mifi: ["mifi"] };

/** What is typed, cleaned: spaces and the usual separators go (§5: spaces removed before submission). */
export const cleanLineNumber = (typed: string) => typed.replace(/[\s\-().]+/g, "");

export type LineOffersAnswer =
  /** The field's own problem: nothing asked of the upstream. */
  | { kind: "invalid"; messageKey: string }
  /** The line's rule, the check's failure or the attempt limit: a message for the whole answer. */
  | { kind: "refused"; messageKey: string; values?: Record<string, string | number> }
  | { kind: "offers"; number: string; profile: LineProfile; associate: boolean; groups: { category: OfferCategory; offers: CatalogueOffer[] }[] };

/**
 * Number first (docs/recharge.md): the offers a typed number may get. The number is 10 digits; the
 * line check of the recharge modal (checkLineKind, the same upstream calls and rules) says its kind
 * or why it cannot be recharged; then the offers of that kind's categories, and the associates'
 * for an associate's line, as the catalogue shows them. A refused number counts against the IP's
 * attempt limit of the line check, as in the modal.
 */
export async function offersForLine(input: { typed: string; ip: string; source: OfferSource; categories?: KindCategories; associates?: boolean }): Promise<LineOffersAnswer> {
  const number = cleanLineNumber(input.typed);
  if (!number) return { kind: "invalid", messageKey: "recharge:byNumber.required" };
  if (!/^\d{10}$/.test(number)) return { kind: "invalid", messageKey: "errors:line.invalidNumber" };

  const attempt = { action: "line" as const, ip: input.ip };
  // Reserved before the upstream is asked; only a refused line keeps it.
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) {
    const { key, values } = tooManyAttempts(limit);
    return { kind: "refused", messageKey: key, values };
  }
  const line = await checkLineKind(number);
  if (!line.ok) return { kind: "refused", messageKey: line.messageKey };
  await rateLimiter.forgive(attempt);

  const categories = [...(input.categories ?? DEFAULT_KIND_CATEGORIES)[line.profile]];
  if (line.associate && input.associates !== false && !categories.includes("associates")) categories.push("associates");
  const configured = getRecharges().offers;
  const results = await Promise.all(categories.map((category) => categoryOffers(category, configured, input.source)));
  if (results.some((result) => !result.ok)) return { kind: "refused", messageKey: "recharge:offers.error" };
  const groups = categories.map((category, index) => {
    const result = results[index]!;
    return { category, offers: result.ok ? result.offers : [] };
  });
  return { kind: "offers", number, profile: line.profile, associate: line.associate, groups: groups.filter((group) => group.offers.length > 0) };
}
