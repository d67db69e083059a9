import { useLocation } from "@remix-run/react";
import type { MouseEvent } from "react";
import { NO_COLONY, POSTAL_CODE_INTENT } from "#schemas/forms/address";
import { SelectField, TextField } from "~/components/form/field";
import { useTranslation } from "react-i18next";
import type { FormField } from "~/components/form/field";
import type { PostalLookup, PostalLookupAnswer } from "./postal.server";
import { usePostalLookup } from "./use-postal-lookup";

type DerivedName = "city" | "municipality" | "state" | "country";

export type PostalCodeFieldsProps = {
  /** The postal-code input (name, id, form id, errors, value after a round trip). */
  postalCode: FormField;
  /** The colonia select; it posts the colonia's id, "00" for none. */
  colony: FormField;
  /** The server's lookup of the posted code (the 'Buscar colonias' answer without JavaScript, or a refused submit): the select comes filled. */
  initialLookup?: PostalLookup | null;
  /** Names of the hidden fields that post what the code says of the place (defaults: city, municipality, state, country). */
  derivedNames?: Partial<Record<DerivedName, string>>;
  /** Called when a lookup made in the browser lands, found or refused. */
  onLookup?: (answer: PostalLookupAnswer) => void;
  /** Where the form posts (default: this page's URL); 'Buscar colonias' posts there with `#<postal code id>`. */
  action?: string;
};

const DERIVED: readonly DerivedName[] = ["city", "municipality", "state", "country"];

/**
 * The postal code and its colonia (docs/sim.md, spec §7, §8), for any address form. With JavaScript the
 * lookup runs when the 5th digit is typed; without it 'Buscar colonias' submits the form with
 * `intent=postal-code` and the action answers it back with the colonias. A code the lookup
 * refuses is cleared, with the message beside the field. Estado, Municipio and País are shown
 * as read (never typed) and posted as hidden fields; servers still derive them from their own
 * lookup.
 */
export function PostalCodeFields({ postalCode, colony, initialLookup = null, derivedNames, onLookup, action }: PostalCodeFieldsProps) {
  const { t: message } = useTranslation(["common", "address"]);
  const location = useLocation();
  const input = () => document.getElementById(postalCode.id) as HTMLInputElement | null;
  const { status, lookup, lookUp, onPostalCodeChange } = usePostalLookup({
    initial: initialLookup,
    onLookup,
    // docs/sim.md: the refused code is cleared; the focus stays in the field.
    onFailure: () => {
      const field = input();
      if (field) field.value = "";
    },
  });

  const onSearch = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const field = input();
    const active = document.activeElement;
    // Enter in another field of the form "clicks" its first submit button, this one: that
    // Enter means the form's own submit, not a lookup.
    if (event.detail === 0 && active && active !== event.currentTarget && active !== field && active !== document.body) {
      event.currentTarget.form?.requestSubmit();
      return;
    }
    void lookUp(field?.value ?? "");
  };

  const names = { city: "city", municipality: "municipality", state: "state", country: "country", ...derivedNames };
  // conform's field is a proxy (no own keys to spread): the refused lookup's message is set on a copy of what the shell reads.
  const postalField: FormField =
    status.kind === "failed" ? { id: postalCode.id, name: postalCode.name, formId: postalCode.formId, errorId: postalCode.errorId, initialValue: postalCode.initialValue, required: postalCode.required, errors: [status.message] } : postalCode;
  // The colonia sent before stays chosen; a postal code with a single colonia chooses it by itself.
  const chosen =
    typeof colony.initialValue === "string" && lookup?.colonias.some((entry) => entry.id === colony.initialValue)
      ? colony.initialValue
      : lookup?.colonias.length === 1
        ? lookup.colonias[0]!.id
        : NO_COLONY;
  const statusText =
    status.kind === "searching" ? message("address:searching") : status.kind === "found" ? message("address:found", { count: status.lookup.colonias.length }) : null;

  return (
    <div className="postal-fields">
      <div className="postal-fields__code">
        <TextField
          field={postalField}
          label={message("address:postalCode")}
          hint={message("address:postalCodeHint")}
          autoComplete="postal-code"
          mask={{ maxLength: 5, inputMode: "numeric" }}
          onChange={(event) => onPostalCodeChange(event.currentTarget.value)}
        />
        <button
          type="submit"
          name="intent"
          value={POSTAL_CODE_INTENT}
          form={postalCode.formId}
          // Without JavaScript the answer is a new page: it opens scrolled to the postal code.
          formAction={`${action ?? location.pathname + location.search}#${postalCode.id}`}
          formNoValidate
          className="button button--secondary postal-fields__search"
          onClick={onSearch}
        >
          {message("address:search")}
        </button>
      </div>
      <p className="postal-fields__status" role="status">
        {statusText}
        {status.kind === "failed" ? <span className="visually-hidden">{message(status.message)}</span> : null}
      </p>
      <SelectField
        key={lookup?.postalCode ?? "none"}
        field={colony}
        label={message("address:colony")}
        hint={lookup ? undefined : message("address:colonyHint")}
        defaultValue={chosen}
        options={[{ value: NO_COLONY, label: message("address:selectColony") }, ...(lookup?.colonias ?? []).map((entry) => ({ value: entry.id, label: entry.name }))]}
      />
      {lookup ? (
        <>
          <dl className="postal-fields__place">
            {(["state", "municipality", "country"] as const).map((name) => (
              <div key={name}>
                <dt>{message(`address:${name}`)}</dt>
                <dd>{lookup[name]}</dd>
              </div>
            ))}
          </dl>
          {DERIVED.map((name) => (
            <input key={name} type="hidden" name={names[name]} value={lookup[name]} form={postalCode.formId} />
          ))}
        </>
      ) : null}
    </div>
  );
}
