import { data } from "@remix-run/node";
import type { Submission } from "@conform-to/dom";
import { translate } from "~/lib/i18n/i18n.server";
import { SECRET_FIELDS } from "~/lib/forms";

/**
 * What an account action answers when it does not redirect: conform's result (field errors,
 * the values typed, never a password or a code) and the form-level message, already in Spanish
 * (it may be the upstream's own text, docs/upstream.md "server message or …").
 */
export type FormAnswer = {
  result: ReturnType<Submission<unknown>["reply"]>;
  message?: { tone: "error" | "warning" | "success" | "info"; text: string };
};

export function invalid(submission: Submission<unknown>, status = 400) {
  return data<FormAnswer>({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }) }, { status });
}

/** A refusal about the whole form: the upstream's text when it sent one and the screen shows it, else the catalogue's. */
export function refused(submission: Submission<unknown>, message: { key: string; values?: Record<string, unknown>; upstreamText?: string; tone?: "error" | "warning" }, status = 400, headers?: HeadersInit) {
  const text = message.upstreamText || translate(message.key, message.values);
  return data<FormAnswer>(
    { result: submission.reply({ hideFields: [...SECRET_FIELDS] }), message: { tone: message.tone ?? "error", text } },
    { status, headers },
  );
}
