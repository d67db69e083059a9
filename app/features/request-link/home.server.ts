import type { SessionUser } from "#schemas/session";
import { getRecharges } from "~/lib/config/config.server";
import { logger } from "~/lib/log.server";
import { requestLinks } from "./links.server";
import { lineOfCustomer } from "./maker.server";
import { REQUEST_REVOKED_PARAM } from "./urls";
import { linkViewOf, type LinkView } from "./views.server";

/** What /home shows of 'Pide tu recarga': the open links, which history rows were paid through one, a cancel just made. */
export type HomeRequests = {
  /** Null when they could not be read (the section says nothing more; the rest of /home stands). */
  links: LinkView[] | null;
  /** History row id (the sale's uuid) → the offer's name, for 'Te recargaron …'. */
  paidRows: Record<string, string>;
  revoked: "done" | "notFound" | null;
};

/**
 * /home's part (docs/request-link.md): the line's open links and, among the history rows shown, the
 * recharges paid through a link (the sale uuids remembered when their sales were made). A link
 * paid is closed here too, so it leaves the list once its recharge shows. Never fails the page.
 */
export async function requestLinksForHome(request: Request, user: SessionUser, historyIds: readonly string[]): Promise<HomeRequests> {
  const url = new URL(request.url);
  const line = lineOfCustomer(user);
  const revokedParam = url.searchParams.get(REQUEST_REVOKED_PARAM);
  const revoked = revokedParam === "1" ? "done" : revokedParam === "0" ? "notFound" : null;
  try {
    const [marks, open] = await Promise.all([requestLinks.salesOf(line, historyIds), requestLinks.list(line)]);
    const paidLinks = new Set([...marks.values()].map((mark) => mark.linkId));
    const paidOpen = open.filter(({ record }) => paidLinks.has(record.id));
    await Promise.all(paidOpen.map(({ record }) => requestLinks.markPaid(record)));
    const links = open.filter(({ record }) => !paidLinks.has(record.id)).map(({ record, token }) => linkViewOf(record, token, url.origin));
    const names = new Map(getRecharges().offers.map((offer) => [offer.offerId, offer.rechargeName]));
    return { links, paidRows: Object.fromEntries([...marks].map(([uuid, mark]) => [uuid, names.get(mark.offerId) ?? mark.offerId])), revoked };
  } catch (error) {
    logger("request-link").warn({ err: error }, "no se pudieron leer los enlaces de 'Pide tu recarga'");
    return { links: null, paidRows: {}, revoked };
  }
}
