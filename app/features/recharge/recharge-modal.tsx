import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { SubmitButton } from "~/components/form/form-messages";
import { CheckboxField, TextField } from "~/components/form/field";
import { Icon } from "~/components/icon";
import { SummarySection } from "~/components/summary-list";
import { ModalActions } from "~/components/url-modal";
import { OfferForm, OfferModal, PrivacyNote, useOfferForm } from "~/features/offer-modal/offer-form";
import { OfferSummary } from "~/features/offer-modal/offer-summary";
import { useTranslation } from "react-i18next";
import { rechargeLineSchema } from "#schemas/forms/recharge";
import type { RechargeModalData } from "./modal.server";
import type { RechargeAnswer } from "./recharge.server";
import { RECHARGE_PARAM as MODAL_PARAM } from "./urls";
import { useLineCheck, type LineStatus } from "./use-line-check";
import { markHydrated } from "~/components/hydration-mark";

type Ready = Extract<RechargeModalData, { ok: true }>;

/**
 * The recharge modal (docs/recharge.md, spec §4, §5): a URL (`?recarga=OFFERID`) rendered by the server, so it
 * opens without JavaScript, and with it without a page reload. The offer, the payment-security
 * badge, then the 'Datos de línea' form; or, when the line's newest recharge is still in
 * process, the question whether to go on.
 */
export function RechargeModal({ modal, answer }: { modal: RechargeModalData; answer?: RechargeAnswer }) {
  const { t: message } = useTranslation(["common", "recharge"]);
  return (
    <OfferModal
      id="recarga"
      param={MODAL_PARAM}
      modal={modal}
      title={(ready) => ready.offer.name}
      failureTitle={message("recharge:modal.summaryRecharge")}
      backLabel={message("recharge:modal.chooseAnother")}
      summary={(ready) => <RechargeOffer modal={ready} />}
    >
      {(ready) => (answer?.pending ? <PendingQuestion modal={ready} pending={answer.pending} /> : <LineForm modal={ready} answer={answer} />)}
    </OfferModal>
  );
}

function RechargeOffer({ modal }: { modal: Ready }) {
  const { t: message } = useTranslation(["common", "recharge"]);
  const { offer } = modal;
  return (
    <OfferSummary offer={offer} type={offer.type} price={{ label: message("recharge:modal.price"), amount: offer.priceText }} includesTitle={message("recharge:modal.includes")}>
      <p className="secure-badge">
        <Icon name="shield" />
        <span>
          <strong>{message("recharge:modal.secure")}</strong> {message("recharge:modal.secureText")}
        </span>
      </p>
    </OfferSummary>
  );
}

/** The line number's live-check state under the field. */
function LineCheckStatus({ status }: { status: LineStatus }) {
  const { t: message } = useTranslation(["common", "recharge"]);
  if (!status) return null;
  if (status.kind === "checking") return <span className="line-check line-check--checking">{message("recharge:modal.checking")}</span>;
  if (status.kind === "valid")
    return (
      <span className="line-check line-check--valid">
        <Icon name="check" /> {message("recharge:modal.valid")}
      </span>
    );
  return (
    <span className="line-check line-check--invalid">
      <Icon name="alert" /> {status.message}
    </span>
  );
}

