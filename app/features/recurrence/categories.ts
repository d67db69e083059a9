import { profileOfUserType, type LineProfile, type UserType } from "#schemas/line";

/**
 * Which offers a line may make recurring (docs/customer.md "Which offers a line may schedule"),
 * read with the spec's §3 type codes (1 prepaid, 2 home internet, 3 portable internet, 4
 * associates, 5 international, 6 packages, 8 business mifi): a mobile line the mobile types (1, 5,
 * 6, and 4 only when the line is in the associates programme), a home-internet line type 2, a
 * portable-internet line types 3 and 8. §9's numeric lists ("mbb 1,2,4; mifi 8; hbb 3") read 2 as
 * mobile and 3 as home internet; §3 wins, as it does for the sale's `referencia4`
 * (`lineCategoryForType` in schemas/forms/recharge.ts), so the two never disagree. SIM (7),
 * business lines (9) and store (99) offers are never recurring.
 */
export type LineCategory = LineProfile;

export const RECURRENCE_CATEGORIES: Record<LineCategory, readonly number[]> = { mbb: [1, 4, 5, 6], hbb: [2], mifi: [3, 8] };

/** The associates' offers: recurring only for a line of the programme. */
export const ASSOCIATES_TYPE = 4;

/** The session's userType (1 mobile, 2 home internet, 3 portable) as a line category. */
export const lineCategoryOf = (userType: UserType): LineCategory => profileOfUserType[userType];

/** Whether a line of the category may make an offer of the type recurring; `associate` says whether the line is in the associates programme. */
export const isRecurringOfferFor = (category: LineCategory, type: number, associate = false) =>
  RECURRENCE_CATEGORIES[category].includes(type) && (type !== ASSOCIATES_TYPE || associate);

/**
 * The offers a line is offered to schedule: those of `recurring.offerIds` (pages-config/recharges.json),
 * in that order, of the line's own kind.
 */
export function recurringChoices<Offer extends { offerId: string; type: number }>(
  offers: readonly Offer[],
  offerIds: readonly string[],
  category: LineCategory,
  associate = false,
): Offer[] {
  return offerIds.flatMap((offerId) => offers.filter((offer) => offer.offerId === offerId && isRecurringOfferFor(category, offer.type, associate)));
}
