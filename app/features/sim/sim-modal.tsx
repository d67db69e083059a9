import { SubmitButton } from "~/components/form/form-messages";
import { ModalActions } from "~/components/url-modal";
import { TextField } from "~/components/form/field";
import { PostalCodeFields } from "~/features/address/postal-code-fields";
import { OfferForm, OfferModal } from "~/features/offer-modal/offer-form";
import { OfferSummary } from "~/features/offer-modal/offer-summary";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
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
  const title = message("sim:modal.title");
  return (
    <OfferModal id="chip" param={SIM_PARAM} modal={modal} title={() => title} failureTitle={title} backLabel={message("sim:modal.chooseAnother")}>
      {(ready) => (
        <>
          <SimOffer modal={ready} />
          <DeliveryForm modal={ready} answer={answer} />
        </>
      )}
    </OfferModal>
  );
}

function SimOffer({ modal }: { modal: Ready }) {
  const { t: message } = useTranslation(["common", "sim", "address"]);
  const { offer } = modal;
  return (
    <>
      <OfferSummary offer={offer} type={SIM_TYPE} name={offer.name} includesTitle={message("sim:modal.includes")} />
      <section className="data-summary sim-costs" aria-labelledby="chip-costo">
        <h3 className="data-summary__title" id="chip-costo">
          {message("sim:modal.costs")}
        </h3>
        <dl className="data-summary__list">
          <div>
            <dt>{message("sim:modal.price")}</dt>
            <dd>{modal.priceText}</dd>
          </div>
          <div>
            <dt>{message("sim:modal.shipping")}</dt>
            <dd>{modal.shippingText}</dd>
          </div>
          <div className="data-summary__total">
            <dt>{message("sim:modal.total")}</dt>
            <dd>{modal.totalText}</dd>
          </div>
        </dl>
      </section>
    </>
  );
}

function DeliveryForm({ modal, answer }: { modal: Ready; answer?: SimAnswer }) {
  const { t: message } = useTranslation(["common", "sim", "address"]);
  const { offer } = modal;
  const [form, fields] = useForm({ id: `chip-${offer.offerId}`, lastResult: answer?.result, constraint: getZodConstraint(simDeliverySchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: simDeliverySchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });

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
    <OfferForm
      form={form}
      offerId={offer.offerId}
      className="recharge-form sim-form"
      title={message("sim:modal.deliveryData")}
      intro={message("sim:modal.deliveryIntro")}
      answerMessage={answer?.message}
      fields={fields}
      labels={labels}
    >
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
      <p className="recharge-form__privacy">
        {message("sim:modal.privacy")}{" "}
        <a href={modal.privacyUrl} target="_blank" rel="noopener noreferrer">
          {message("sim:modal.privacyLink")}
          <span className="visually-hidden"> {message("common:a11y.newWindow")}</span>
        </a>
        .
      </p>
      <ModalActions>
        <SubmitButton>{message("sim:modal.submit")}</SubmitButton>
      </ModalActions>
    </OfferForm>
  );
}
