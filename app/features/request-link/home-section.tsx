import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { HomeRequests } from "./home.server";
import { OpenLinks } from "./open-links";
import { HOME_SECTION_ID, REQUEST_PATH } from "./urls";

/** /home's 'Pide tu recarga' (docs/request-link.md): make a link, and the line's open links to share again or cancel. */
export function RequestLinksSection({ requests }: { requests: HomeRequests }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  return (
    <section className="account-card request-home" id={HOME_SECTION_ID} aria-labelledby="request-home-title">
      <h2 id="request-home-title">{message("requestLink:home.title")}</h2>
      <p>{message("requestLink:home.intro")}</p>
      <Link className="button button--primary" to={REQUEST_PATH}>
        {message("requestLink:home.create")}
      </Link>
      {requests.links ? <OpenLinks links={requests.links} revoked={requests.revoked} volver="inicio" headingLevel={3} /> : null}
    </section>
  );
}
