import { Link, useNavigation } from "@remix-run/react";
import { useId, type FocusEvent } from "react";
import { CheckboxField, TextField } from "~/components/form/field";
import { useHydrated } from "~/components/use-hydrated";
import { Icon } from "~/components/icon";
import { ModalActions } from "~/components/url-modal";
import { OfferForm, OfferModal, PrivacyNote, useOfferForm } from "~/features/offer-modal/offer-form";
import { OfferSummary } from "~/features/offer-modal/offer-summary";
import { useTranslation } from "react-i18next";
import { ESIM_FIELDS, esimSchema } from "#schemas/forms/esim";
import type { EsimAnswer } from "./esim.server";
import { FIELD_STEPS, isStepField, STEP_ENDPOINT, stepValue } from "./journey-steps";
import type { EsimModalData } from "./offer.server";
import { useImeiCheck, type DeviceStatus } from "./use-imei-check";

type Ready = Extract<EsimModalData, { ok: true }>;

/** The offer type of a SIM or eSIM (docs/recharge.md). */
const ESIM_TYPE = 7;
/** 'Revisar compatibilidad' posts with this intent (esim.server.ts IMEI_INTENT; a string here keeps the server module out of the bundle). */
const IMEI_INTENT = "revisar-imei";

/**
 * The eSIM modal 'E-SIM' (docs/esim.md, spec §2, §4, §5): a URL (`?oferta=OFFERID`) rendered by
 * the server, so it opens without JavaScript. The offer and its total, the fair-use and
 * physical-SIM links, the replacement note, then the form: contact number, e-mail twice, the
 * IMEI (checked 600 ms after typing stops, or by 'Revisar compatibilidad'), 'Soy usuario Bait'
 * (not in the portability flow) and 'Pagar', which needs an eSIM-compatible device.
 */
export function EsimModal({
  modal,
  answer,
  param,
}: {
  modal: EsimModalData;
  answer?: EsimAnswer;
  /** ESIM_PARAM (urls.ts), handed by the route: this lazy chunk then shares no module with the pages. */ param: string;
}) {
  const { t: message } = useTranslation(["common", "esim"]);
  return (
    <OfferModal id="esim" param={param} modal={modal} title={message("esim:modal.title")} backLabel={message("esim:modal.chooseAnother")} summary={(ready) => <EsimOffer modal={ready} />}>
      {(ready) => <EsimForm modal={ready} answer={answer} />}
    </OfferModal>
  );
}

function EsimOffer({ modal }: { modal: Ready }) {
  const { t: message } = useTranslation(["common", "esim"]);
  const { offer } = modal;
  return (
    <>
      <OfferSummary
        offer={offer}
        type={ESIM_TYPE}
        name={offer.name}
        price={{ label: message("esim:modal.total"), amount: modal.totalText }}
        includesTitle={message("esim:modal.includes")}
        className="esim-offer"
      />
      <p className="esim-offer__note">
        <Icon name="alert" /> {message(modal.portability ? "esim:modal.portabilityNote" : "esim:modal.replacementNote")}
      </p>
      <p className="esim-offer__links">
        <Link to={modal.fairUseHref}>{message("esim:modal.fairUse")}</Link>
        <Link to={modal.physicalSimHref}>{message("esim:modal.physicalSim")}</Link>
      </p>
    </>
  );
}

/** The device check's answer under the IMEI: the spec's text, green for an eSIM, with the physical-SIM link where it helps. */
function DeviceResult({ status, physicalSimHref }: { status: DeviceStatus; physicalSimHref: string }) {
  const { t: message } = useTranslation(["common", "esim"]);
  if (!status) return null;
  if (status.kind === "checking") return <span className="device-check device-check--checking">{message("esim:device.checking")}</span>;
  return (
    <span className={`device-check device-check--${status.tone}`}>
      <Icon name={status.tone === "success" ? "check" : "alert"} />
      <span>
        {status.message}
        {status.verdict === "networkOnly" ? (
          <>
            {" "}
            <Link to={physicalSimHref}>{message("esim:device.physicalSim")}</Link>
          </>
        ) : null}
      </span>
    </span>
  );
}

/** A field left valid sends its journey step as a beacon: nobody waits for it, nothing shows. */
function sendFieldStep(event: FocusEvent<HTMLFormElement>) {
  const target = event.target as unknown as HTMLInputElement;
  if (!isStepField(target.name) || typeof navigator.sendBeacon !== "function") return;
  const value = stepValue(target.name, target.value);
  if (!FIELD_STEPS[target.name].rule.test(value)) return;
  const body = new FormData();
  body.set("campo", target.name);
  body.set("valor", value);
  navigator.sendBeacon(STEP_ENDPOINT, body);
}

