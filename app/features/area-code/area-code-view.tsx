import { Form, Link, useActionData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { FieldShell } from "~/components/form/field";
import { ToolSection } from "~/components/tool-section";
import {
  ErrorSummary,
  FormMessage,
  SubmitButton,
} from "~/components/form/form-messages";
import { useTranslation } from "react-i18next";
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { areaCodeSchema } from "#schemas/forms/area-code";
import type { AreaCodeAnswer, AreaCodesByState } from "./area-code.server";
import { markHydrated } from "~/components/hydration-mark";

export const AREA_CODE_PATH = "/cambio-nir";

/**
 * /cambio-nir's tool: the available area codes by state and, for a signed-in customer, the change
 * request for their line (`line`, formatted); a visitor is asked to sign in first.
 */
export function AreaCodeTool({
  states,
  line,
}: {
  states: AreaCodesByState | null;
  line: string | null;
}) {
  const answer = useActionData<AreaCodeAnswer>();
  const { t: message } = useTranslation(["common", "areaCode"]);
  const [form, fields] = useForm({ id: "cambio-nir", lastResult: answer?.result, constraint: getZodConstraint(areaCodeSchema), onValidate: ({ formData }) => parseWithZod(formData, { schema: areaCodeSchema }), shouldValidate: "onSubmit", shouldRevalidate: "onInput" });
  const labels = { nir: message("areaCode:areaCode") };
  const done = useRef<HTMLDivElement>(null);
  useEffect(() => done.current?.focus(), [answer?.done]);
  return (
    <ToolSection id="cambio-nir" title={message("areaCode:title")} intro={message("areaCode:intro")}>
      {answer?.done ? (
        <div
          className="tool-result tool-result--yes"
          role="status"
          tabIndex={-1}
          ref={done}
        >
          <h3 className="tool-result__title">
            {message("areaCode:doneTitle")}
          </h3>
          <p className="tool-result__verdict">
            {message("areaCode:doneNumber", { number: answer.done.number })}
          </p>
          <p>{message("areaCode:doneNext")}</p>
          {answer.done.loggedOut ? (
            <p>
              {message("areaCode:doneLoginAgain")}{" "}
              <Link to="/login">
                {message("areaCode:doneLoginAgainLink")}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}
      {states ? (
        <div className="tool__columns">
          {line ? (
            <Form ref={markHydrated}
              method="post"
              action={AREA_CODE_PATH}
              id={form.id}
              noValidate
              onSubmit={form.onSubmit}
              className="tool__form"
              preventScrollReset
            >
              {answer?.message ? (
                <FormMessage tone={answer.message.tone}>
                  {answer.message.text}
                </FormMessage>
              ) : null}
              <ErrorSummary
                fields={fields}
                labels={labels}
                show={form.status === "error"}
              />
              <dl className="tool__line">
                <dt>{message("areaCode:number")}</dt>
                <dd>{line}</dd>
              </dl>
              <FieldShell
                field={fields.nir}
                label={labels.nir}
                hint={message("areaCode:areaCodeHint")}
              >
                {({
                  maxLength: _maxLength,
                  pattern: _pattern,
                  inputMode: _inputMode,
                  ...control
                }) => (
                  <div className="field__control field__control--select">
                    <select
                      {...control}
                      defaultValue={fields.nir.initialValue ?? ""}
                      className="field__input field__select"
                    >
                      <option value="">
                        {message("areaCode:areaCodeChoose")}
                      </option>
                      {states.map(({ state, codes }) => (
                        <optgroup key={state} label={state}>
                          {codes.map(({ areaCode, name }) => (
                            <option key={areaCode} value={areaCode}>
                              {message("areaCode:areaCodeOption", {
                                areaCode,
                                name,
                              })}
                            </option>
                          ))}
                        </optgroup>
                      ))}
                    </select>
                  </div>
                )}
              </FieldShell>
              <SubmitButton>{message("areaCode:submit")}</SubmitButton>
            </Form>
          ) : (
            <div className="tool__form tool__login">
              <p>{message("areaCode:loginNeeded")}</p>
              <Link
                to={`${AREA_CODE_PATH}?ingresar`}
                className="button button--primary"
              >
                {message("areaCode:login")}
              </Link>
            </div>
          )}
          <div className="area-codes">
            <h3 className="area-codes__title">
              {message("areaCode:availableTitle")}
            </h3>
            <dl className="area-codes__list">
              {states.map(({ state, codes }) => (
                <div key={state}>
                  <dt>{state}</dt>
                  <dd>
                    {codes
                      .map(({ areaCode, name }) =>
                        message("areaCode:areaCodeOption", { areaCode, name })
                      )
                      .join(", ")}
                  </dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      ) : (
        <FormMessage tone="error">
          {message("areaCode:unavailable")}
        </FormMessage>
      )}
    </ToolSection>
  );
}
