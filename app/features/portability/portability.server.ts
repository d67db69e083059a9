import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { type FormAnswer, invalid, refused } from "~/lib/form-answer.server";
import { formatPhone } from "~/lib/format";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import { rateLimiter } from "~/lib/rate-limit.server";
import { guessPortabilityByIccid, requestPortability } from "~/upstream/portabilidad.server";
import { ICCID_PREFIX } from "#schemas/forms/fields";
import { portabilitySchema } from "#schemas/forms/portability";

/** The answer of /haz-tu-portabilidad's form: FormAnswer, and once accepted what the confirmation says. */
export type PortabilityAnswer = FormAnswer & { done?: { folio: string; number: string; email: string } };

/**
 * The portability request (docs/prospect.md "Portability"). In order: the schema; the limit per
 * number and per IP (every request counts: each one asks the other operator's NIP); whether the
 * Bait SIM already belongs to a portability (the portability-from-ICCID message: that SIM cannot
 * bring a second number); then the request itself. A refusal keeps what was typed except the NIP.
 */
export async function portabilityAction(request: Request, context: AppLoadContext) {
  const submission = parseWithZod(await readForm(request), { schema: portabilitySchema });
  if (submission.status !== "success") return invalid(submission);
  const form = submission.value;

  const attempt = { action: "portability" as const, number: form.numero, ip: context.clientIp };
  // Every request counts, taken before the upstream is asked.
  const limit = await rateLimiter.take(attempt);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return refused(submission, { key: "portability:tooMany", values: { minutes } }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  const iccid = `${ICCID_PREFIX}${form.iccid}`;
  const guess = await guessPortabilityByIccid(iccid);
  // The guess only spares the visitor a refusal; when it cannot answer, the request itself checks the SIM.
  if (guess.ok && guess.data.fromPortability) {
    return refused(submission, { key: guess.data.messageKey, values: { number: formatPhone(guess.data.number) }, tone: "warning" });
  }

  const result = await requestPortability({ number: form.numero, nip: form.nip, iccid, contact: { name: form.nombre, email: form.correo, phone: form.telefono } });
  if (!result.ok) return refused(submission, { key: result.error.messageKey }, result.error.kind === "http" && result.error.status === 200 ? 400 : 502);
  return data<PortabilityAnswer>({
    result: submission.reply({ resetForm: true, hideFields: [...SECRET_FIELDS] }),
    done: { folio: result.data.folio, number: formatPhone(form.numero), email: form.correo },
  });
}
