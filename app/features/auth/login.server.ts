import type { AppLoadContext } from "@remix-run/node";
import { flagSubject, isOn } from "~/features/flags/flags.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { login as legacyLogin } from "~/upstream/conn/access.server";
import { legacySsoLogin, type SsoSession } from "~/upstream/sso.server";
import type { SessionUser } from "#schemas/session";
import { loginSchema } from "#schemas/forms/auth";
import { profileOf, type LineProfile } from "#schemas/forms/fields";
import { invalid, refused } from "~/lib/form-answer.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { signIn } from "./session.server";
import { userTypeOf } from "#schemas/line";


/**
 * A refused password says the same words, with the same status, whether or not the number has an
 * account (the upstream's own text tells them apart: 'El número no tiene una cuenta registrada…'),
 * so the login form cannot be used to list who has an account.
 */
const WRONG_CREDENTIALS = "auth:login.validationFailed";

/** The line type /login shows (`?type=`), mobile by default; here so the page's script does not carry the form schemas. */
export const loginProfile = (request: Request): LineProfile => profileOf(new URL(request.url).searchParams.get("type"));

/** Whether single sign-on applies to a line: the sso flag evaluated for that number (docs/accounts.md flags per phone). */
export function ssoAppliesTo(context: AppLoadContext, profile: LineProfile, number: string): boolean {
  const user = profile === "mbb" ? { number, userType: userTypeOf[profile] } : { number, serviceNumber: number, userType: userTypeOf[profile] };
  return isOn("sso", flagSubject(context, user));
}

export function ssoUser(session: SsoSession): SessionUser {
  return {
    name: session.name,
    email: session.email,
    number: session.number,
    ...(session.serviceNumber ? { serviceNumber: session.serviceNumber } : {}),
    userType: userTypeOf[session.profile],
    isLegacy: session.isLegacy,
    isProfileActive: session.profileActive,
    isEmailVerify: session.emailVerified,
  };
}

/**
 * The login form (docs/accounts.md, spec §5, §8). A line the sso flag covers signs in through the SSO
 * service's legacy link (api/core/sso/legacy: same number and password, an SSO session back);
 * every other line through the legacy account API. Failed attempts count towards the limit per
 * number and per IP, each reserved before the upstream is asked; a refused password answers 'Hubo un error al validar tus datos' on both paths.
 */
export async function loginAction(request: Request, context: AppLoadContext) {
  const profile = profileOf(new URL(request.url).searchParams.get("type"));
  const submission = parseWithZod(await readForm(request), { schema: loginSchema(profile) });
  if (submission.status !== "success") return invalid(submission);

  const { number, password } = submission.value;
  const attempt = { action: "login" as const, number, ip: context.clientIp };
  // Reserved before the upstream checks the password: attempts sent at once cannot all be checked.
  const limit = await rateLimiter.reserve(attempt);
  if (!limit.allowed) {
    const { key, values } = tooManyAttempts(limit);
    return refused(submission, { key, values }, 429, { "Retry-After": String(limit.retryAfterSeconds) });
  }

  if (ssoAppliesTo(context, profile, number)) {
    const result = await legacySsoLogin({ number, password });
    if (result.ok) {
      await rateLimiter.succeed(attempt);
      return signIn(request, {
        user: ssoUser(result.data),
        tokens: { access: result.data.accessToken, ...(result.data.refreshToken ? { refreshToken: result.data.refreshToken } : {}) },
        auth: "sso",
      });
    }
    if (result.error.kind !== "http") {
      await rateLimiter.forgive(attempt);
      return refused(submission, { key: result.error.messageKey });
    }
    // A refused password keeps its reservation: it is the failure's count.
    return refused(submission, { key: WRONG_CREDENTIALS });
  }

  const result = await legacyLogin({ profile, number, password });
  if (!result.ok) {
    await rateLimiter.forgive(attempt);
    return refused(submission, { key: result.error.messageKey }, 502);
  }
  if (result.data.outcome === "signedIn") {
    await rateLimiter.succeed(attempt);
    return signIn(request, { user: result.data.user, tokens: result.data.tokens, auth: "legacy" });
  }
  // A number of another line type has its own message; every other refusal the same words.
  const byType = result.data.messageKey.startsWith("errors:loginByType");
  return refused(submission, { key: byType ? result.data.messageKey : WRONG_CREDENTIALS });
}
