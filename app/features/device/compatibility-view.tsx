import { Form, Link } from "@remix-run/react";
import { TextField } from "~/components/form/field";
import { ErrorSummary, FormMessage, SubmitButton } from "~/components/form/form-messages";
import { Icon } from "~/components/icon";
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
    <section className="block tool" aria-labelledby="compatibilidad-title">
      <h2 className="block__title" id="compatibilidad-title">
        {message("esim:compatibility.title")}
      </h2>
      <p className="tool__intro">{message("esim:compatibility.intro")}</p>
      <Form method="get" action="/compatibilidad" id={form.id} noValidate onSubmit={form.onSubmit} className="tool__form tool__form--inline" preventScrollReset>
        <ErrorSummary fields={fields} labels={labels} show={form.status === "error"} />
        <TextField field={fields.imei} label={labels.imei} hint={message("esim:compatibility.hint")} autoComplete="off" mask={{ maxLength: 17, inputMode: "numeric" }} />
        <SubmitButton>{message("esim:compatibility.submit")}</SubmitButton>
      </Form>
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
    </section>
  );
}
