import type { Audience, FlagName, OfferCategory, Visibility } from "#schemas/config";
import { profileOfUserType } from "#schemas/line";

/**
 * "Shown to this visitor now" for any item of the config that carries `when` and `from` / `until`
 * (blocks, banners, menu and footer entries, offers; docs/config.md "Visibility and scheduling").
 * Pure: the flags come in as a function (visibility.server.ts evaluates them with the flag engine
 * for the request's visitor) and the clock as a number, so tests pass a fake one.
 */
export type Viewer = {
  /** Milliseconds since the epoch: the moment the page is rendered for. */
  now: number;
  /** What the visitor is: anonymous, or customer plus the kind of line. */
  audiences: readonly Audience[];
  isOn: (flag: FlagName) => boolean;
};


/** The audiences of a visitor: `anonymous`, or `customer` and the line's kind (userType 1 mbb, 2 hbb, 3 mifi). */
export function audiencesOf(user: { userType?: number } | null | undefined): Audience[] {
  if (!user) return ["anonymous"];
  const kind = user.userType === undefined ? undefined : (profileOfUserType as Partial<Record<number, Audience>>)[user.userType];
  return kind ? ["customer", kind] : ["customer"];
}

/** A date of the config as milliseconds; an unreadable one counts as absent (the schema refuses it). */
function instant(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** Inside its window: from `from` (included) to `until` (excluded). */
export function isScheduledAt(item: Pick<Visibility, "from" | "until">, now: number): boolean {
  const from = instant(item.from);
  const until = instant(item.until);
  return (from === undefined || now >= from) && (until === undefined || now < until);
}

export function isShown(item: Visibility, viewer: Viewer): boolean {
  if (!isScheduledAt(item, viewer.now)) return false;
  const { when } = item;
  if (!when) return true;
  if (when.flag !== undefined && !viewer.isOn(when.flag)) return false;
  if (when.withoutFlag !== undefined && viewer.isOn(when.withoutFlag)) return false;
  if (when.audience !== undefined && !when.audience.some((entry) => viewer.audiences.includes(entry))) return false;
  return true;
}

/**
 * The flag that sells each flagged product: an offer of these categories shows only while its
 * flag is on, whether or not the offer's own `when` says so, and a sale of it is refused.
 */
export const CATEGORY_FLAGS: Partial<Record<OfferCategory, FlagName>> = { "e-sim": "e-sim", business: "business-page" };

export function isOfferShown(offer: Visibility & { category: OfferCategory }, viewer: Viewer): boolean {
  const flag = CATEGORY_FLAGS[offer.category];
  return (flag === undefined || viewer.isOn(flag)) && isShown(offer, viewer);
}

/**
 * The nearest `from` or `until` after `now` among the items, in milliseconds, or null: the moment
 * a page made of them changes by itself, so no cache may keep it past then.
 */
export function nextBoundary(items: Iterable<Pick<Visibility, "from" | "until">>, now: number): number | null {
  let next: number | null = null;
  for (const item of items) {
    for (const value of [instant(item.from), instant(item.until)]) {
      if (value !== undefined && value > now && (next === null || value < next)) next = value;
    }
  }
  return next;
}
