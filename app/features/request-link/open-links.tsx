import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormMessage, SubmitButton } from "~/components/form/form-messages";
import { useFocusOnArrival } from "./focus-on-arrival";
import { REQUEST_PATH } from "./urls";
import type { LinkView } from "./views.server";
import { markHydrated } from "~/components/hydration-mark";

/**
 * The line's open links (docs/request-link.md "Seeing and cancelling"), each with its offer, when it
 * ends, whether the maker's name shows, their words, its address, 'Compartir de nuevo' and
 * 'Cancelar enlace' (a post to /pide-recarga that comes back to `volver`). A cancel just made says
 * how it went, focused.
 */
export function OpenLinks({ links, revoked, volver, headingLevel = 2 }: { links: LinkView[]; revoked: "done" | "notFound" | null; volver: "inicio" | "pide-recarga"; headingLevel?: 2 | 3 }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const notice = useFocusOnArrival<HTMLDivElement>(revoked);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="request-links">
      <Heading id={`enlaces-abiertos-${volver}`} className="request-links__title">
        {message("requestLink:list.title")}
      </Heading>
      {revoked ? (
        <div className="request-focus" tabIndex={-1} ref={notice} autoFocus>
          <FormMessage tone={revoked === "done" ? "success" : "error"}>{message(revoked === "done" ? "requestLink:list.revoked" : "requestLink:list.notFound")}</FormMessage>
        </div>
      ) : null}
      {links.length === 0 ? <p>{message("requestLink:list.empty")}</p> : null}
      {links.length > 0 ? (
        <ul role="list" className="request-links__list" aria-labelledby={`enlaces-abiertos-${volver}`}>
          {links.map((link) => {
            const name = link.offerName ?? message("requestLink:list.offerAny");
            return (
              <li key={link.id} className="request-link">
                <p className="request-link__offer">
                  <strong>{name}</strong>
                </p>
                <p className="request-link__facts">
                  <span>{message("requestLink:list.expires", { date: link.expires })}</span>
                  <span>{message(link.madeBy === "visitor" ? "requestLink:list.byVisitor" : link.madeBy === "code" ? "requestLink:list.byCode" : link.withName ? "requestLink:list.withName" : "requestLink:list.withoutName")}</span>
                </p>
                {link.message ? <p className="request-link__message">{message("requestLink:list.message", { message: link.message })}</p> : null}
                <p className="request-link__url">{link.url}</p>
                <div className="request-link__actions">
                  <Link className="button button--secondary button--small" to={link.shareHref}>
                    {message("requestLink:list.shareAgain")}
                    <span className="visually-hidden"> {message("requestLink:list.shareAgainName", { name })}</span>
                  </Link>
                  <Form ref={markHydrated} method="post" action={REQUEST_PATH} className="request-link__revoke">
                    <input type="hidden" name="intent" value="cancelar" />
                    <input type="hidden" name="volver" value={volver} />
                    <RevokeButton label={message("requestLink:list.revoke")} detail={message("requestLink:list.revokeName", { name, date: link.expires })} id={link.id} />
                  </Form>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

/** 'Cancelar enlace': it carries the link's id, and says it is at work while its own form is being sent. */
function RevokeButton({ label, detail, id }: { label: string; detail: string; id: string }) {
  return (
    <span className="request-link__revoke-button">
      <SubmitButton variant="secondary" name="id" value={id}>
        {label}
        <span className="visually-hidden"> {detail}</span>
      </SubmitButton>
    </span>
  );
}
