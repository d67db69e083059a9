import { getRecharges } from "~/lib/config/config.server";
import { formatLongDate, formatShortTime } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import { requestLinks, type LinkRecord } from "./links.server";
import { maskLine, payerPath, shareAgainHref, shareTargets } from "./urls";

/** "15 de marzo de 2026 a las 14:05", Mexico City time. */
export const expiryText = (at: number) => `${formatLongDate(at)} a las ${formatShortTime(at)}`;

/** The offer's name as marketing writes it (null: the payer chooses). */
export const offerNameOf = (offerId: string | undefined) => (offerId ? (getRecharges().offers.find((offer) => offer.offerId === offerId)?.rechargeName ?? offerId) : null);

/** The address a link is opened at, on this site's origin. */
const linkUrl = (origin: string, token: string) => `${origin}${payerPath(token)}`;

/**
 * One open link as the maker's lists show it (/pide-recarga, /home). `madeBy`: customer (the
 * signed-in owner), code (someone who typed the code sent to the line), visitor (made with neither,
 * before codes were asked: its words are not shown; the owner may cancel it).
 */
export type LinkView = { id: string; offerName: string | null; expires: string; withName: boolean; madeBy: LinkRecord["by"]; message: string | null; url: string; shareHref: string };

export const linkViewOf = (record: LinkRecord, token: string, origin: string): LinkView => ({
  id: record.id,
  offerName: offerNameOf(record.offerId),
  expires: expiryText(record.expiresAt),
  withName: Boolean(record.name),
  madeBy: record.by,
  // Words nobody proved to hold the line for are never shown to its owner as theirs.
  message: record.by === "visitor" ? null : (record.message ?? null),
  url: linkUrl(origin, token),
  shareHref: shareAgainHref(token),
});

/** The line's open links, newest first. */
export async function linkViews(line: string, origin: string): Promise<LinkView[]> {
  return (await requestLinks.list(line)).map(({ record, token }) => linkViewOf(record, token, origin));
}

/** A link to share: its address, the text sent with it (the maker's words, or ours), where to send it without JavaScript. */
export type ShareView = {
  url: string;
  text: string;
  title: string;
  whatsapp: string;
  sms: string;
  expires: string;
  offerName: string | null;
  maskedLine: string;
  /** Made by a visitor: they cannot list it later, the page says so. */
  visitor: boolean;
};

export function shareViewOf(record: LinkRecord, token: string, origin: string, visitor: boolean): ShareView {
  const url = linkUrl(origin, token);
  const text = record.message ? translate("requestLink:share.textWithMessage", { message: record.message, url }) : translate("requestLink:share.textDefault", { url });
  return {
    url,
    text,
    title: translate("requestLink:share.shareTitle"),
    ...shareTargets(text),
    expires: expiryText(record.expiresAt),
    offerName: offerNameOf(record.offerId),
    maskedLine: maskLine(record.line),
    visitor,
  };
}

/** `?enlace=<token>` on the maker's page: the link just made (or shared again), while it is open. */
export async function shareView(url: URL, token: string | null, visitor: boolean): Promise<ShareView | null> {
  if (!token) return null;
  const lookup = await requestLinks.open(token).catch(() => null);
  return lookup?.ok ? shareViewOf(lookup.record, lookup.token, url.origin, visitor) : null;
}
