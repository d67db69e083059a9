import { Link } from "@remix-run/react";
import { Icon } from "~/components/icon";
import { TextField } from "~/components/form/field";
import { LookupForm, ToolSection } from "~/components/tool-section";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { coverageSchema } from "#schemas/forms/coverage";
import type { CoverageLookup, CoverageOutcome } from "./coverage.server";

/** /cobertura's check: a GET form (the answer is a link) and the server's answer under it. */
export function CoverageTool({ lookup }: { lookup: CoverageLookup }) {
  const { t: message } = useTranslation(["common", "coverage"]);
  const [form, fields] = useForm({ id: "cobertura", lastResult: lookup.form, constraint: getZodConstraint(coverageSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: coverageSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = { cp: message("coverage:postalCode"), direccion: message("coverage:address") };
  return (
    <ToolSection id="cobertura" title={message("coverage:title")} intro={message("coverage:intro")}>
      <LookupForm form={form} action="/cobertura" fields={fields} labels={labels} submitLabel={message("coverage:submit")}>
        <TextField field={fields.cp} label={labels.cp} hint={message("coverage:postalCodeHint")} autoComplete="postal-code" mask={{ maxLength: 5, inputMode: "numeric" }} />
        <TextField field={fields.direccion} label={labels.direccion} hint={message("coverage:addressHint")} autoComplete="street-address" />
      </LookupForm>
      <div aria-live="polite">{lookup.outcome ? <CoverageResult outcome={lookup.outcome} /> : null}</div>
    </ToolSection>
  );
}

function CoverageResult({ outcome }: { outcome: CoverageOutcome }) {
  const { t: message } = useTranslation(["common", "coverage"]);
  if (outcome.kind === "error") {
    return (
      <div className="form-message form-message--error" role="alert">
        {outcome.message}
      </div>
    );
  }
  const capacity = outcome.capacity === null ? "capacityUnknown" : outcome.capacity ? "capacityYes" : "capacityNo";
  return (
    <div className={`tool-result tool-result--${outcome.covered ? "yes" : "no"}`}>
      <h3 className="tool-result__title">{message("coverage:resultTitle", { address: outcome.address })}</h3>
      <p className="tool-result__verdict">
        <Icon name={outcome.covered ? "check" : "alert"} size={28} /> {message(outcome.covered ? "coverage:covered" : "coverage:notCovered")}
      </p>
      {outcome.covered ? (
        <>
          <dl className="tool-result__details">
            <dt>{message("coverage:capacityLabel")}</dt>
            <dd>{message(`coverage:${capacity}`)}</dd>
          </dl>
          <p className="tool-result__links">
            <Link to="/compatibilidad">{message("coverage:nextCovered")}</Link>
            {outcome.capacity ? <Link to="/internet-en-casa">{message("coverage:nextHome")}</Link> : null}
            {outcome.mapUrl ? (
              <a href={outcome.mapUrl} target="_blank" rel="noopener noreferrer">
                {message("coverage:mapLink")}
              </a>
            ) : null}
          </p>
        </>
      ) : (
        <p>{message("coverage:notCoveredNext")}</p>
      )}
    </div>
  );
}
