import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { requireRecentSignIn } from "~/features/auth/step-up.server";
import { ssoAccountLinks } from "~/features/auth/sso.server";
import { loginUrl } from "~/features/auth/urls";
import { invalid, refused } from "~/lib/form-answer.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { readForm } from "~/lib/forms";
import { formatPhone } from "~/lib/format";
import { translate } from "~/lib/i18n/i18n.server";
import { redirectWithNotice, takeNotice } from "~/lib/notice.server";
import { rateLimiter, tooManyAttempts } from "~/lib/rate-limit.server";
import { destroySession, endSessionsOf, getSession } from "~/lib/session.server";
import { changePassword, updateProfile } from "~/upstream/conn/access.server";
import { optInWhatsapp } from "~/upstream/core/captacion.server";
import { passwordChangeSchema, profileDataSchema, whatsappSchema } from "#schemas/forms/profile";
import { forgetCardSchema } from "#schemas/forms/repeat";
import { forgetCardOf, keptCardsFor } from "~/features/repeat/kept-cards.server";
import { lineIdentityOf, NO_STORE, redirectWithUser, requireCustomerSession } from "./customer.server";
import { PROFILE_PATH } from "./urls";
import { profileOfUserType } from "#schemas/line";

/**
 * 'Actualizar Datos' (docs/profile.md): name or alias, e-mail and promotions opt-in; the password
 * change (legacy accounts; single sign-on accounts change it on the SSO server's page); the
 * WhatsApp opt-in after its confirmation. Each form posts here with its `intent` and ends in a
 * 303 that keeps the change in the session, so it shows at once; the upstream keeps it for the
 * next login.
 */


export type ProfileView = {
  name: string;
  email: string;
  lineNumber: string;
  allowNotifications: boolean;
  whatsappOptIn: boolean;
  sso: { changePassword: string; updatePhone: string; deleteAccount: string } | null;
  confirmWhatsapp: boolean;
  /** The cards the payment provider keeps for the customer (docs/payment.md "Repeat with the kept card"); null when it could not say. */
  cards: { token: string; label: string; recurring: boolean }[] | null;
  /** The flashed notice, in Spanish, and whether it reports a failure. */
  notice: { text: string; failed: boolean } | null;
};

export async function profileLoader(request: Request) {
  const { user, auth } = await requireCustomerSession(request);
  await requireRecentSignIn(request, PROFILE_PATH);
  const { notice, headers } = await takeNotice(request);
  const links = auth === "sso" ? ssoAccountLinks() : null;
  const cards = await keptCardsFor(user);
  const view: ProfileView = {
    name: user.name,
    email: user.email,
    lineNumber: formatPhone(user.serviceNumber ?? user.number),
    allowNotifications: user.allowNotifications ?? false,
    whatsappOptIn: user.whatsappOptIn ?? false,
    sso: links ? { changePassword: links.changePassword, updatePhone: links.updatePhone, deleteAccount: links.deleteAccount } : null,
    confirmWhatsapp: new URL(request.url).searchParams.get("confirmar") === "whatsapp" && !user.whatsappOptIn,
    cards: cards ? cards.map(({ token, label, recurring }) => ({ token, label, recurring })) : null,
    notice: notice ? { text: translate(notice), failed: notice.endsWith("failed") } : null,
  };
  return data(view, { headers: { ...headers, ...NO_STORE } });
}

export async function profileAction(request: Request, context: AppLoadContext) {
  const { user, tokens, auth } = await requireCustomerSession(request);
  await requireRecentSignIn(request, PROFILE_PATH);
  const formData = await readForm(request);
  // Every change reaches the upstream: limited per line and per IP.
  const tries = await rateLimiter.take({ action: "profile", number: user.number, ip: context.clientIp });
  if (!tries.allowed) return refused(parseWithZod(formData, { schema: profileDataSchema }), tooManyAttempts(tries), 429, { "Retry-After": String(tries.retryAfterSeconds) });
  const intent = formData.get("intent");
  const line = lineIdentityOf(user);

  if (intent === "whatsapp") {
    const submission = parseWithZod(formData, { schema: whatsappSchema });
    const result = await optInWhatsapp(user.number);
    if (!result.ok) return refused(submission, { key: "profile:whatsapp.failed" }, 502);
    return redirectWithUser(request, PROFILE_PATH, { whatsappOptIn: true }, "profile:whatsapp.done");
  }

  if (intent === "forget-card") {
    // 'Olvidar tarjeta': the provider forgets one of this customer's kept cards (never another's: it refuses).
    const submission = parseWithZod(formData, { schema: forgetCardSchema });
    if (submission.status !== "success") return invalid(submission);
    const result = await forgetCardOf(user, submission.value.keptCard);
    if (!result.ok) return refused(submission, { key: result.key, ...(result.upstreamText ? { upstreamText: result.upstreamText } : {}) }, 502);
    return redirectWithNotice(request, PROFILE_PATH, "profile:cards.forgotten");
  }

  if (intent === "password") {
    // Single sign-on accounts change their password on the SSO server.
    if (auth === "sso") throw redirect(PROFILE_PATH, { status: 303 });
    const submission = parseWithZod(formData, { schema: passwordChangeSchema });
    if (submission.status !== "success") return invalid(submission);
    const result = await changePassword({ line, access: tokens.access, current: submission.value.currentPassword, next: submission.value.password });
    if (!result.ok) return refused(submission, { key: result.error.messageKey }, 502);
    if (result.data.outcome === "refused") return refused(submission, { key: result.data.messageKey });
    // A new password ends every session of the line, this one too: the customer signs in with it.
    await endSessionsOf(user.number, user.serviceNumber);
    const ended = await destroySession(await getSession(request));
    return redirectWithNotice(new Request(request.url), loginUrl(profileOfUserType[user.userType]), "auth:login.passwordChanged", [ended]);
  }

  const submission = parseWithZod(formData, { schema: profileDataSchema });
  if (submission.status !== "success") return invalid(submission);
  const { name, email, promotions } = submission.value;
  const result = await updateProfile({ line, access: tokens.access, name, email, allowNotifications: promotions });
  if (!result.ok) return refused(submission, { key: result.error.status === 401 ? "profile:edit.sessionEnded" : result.error.messageKey }, 502);
  if (result.data.outcome === "refused") return refused(submission, { key: result.data.messageKey, upstreamText: result.data.upstreamMessage });
  return redirectWithUser(request, PROFILE_PATH, { name, email, allowNotifications: promotions }, "profile:edit.saved");
}
