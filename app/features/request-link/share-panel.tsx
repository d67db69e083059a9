import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "~/components/icon";
import { useHydrated } from "~/components/use-hydrated";
import { useFocusOnArrival } from "./focus-on-arrival";
import type { ShareView } from "./views.server";

type Copy = "idle" | "copied" | "failed";

/** Copies with the Clipboard API, else by selecting the field (older browsers, no permission). */
async function copyLink(url: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    if (!field) return false;
    field.select();
    return document.execCommand("copy");
  }
}

/**
 * The link just made (docs/request-link.md "Sharing"): with JavaScript the phone's share sheet (Web
 * Share API) when the browser has one, and 'Copiar enlace'; always WhatsApp (`wa.me/?text=`) and
 * SMS (`sms:?&body=`) as plain links and the link in a read-only field, so it can be sent without
 * JavaScript too. Its heading takes the focus.
 */
export function SharePanel({ share, extra }: { share: ShareView; extra?: ReactNode }) {
  const { t: message } = useTranslation(["common", "requestLink"]);
  const hydrated = useHydrated();
  const canShare = hydrated && typeof navigator.share === "function";
  const [copy, setCopy] = useState<Copy>("idle");
  const heading = useFocusOnArrival<HTMLHeadingElement>(share.url);
  const fieldId = "enlace-para-compartir";

  const openSheet = async () => {
    try {
      await navigator.share({ title: share.title, text: share.text });
    } catch {
      // Closed without sharing, or refused: the other ways stay on the screen.
    }
  };

  return (
    <section className="request-share" aria-labelledby="request-share-title">
      <h2 id="request-share-title" className="request-share__title request-focus" tabIndex={-1} ref={heading} autoFocus>
        <Icon name="check" /> {message("requestLink:share.title")}
      </h2>
      <p>{message("requestLink:share.intro", { date: share.expires })}</p>
      <p className="request-share__facts">
        <span>{share.offerName ? message("requestLink:share.offer", { name: share.offerName }) : message("requestLink:share.offerAny")}</span>{" "}
        <span>{share.maskedLine}</span>
      </p>
      {share.visitor ? <p className="form-message form-message--warning">{message("requestLink:share.visitorNote")}</p> : null}
      <div className="request-share__actions">
        {canShare ? (
          <button type="button" className="button button--primary" onClick={openSheet}>
            {message("requestLink:share.share")}
          </button>
        ) : null}
        <a className={`button ${canShare ? "button--secondary" : "button--primary"}`} href={share.whatsapp} target="_blank" rel="noopener noreferrer">
          <Icon name="whatsapp" /> {message("requestLink:share.whatsapp")}
        </a>
        <a className="button button--secondary" href={share.sms}>
          <Icon name="chat" /> {message("requestLink:share.sms")}
        </a>
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary"
            onClick={async () => setCopy((await copyLink(share.url, document.getElementById(fieldId) as HTMLInputElement | null)) ? "copied" : "failed")}
          >
            {message("requestLink:share.copy")}
          </button>
        ) : null}
      </div>
      {/* Where 'Copiar enlace' says how it went: there with the button, so a screen reader announces it. */}
      {hydrated ? (
        <p className="request-share__copied" role="status">
          {copy === "copied" ? message("requestLink:share.copied") : copy === "failed" ? message("requestLink:share.copyFailed") : ""}
        </p>
      ) : null}
      <div className="field">
        <label className="field__label" htmlFor={fieldId}>
          {message("requestLink:share.field")}
        </label>
        <p className="field__hint" id={`${fieldId}-hint`}>
          {message("requestLink:share.fieldHint")}
        </p>
        <div className="field__control">
          <input id={fieldId} className="field__input request-share__url" type="url" readOnly value={share.url} aria-describedby={`${fieldId}-hint`} onFocus={(event) => event.currentTarget.select()} />
        </div>
      </div>
      {extra}
    </section>
  );
}
