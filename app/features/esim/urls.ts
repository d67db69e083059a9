/**
 * The eSIM modal is a URL (docs/esim.md): `?oferta=OFFERID` over any page that lists eSIM offers.
 * `flujo=portabilidad` is the portability flow: the visitor brings a number, so 'Soy usuario
 * Bait' is not asked and the journey is filed as a portability.
 */
export const ESIM_PARAM = "oferta";
export const ESIM_FLOW_PARAM = "flujo";
export const PORTABILITY_FLOW = "portabilidad";

/** The pages whose route renders the eSIM modal; an eSIM card elsewhere leads to /e-sim. */
export const ESIM_PAGES: ReadonlySet<string> = new Set(["/e-sim", "/cambiate-a-bait", "/recargas"]);

/** Where a physical SIM is sold instead (docs/esim.md "link /cambiate-a-bait?section=sim"). */
export const PHYSICAL_SIM_HREF = "/cambiate-a-bait?section=sim";

/**
 * The eSIM modal of an offer over the page the card is on (keeping its `section` and the
 * portability flow), or over /e-sim when that page cannot show it.
 */
export function esimHref(offerId: string, here?: URL): string {
  const params = new URLSearchParams();
  const onPage = here && ESIM_PAGES.has(here.pathname);
  if (onPage) {
    for (const name of ["section", ESIM_FLOW_PARAM]) {
      const value = here.searchParams.get(name);
      if (value) params.set(name, value);
    }
  }
  params.set(ESIM_PARAM, offerId);
  return `${onPage ? here.pathname : "/e-sim"}?${params.toString()}`;
}
