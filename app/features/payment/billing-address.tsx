import { TextField } from "~/components/form/field";
import { PostalCodeFields } from "~/features/address/postal-code-fields";
import type { PostalLookup, PostalLookupAnswer } from "~/features/address/postal.server";
import { useTranslation } from "react-i18next";

export type BillingLookup = PostalLookup;
type Meta = Parameters<typeof TextField>[0]["field"];

/**
 * The cardholder's address when the plugin asks it (docs/payment.md `direcciones`): street and number,
 * then the postal code with its colonia (looked up at 5 digits; without JavaScript, 'Buscar
 * colonias'). It comes before the card on purpose: without JavaScript the lookup is a round trip,
 * and the card's fields never come back from the server, so they are typed last.
 */
export function BillingAddress({
  fields,
  initial,
  onLookup,
  addressLabel,
}: {
  fields: { address: Meta; postalCode: Meta; colonia: Meta };
  initial: PostalLookupAnswer | null;
  onLookup: (lookup: BillingLookup | null) => void;
  addressLabel: string;
}) {
  const { t: message } = useTranslation(["common", "payment"]);
  return (
    <fieldset className="checkout-form__address">
      <legend className="checkout-form__legend">{message("payment:checkout.addressStep")}</legend>
      <TextField field={fields.address} label={addressLabel} autoComplete="street-address" />
      <PostalCodeFields
        postalCode={fields.postalCode}
        colony={fields.colonia}
        initialLookup={initial?.ok ? initial : null}
        derivedNames={{ city: "billingCity", municipality: "billingMunicipality", state: "billingState", country: "billingCountry" }}
        onLookup={(answer) => onLookup(answer.ok ? answer : null)}
      />
    </fieldset>
  );
}
