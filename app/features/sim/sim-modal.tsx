import { SubmitButton } from "~/components/form/form-messages";
import { ModalActions } from "~/components/url-modal";
import { TextField } from "~/components/form/field";
import { SummarySection } from "~/components/summary-list";
import { PostalCodeFields } from "~/features/address/postal-code-fields";
import { OfferForm, OfferModal, PrivacyNote, useOfferForm } from "~/features/offer-modal/offer-form";
import { OfferSummary } from "~/features/offer-modal/offer-summary";
import { useTranslation } from "react-i18next";
import { SIM_FIELDS, simDeliverySchema } from "#schemas/forms/sim";
import type { SimModalData } from "./offer.server";
import { SIM_PARAM } from "./urls";
import type { SimAnswer } from "./sim.server";

type Ready = Extract<SimModalData, { ok: true }>;

/** The offer type of a SIM (docs/sim.md). */
const SIM_TYPE = 7;

/**
 * The SIM modal (docs/sim.md "A SIM modal asks for delivery data", spec §3, §5): a URL
 * (`/cambiate-a-bait?chip=OFFERID`) rendered by the server, so it opens without JavaScript. The
 * offer and its cost with the delivery, then the delivery form; 'Siguiente' hands the sale to
 * the payment step.
 */
export function SimModal({ modal, answer }: { modal: SimModalData; answer?: SimAnswer }) {
  const { t: message } = useTranslation(["common", "sim", "address"]);
  return (
    <OfferModal id="chip" param={SIM_PARAM} modal={modal} title={message("sim:modal.title")} backLabel={message("sim:modal.chooseAnother")} summary={(ready) => <SimOffer modal={ready} />}>
      {(ready) => <DeliveryForm modal={ready} answer={answer} />}
    </OfferModal>
  );
}

function SimOffer({ modal }: { modal: Ready }) {
  const { t: message } = useTranslation(["common", "sim", "address"]);
  const { offer } = modal;
  return (
    <>
      <OfferSummary offer={offer} type={SIM_TYPE} name={offer.name} includesTitle={message("sim:modal.includes")} />
      <SummarySection
        id="chip-costo"
        className="sim-costs"
        title={message("sim:modal.costs")}
        rows={[
          { label: message("sim:modal.price"), value: modal.priceText },
          { label: message("sim:modal.shipping"), value: modal.shippingText },
          { label: message("sim:modal.total"), value: modal.totalText, total: true },
        ]}
      />
    </>
  );
}

function DeliveryForm({ modal, answer }: { modal: Ready; answer?: SimAnswer }) {
  const { t: message } = useTranslation(["common", "sim", "address"]);
  const { offer } = modal;
  const offerForm = useOfferForm(simDeliverySchema, { prefix: "chip", offerId: offer.offerId, answer });
  const { fields } = offerForm;

  const labels: Record<(typeof SIM_FIELDS)[number], string> = {
    contactName: message("sim:modal.contactName"),
    contactLastName: message("sim:modal.contactLastName"),
    email: message("sim:modal.email"),
    contactNumber: message("sim:modal.contactNumber"),
    postalCode: message("address:postalCode"),
    colony: message("address:colony"),
    address: message("sim:modal.street"),
    exteriorNumber: message("sim:modal.exteriorNumber"),
    interiorNumber: message("sim:modal.interiorNumber"),
  };

  return (
    <OfferForm of={offerForm} className="recharge-form sim-form" title={message("sim:modal.deliveryData")} intro={message("sim:modal.deliveryIntro")} labels={labels}>
      <fieldset className="sim-form__group">
        <legend className="sim-form__legend">{message("sim:modal.contact")}</legend>
        <TextField field={fields.contactName} label={labels.contactName} autoComplete="given-name" />
        <TextField field={fields.contactLastName} label={labels.contactLastName} autoComplete="family-name" />
        <TextField field={fields.email} label={labels.email} hint={message("sim:modal.emailHint")} type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" />
        <TextField
          field={fields.contactNumber}
          label={labels.contactNumber}
          hint={message("sim:modal.contactNumberHint")}
          type="tel"
          autoComplete="tel-national"
        />
      </fieldset>
      <fieldset className="sim-form__group">
        <legend className="sim-form__legend">{message("sim:modal.address")}</legend>
        <PostalCodeFields postalCode={fields.postalCode} colony={fields.colony} initialLookup={answer?.postal ?? null} />
        <TextField field={fields.address} label={labels.address} autoComplete="address-line1" />
        <div className="sim-form__numbers">
          <TextField field={fields.exteriorNumber} label={labels.exteriorNumber} />
          <TextField field={fields.interiorNumber} label={labels.interiorNumber} autoComplete="address-line2" />
        </div>
      </fieldset>
      <PrivacyNote text={message("sim:modal.privacy")} linkText={message("sim:modal.privacyLink")} href={modal.privacyUrl} />
      <ModalActions>
        <SubmitButton>{message("sim:modal.submit")}</SubmitButton>
      </ModalActions>
    </OfferForm>
  );
}

export default SimModal;
