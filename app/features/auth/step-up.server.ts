import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { invalid, refused } from "~/lib/form-answer.server";
import { formatPhone } from "~/lib/format";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { sessionEnv } from "~/lib/env.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { returnPath } from "~/lib/return-path.server";
import { commitSession, getCustomer, getSession, requireCustomer, sealTokens } from "~/lib/session.server";
import { login as legacyLogin } from "~/upstream/conn/access.server";
import { legacySsoLogin } from "~/upstream/sso.server";
import type { SessionTokens, SessionUser } from "#schemas/session";
import { stepUpSchema } from "#schemas/forms/step-up";
import { ACCOUNT_HOME_PATH, stepUpUrl } from "./urls";
import { profileOfUserType } from "#schemas/line";

/**
 * The step-up (docs/accounts.md "Step-up"): the changes to the line (the profile, the SIM
 * replacement, the area code) ask for the password again when the customer last gave it more than
 * STEP_UP_MINUTES ago. /confirmar-identidad?volver=<page> checks it with the same upstream call as
 * the login (legacy account or single sign-on), under the login's attempt limits, and goes back.
 */

/** The pages a step-up goes back to: only these (never a URL from outside). */
export const STEP_UP_PAGES = ["/editar-perfil", "/reposicion-sim", "/cambio-nir"] as const;

export function stepUpBack(value: string | null): string {
  // The site's one return-path rule first (same origin, a page of ours), then only the pages that ask.
  const back = returnPath(value, { fallback: ACCOUNT_HOME_PATH });
  return STEP_UP_PAGES.find((page) => page === back) ?? ACCOUNT_HOME_PATH;
}

const NO_STORE = { "Cache-Control": "private, no-store" };
const lineOf = (user: SessionUser) => user.serviceNumber ?? user.number;

const isRecent = (authAt: number, now = Date.now()) => now - authAt < sessionEnv.stepUpMs;

/**
 * A signed-in customer whose password is older than the step-up's window goes to
 * /confirmar-identidad and comes back to `page` (a GET: what they had typed is not kept). Anybody
 * else is left to the page's own guard.
 */
export async function requireRecentSignIn(request: Request, page: (typeof STEP_UP_PAGES)[number]): Promise<void> {
  const customer = await getCustomer(request);
  if (customer && !isRecent(customer.authAt)) throw redirect(stepUpUrl(page), { status: 303, headers: NO_STORE });
}

export type StepUpView = { lineNumber: string; back: string };

export async function stepUpLoader(request: Request) {
  const user = await requireCustomer(request, "login");
  const customer = await getCustomer(request);
  const back = stepUpBack(new URL(request.url).searchParams.get("volver"));
  if (customer && isRecent(customer.authAt)) throw redirect(back, { headers: NO_STORE });
  return data<StepUpView>({ lineNumber: formatPhone(lineOf(user)), back }, { headers: NO_STORE });
}

type Check = { ok: true; tokens: SessionTokens } | { ok: false; wrong: boolean; messageKey: string };

/** The password, checked as the login checks it for this kind of account. */
async function checkPassword(user: SessionUser, auth: "legacy" | "sso", password: string): Promise<Check> {
  const number = lineOf(user);
  if (auth === "sso") {
    const result = await legacySsoLogin({ number, password });
    if (result.ok) return { ok: true, tokens: { access: result.data.accessToken, ...(result.data.refreshToken ? { refreshToken: result.data.refreshToken } : {}) } };
    return { ok: false, wrong: result.error.kind === "http", messageKey: result.error.messageKey };
  }
  const result = await legacyLogin({ profile: profileOfUserType[user.userType], number, password });
  if (!result.ok) return { ok: false, wrong: false, messageKey: result.error.messageKey };
  if (result.data.outcome === "signedIn") return { ok: true, tokens: result.data.tokens };
  return { ok: false, wrong: true, messageKey: "auth:stepUp.wrongPassword" };
}

export async function stepUpAction(request: Request, context: AppLoadContext) {
  await requireCustomer(request, "login");
  const customer = (await getCustomer(request))!;
  const back = stepUpBack(new URL(request.url).searchParams.get("volver"));
  const submission = parseWithZod(await readForm(request), { schema: stepUpSchema });
  if (submission.status !== "success") return invalid(submission);

  const attempt = { action: "login" as const, number: lineOf(customer.user), ip: context.clientIp };
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) return refused(submission, tooManyAttempts(limit), 429, { "Retry-After": String(limit.retryAfterSeconds) });

  const checked = await checkPassword(customer.user, customer.auth, submission.value.password);
  if (!checked.ok) {
    // A wrong password keeps its reservation; an upstream that did not answer gives it back.
    if (!checked.wrong) await rateLimiter.forgive(attempt);
    return refused(submission, { key: checked.wrong ? "auth:stepUp.wrongPassword" : checked.messageKey }, checked.wrong ? 400 : 502);
  }
  await rateLimiter.succeed(attempt);
  const session = await getSession(request);
  session.set("authAt", Date.now());
  session.set("tokens", sealTokens(checked.tokens));
  return redirect(back, { status: 303, headers: { "Set-Cookie": await commitSession(session), ...NO_STORE } });
}