/** Phone and IMEI take digits only (spec §5): anything else typed or pasted is dropped as it arrives. */
function digitsOnly(input: HTMLInputElement) {
  const digits = input.value.replace(/\D+/g, "");
  if (digits !== input.value) input.value = digits;
}

function EsimForm({ modal, answer }: { modal: Ready; answer?: EsimAnswer }) {
  const { t: message } = useTranslation(["common", "esim"]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const hintId = useId();
  const { offer } = modal;
  const offerForm = useOfferForm(esimSchema, { prefix: "esim", offerId: offer.offerId, answer, defaultValue: modal.prefill });
  const { fields } = offerForm;
  // A post may carry `imei` twice (a hand-made body): then what comes back is a list, not a text.
  const initialImei = typeof fields.imei.initialValue === "string" ? fields.imei.initialValue : "";
  const device = useImeiCheck({ initialImei, initial: answer?.device ?? null, journey: true, inputId: fields.imei.id });

  const labels: Record<(typeof ESIM_FIELDS)[number], string> = {
    contactNumber: message("esim:modal.contactNumber"),
    email: message("esim:modal.email"),
    emailconfirmar: message("esim:modal.emailConfirm"),
    imei: message("esim:modal.imei"),
    isBait: message("esim:modal.isBait"),
  };
  // Without JavaScript 'Pagar' is always there: the server checks the device again before anything.
  const payBlocked = hydrated && !device.compatible;
  const paying = navigation.state === "submitting" && navigation.formData?.get("intent") !== IMEI_INTENT;

  return (
    <OfferForm
      of={offerForm}
      className="recharge-form esim-form"
      title={message("esim:modal.formTitle")}
      intro={message("esim:modal.formIntro")}
      labels={labels}
      legal={["isBait"]}
      onFieldInput={(target) => {
        if (target.name === "contactNumber" || target.name === "imei") digitsOnly(target);
        if (target.name === "imei") device.onImeiChange(target.value);
      }}
      onFieldBlur={sendFieldStep}
    >
      {/* Enter in any field pays (the form's first submit button is its default), never only checks the IMEI. */}
      <button type="submit" hidden tabIndex={-1} aria-hidden="true" />
      <TextField
        field={fields.contactNumber}
        label={labels.contactNumber}
        hint={message("esim:modal.contactNumberHint")}
        type="tel"
        autoComplete="tel-national"
        mask={{ maxLength: 10, inputMode: "numeric" }}
      />
      <TextField field={fields.email} label={labels.email} hint={message("esim:modal.emailHint")} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" />
      <TextField field={fields.emailconfirmar} label={labels.emailconfirmar} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" />
      <div className="esim-form__imei">
        <TextField
          field={fields.imei}
          label={labels.imei}
          hint={message("esim:modal.imeiHint")}
          autoComplete="off"
          mask={{ maxLength: 17, inputMode: "numeric" }}
          status={<DeviceResult status={device.status} physicalSimHref={modal.physicalSimHref} />}
        />
        <button
          type="submit"
          name="intent"
          value={IMEI_INTENT}
          formNoValidate
          className="button button--secondary esim-form__check"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            device.checkNow();
          }}
        >
          {message("esim:modal.checkImei")}
        </button>
      </div>
      {modal.portability ? null : (
        <div className="esim-form__bait">
          <CheckboxField field={fields.isBait} label={labels.isBait} />
          <p className="field__hint">{message("esim:modal.isBaitHint")}</p>
        </div>
      )}
      <PrivacyNote text={message("esim:modal.privacy")} linkText={message("esim:modal.privacyLink")} href={modal.privacyUrl} />
      {payBlocked ? (
        <p className="field__hint esim-form__pay-hint" id={hintId}>
          {message("esim:modal.payNeedsDevice")}
        </p>
      ) : null}
      <ModalActions>
        <button
          type="submit"
          className="button button--primary button--block"
          aria-disabled={payBlocked || paying || undefined}
          aria-describedby={payBlocked ? hintId : undefined}
          onClick={
            payBlocked || paying
              ? (event) => {
                  event.preventDefault();
                  // Blocked by the device: the IMEI, with its check and the hint, is where to go next.
                  if (payBlocked) document.getElementById(fields.imei.id)?.focus();
                }
              : undefined
          }
        >
          {paying ? message("common:form.sending") : message("esim:modal.submit")}
        </button>
      </ModalActions>
    </OfferForm>
  );
}

/** For the routes' lazy import (esim-modal.server.ts says why). */
export default EsimModal;

/*
 * Not used here: re-exported so that this lazily loaded module reaches the same shared modules as
 * every route (as the lead form does, docs/leads.md "JavaScript budget"); else the bundler splits
 * the route error view into a chunk of its own, one more file on every page.
 */
export { RouteError } from "~/components/route-error";