function LineForm({ modal, answer }: { modal: Ready; answer?: RechargeAnswer }) {
  const { t: message } = useTranslation(["common", "recharge"]);
  const { offer, profile, needsServiceNumber: withServiceNumber, captcha } = modal;
  const schema = rechargeLineSchema({ type: offer.type, captcha: captcha.enabled });
  const offerForm = useOfferForm(schema, { prefix: "recarga", offerId: offer.offerId, answer, defaultValue: modal.prefill });
  const { fields } = offerForm;
  const initial = (name: "phone" | "serviceNumber" | "email") => {
    const value = (answer?.result?.initialValue as Record<string, unknown> | undefined)?.[name];
    return typeof value === "string" ? value : answer ? "" : (modal.prefill[name] ?? "");
  };
  const lineCheck = useLineCheck(offer.offerId, initial(withServiceNumber ? "serviceNumber" : "phone"));
  const [typed, setTyped] = useState({ phone: initial("phone"), serviceNumber: initial("serviceNumber"), email: initial("email") });

  useEffect(() => {
    // The provider's widget script, once per page, only when the captcha is on.
    if (!captcha.enabled || !captcha.scriptUrl || document.querySelector(`script[src="${CSS.escape(captcha.scriptUrl)}"]`)) return;
    const script = document.createElement("script");
    script.src = captcha.scriptUrl;
    script.async = true;
    document.head.append(script);
  }, [captcha]);

  // The data summary follows what is typed.
  const onFieldInput = (target: HTMLInputElement) => {
    if (target.name === "phone" || target.name === "serviceNumber" || target.name === "email") setTyped((now) => ({ ...now, [target.name]: target.value.trim() }));
  };

  const numberLabel = message(
    withServiceNumber ? "recharge:modal.serviceNumber" : profile === "hbb" ? "recharge:modal.hbbNumber" : "recharge:modal.phone",
  );
  const phoneLabel = withServiceNumber ? message("recharge:modal.contactPhone") : numberLabel;
  const labels: Record<string, string> = {
    ...(withServiceNumber ? { serviceNumber: numberLabel } : {}),
    phone: phoneLabel,
    email: message("recharge:modal.email"),
    captchaToken: message("recharge:modal.captcha"),
  };

  return (
    <OfferForm
      of={offerForm}
      className="recharge-form"
      title={message("recharge:modal.lineData")}
      intro={message("recharge:modal.lineDataIntro")}
      labels={labels}
      legal={["whatsapp"]}
      onFieldInput={onFieldInput}
    >
      {withServiceNumber ? (
        <TextField
          field={fields.serviceNumber}
          label={numberLabel}
          hint={message("recharge:modal.serviceNumberHint")}
          type="tel"
          autoComplete="off"
          status={<LineCheckStatus status={lineCheck.status} />}
          onChange={(event) => lineCheck.onNumberChange(event.currentTarget.value)}
        />
      ) : null}
      <TextField
        field={fields.phone}
        label={phoneLabel}
        hint={message(withServiceNumber ? "recharge:modal.contactPhoneHint" : profile === "hbb" ? "recharge:modal.hbbNumberHint" : "recharge:modal.phoneHint")}
        type="tel"
        autoComplete={profile === "mbb" || withServiceNumber ? "tel-national" : "off"}
        status={withServiceNumber ? undefined : <LineCheckStatus status={lineCheck.status} />}
        onChange={withServiceNumber ? undefined : (event) => lineCheck.onNumberChange(event.currentTarget.value)}
      />
      <TextField field={fields.email} label={labels.email!} hint={message("recharge:modal.emailHint")} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" />
      {captcha.enabled ? (
        <div className={`field${fields.captchaToken.errors?.length ? " field--error" : ""}`}>
          <p className="field__label">{labels.captchaToken}</p>
          {fields.captchaToken.errors?.length ? (
            <p className="field__error" id={fields.captchaToken.errorId}>
              {message(fields.captchaToken.errors[0]!)}
            </p>
          ) : null}
          <div className="g-recaptcha" data-sitekey={captcha.siteKey} />
          <noscript>
            <p className="field__hint">{message("recharge:modal.captchaNoScript")}</p>
          </noscript>
        </div>
      ) : null}
      <p className="recharge-form__links">
        <Link to={modal.fairUsePath}>{message("recharge:modal.fairUse")}</Link>
      </p>
      <PrivacyNote text={message("recharge:modal.privacy")} linkText={message("recharge:modal.privacyLink")} href={modal.privacyUrl} />
      <CheckboxField field={fields.whatsapp} label={message("recharge:modal.whatsapp")} />
      <DataSummary modal={modal} phone={typed.phone} serviceNumber={typed.serviceNumber} email={typed.email} />
      <ModalActions>
        <SubmitButton>{message("recharge:modal.submit")}</SubmitButton>
      </ModalActions>
    </OfferForm>
  );
}

/** The data summary of the form: the recharge, and what was typed so far. */
function DataSummary({ modal, phone, serviceNumber, email }: { modal: Ready; phone: string; serviceNumber: string; email: string }) {
  const { t: message } = useTranslation(["common", "recharge"]);
  const number = modal.needsServiceNumber ? serviceNumber : phone;
  return (
    <SummarySection
      id="resumen-recarga"
      title={message("recharge:modal.summary")}
      rows={[
        { label: message("recharge:modal.summaryRecharge"), value: modal.offer.name },
        { label: message("recharge:modal.summaryValidity"), value: modal.offer.daysText },
        number ? { label: message(modal.needsServiceNumber || modal.profile === "hbb" ? "recharge:modal.summaryServiceNumber" : "recharge:modal.summaryNumber"), value: number } : null,
        email ? { label: message("recharge:modal.summaryEmail"), value: email } : null,
        { label: message("recharge:modal.summaryTotal"), value: modal.offer.priceText, total: true },
      ]}
    />
  );
}

/**
 * 'Aún cuentas con una recarga en proceso sin aplicarse. ¿Deseas continuar?' (docs/recharge.md, spec §8):
 * 'Continuar' posts the same data again, saying the customer knows; 'Cancelar' closes the modal.
 * Both are a form and a link, so both work without JavaScript.
 */
function PendingQuestion({ modal, pending }: { modal: Ready; pending: NonNullable<RechargeAnswer["pending"]> }) {
  const { t: message } = useTranslation(["common", "recharge"]);
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="pending-question" aria-labelledby="recarga-pendiente">
      <h3 className="pending-question__title" id="recarga-pendiente" ref={heading} tabIndex={-1}>
        <Icon name="alert" /> {message("recharge:modal.pendingTitle")}
      </h3>
      <p className="pending-question__text" role="alert">
        {message("recharge:history.pending")}
      </p>
      <Form ref={markHydrated} method="post" action={location.pathname + location.search} preventScrollReset replace className="pending-question__actions">
        <input type="hidden" name="offerId" value={modal.offer.offerId} />
        <input type="hidden" name="phone" value={pending.phone} />
        {pending.serviceNumber ? <input type="hidden" name="serviceNumber" value={pending.serviceNumber} /> : null}
        <input type="hidden" name="email" value={pending.email} />
        {pending.whatsapp ? <input type="hidden" name="whatsapp" value="on" /> : null}
        <ModalActions cancelLabel={message("recharge:modal.cancel")}>
          <SubmitButton name="intent" value="continue">
            {message("recharge:modal.continue")}
          </SubmitButton>
        </ModalActions>
      </Form>
    </section>
  );
}

export default RechargeModal;
