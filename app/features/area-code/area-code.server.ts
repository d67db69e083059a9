import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { type FormAnswer, invalid, refused } from "~/lib/form-answer.server";
import { formatPhone } from "~/lib/format";
import { parseForm, readForm, SECRET_FIELDS } from "~/lib/forms";
import { rateLimiter } from "~/lib/rate-limit.server";
import { changeAreaCode, getAreaCodes } from "~/upstream/core/area-codes.server";
import type { AreaCode } from "~/upstream/core/area-codes.schemas";
import { areaCodeSchema } from "#schemas/forms/area-code";

export type AreaCodesByState = { state: string; codes: Pick<AreaCode, "areaCode" | "name">[] }[];
export type AreaCodeAnswer = FormAnswer & { done?: { number: string } };

const byName = new Intl.Collator("es-MX").compare;

/** The available area codes (nirs/disponibles) grouped by state, states and codes in alphabetical order; null when the list cannot be had. */
export async function availableAreaCodes(): Promise<AreaCodesByState | null> {
  const result = await getAreaCodes();
  if (!result.ok) return null;
  const states = new Map<string, AreaCodesByState[number]["codes"]>();
  for (const { state, areaCode, name } of result.data) states.set(state, [...(states.get(state) ?? []), { areaCode, name }]);
  return [...states]
    .sort(([a], [b]) => byName(a, b))
    .map(([state, codes]) => ({ state, codes: codes.sort((a, b) => byName(a.name, b.name)) }));
}

/**
 * The area-code change (docs/prospect.md "Area-code change"): the schema, the limit per number and
 * per IP (every request counts), then the change. The upstream decides whether the line may change
 * (a mobile Bait line, active); each refusal has its message (errors.json `nir`).
 */
export async function areaCodeAction(request: Request, context: AppLoadContext) {
  const submission = parseForm(await readForm(request), areaCodeSchema);
  if (submission.status !== "success") return invalid(submission);
  const { numero, nir } = submission.value;

  const attempt = { action: "areaCode" as const, number: numero, ip: context.clientIp };
  const limit = rateLimiter.check(attempt);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return refused(submission, { key: "areaCode:tooMany", values: { minutes } }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  rateLimiter.fail(attempt);

  const result = await changeAreaCode({ number: numero, areaCode: nir });
  if (!result.ok) {
    const business = result.error.messageKey.startsWith("errors:nir.");
    return refused(submission, { key: result.error.messageKey, tone: business ? "warning" : "error" }, business ? 400 : 502);
  }
  return data<AreaCodeAnswer>({ result: submission.reply({ resetForm: true, hideFields: [...SECRET_FIELDS] }), done: { number: formatPhone(result.data.newNumber) } });
}
