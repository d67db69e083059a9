import { Link } from "@remix-run/react";
import { TextField } from "~/components/form/field";
import { FormMessage } from "~/components/form/form-messages";
import { Icon } from "~/components/icon";
import { LookupForm, ToolSection } from "~/components/tool-section";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { imeiSchema } from "#schemas/forms/esim";
import type { CompatibilityLookup, DeviceCheck } from "./imei-check.server";

/** Where each verdict leads next. */
const NEXT: Record<DeviceCheck["verdict"], Array<{ href: string; key: string }>> = {
  esim: [
    { href: "/e-sim", key: "esim:compatibility.buyEsim" },
    { href: "/cambiate-a-bait?section=sim", key: "esim:compatibility.buySim" },
  ],
  networkOnly: [{ href: "/cambiate-a-bait?section=sim", key: "esim:compatibility.buySim" }],
  vozapp: [{ href: "/cambiate-a-bait?section=sim", key: "esim:compatibility.buySim" }],
  incompatible: [{ href: "/centros-de-atencion", key: "esim:compatibility.centres" }],
  error: [],
};

/**
 * /compatibilidad's check (docs/esim.md "The device check"): a GET form, so the answer is a link and
 * needs no JavaScript; the server's answer under it, in the eSIM modal's words and colours.
 */
export function CompatibilityTool({ lookup }: { lookup: CompatibilityLookup }) {
  const { t: message } = useTranslation(["common", "esim"]);
  const [form, fields] = useForm({ id: "compatibilidad", lastResult: lookup.form, constraint: getZodConstraint(imeiSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: imeiSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = { imei: message("esim:compatibility.imei") };
  const { check } = lookup;
  return (
    <ToolSection id="compatibilidad" title={message("esim:compatibility.title")} intro={message("esim:compatibility.intro")}>
      <LookupForm form={form} action="/compatibilidad" fields={fields} labels={labels} submitLabel={message("esim:compatibility.submit")}>
        <TextField field={fields.imei} label={labels.imei} hint={message("esim:compatibility.hint")} autoComplete="off" mask={{ maxLength: 17, inputMode: "numeric" }} />
      </LookupForm>
      <div aria-live="polite">
        {lookup.refused ? <FormMessage tone="error">{lookup.refused}</FormMessage> : null}
        {check ? (
          <div className={`tool-result tool-result--${check.verdict === "esim" ? "yes" : "no"}`}>
            <h3 className="tool-result__title">{message("esim:compatibility.resultTitle", { imei: check.imei })}</h3>
            <p className={`tool-result__verdict device-check--${check.tone}`}>
              <Icon name={check.tone === "success" ? "check" : "alert"} size={28} /> {check.message}
            </p>
            {NEXT[check.verdict].length > 0 ? (
              <p className="tool-result__links">
                {NEXT[check.verdict].map((next) => (
                  <Link key={next.href} to={next.href}>
                    {message(next.key)}
                  </Link>
                ))}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </ToolSection>
  );
}
