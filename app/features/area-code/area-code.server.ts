import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { requireRecentSignIn } from "~/features/auth/step-up.server";
import { type FormAnswer, invalid, refused } from "~/lib/form-answer.server";
import { formatPhone } from "~/lib/format";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import { rateLimiter } from "~/lib/rate-limit.server";
import { returnPath } from "~/lib/return-path.server";
import { destroySession, getSession, getSessionUser, requireCustomer } from "~/lib/session.server";
import { changeAreaCode, getAreaCodes } from "~/upstream/core/area-codes.server";
import type { AreaCode } from "~/upstream/core/area-codes.schemas";
import { areaCodeSchema } from "#schemas/forms/area-code";

export type AreaCodesByState = { state: string; codes: Pick<AreaCode, "areaCode" | "name">[] }[];
export type AreaCodeAnswer = FormAnswer & { done?: { number: string; loggedOut: boolean } };

/** The line a signed-in customer may change (formatted), or null for a visitor who has not signed in. */
export async function areaCodeLine(request: Request): Promise<string | null> {
  const user = await getSessionUser(request);
  return user ? formatPhone(user.number) : null;
}

/**
 * `?ingresar` on /cambio-nir (the page's 'Iniciar sesión' link, no JavaScript needed): an anonymous
 * visitor goes to /login and, once in, comes back to the page; a customer just gets the page.
 */
export async function loginThenBack(request: Request): Promise<void> {
  const url = new URL(request.url);
  if (!url.searchParams.has("ingresar")) return;
  await requireCustomer(request, "login");
  throw redirect(returnPath(url.pathname));
}

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
 * The area-code change (docs/prospect.md "Area-code change"): only for the signed-in customer's own
 * line (an anonymous post goes to /login and comes back), the schema, the limit per number and per
 * IP (every request counts), then the change. The upstream decides whether the line may change (a
 * mobile Bait line, active); each refusal has its message (errors.json `nir`). Once the number has
 * changed the session ends: the account now answers to the new number.
 */
export async function areaCodeAction(request: Request, context: AppLoadContext) {
  const user = await requireCustomer(request, "login");
  await requireRecentSignIn(request, "/cambio-nir");
  const submission = parseWithZod(await readForm(request), { schema: areaCodeSchema });
  if (submission.status !== "success") return invalid(submission);
  const { nir } = submission.value;
  const numero = user.number;

  const attempt = { action: "areaCode" as const, number: numero, ip: context.clientIp };
  // Every request counts, taken before the upstream is asked.
  const limit = await rateLimiter.take(attempt);
  if (!limit.allowed) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return refused(submission, { key: "areaCode:tooMany", values: { minutes } }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  const result = await changeAreaCode({ number: numero, areaCode: nir });
  if (!result.ok) {
    const business = result.error.messageKey.startsWith("errors:nir.");
    return refused(submission, { key: result.error.messageKey, tone: business ? "warning" : "error" }, business ? 400 : 502);
  }
  const moved = result.data.newNumber !== numero;
  const headers = moved ? { "Set-Cookie": await destroySession(await getSession(request)) } : undefined;
  return data<AreaCodeAnswer>(
    { result: submission.reply({ resetForm: true, hideFields: [...SECRET_FIELDS] }), done: { number: formatPhone(result.data.newNumber), loggedOut: moved } },
    { headers },
  );
}
