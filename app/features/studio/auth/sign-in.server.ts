import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission } from "@conform-to/dom";
import studioTexts from "#locales/es-MX/studio.json";
import { studioConfirmSchema, studioSignInSchema } from "#schemas/forms/studio-auth";
import type { FormAnswer } from "~/lib/form-answer.server";
import { readForm, SECRET_FIELDS } from "~/lib/forms";
import { logger } from "~/lib/log.server";
import { checkCredentials, normaliseEmail, type StudioRole } from "./accounts.server";
import { studioAccounts } from "./demo-accounts.server";
import { forgetStudioUser, requireStudioOn, signedInRecently, studioHeaders, studioReturnPath, studioSessionOf, studioUser } from "./access.server";
import { studioLimits, type StudioLimitState } from "./limits.server";
import { studioSessions } from "./session.server";
import { tooManyAttemptsText, type StudioAuthTexts } from "./texts";
import { CONFIRM_STEP, SIGNED_OUT_NOTICE, STUDIO_SIGN_IN_PATH, studioSignInUrl } from "./urls";

/**
 * /estudio/entrar and /estudio/salir (docs/studio.md "Accounts and roles"): the sign-in with email and
 * password, the confirmation of the password (`?paso=confirmar`, the step-up before publishing),
 * and the sign-out. Every answer is private and unindexed (studioHeaders); with the studio off,
 * a 404.
 */

const texts: StudioAuthTexts = studioTexts.auth;
const log = logger("studio");

export type StudioSignInData = {
  texts: StudioAuthTexts;
  /** The form to show: the sign-in, the password again, or who is signed in (with the sign-out). */
  step: "signIn" | "confirm" | "signedIn";
  /** Where to go afterwards: a path of the studio or the site (access.server.ts studioReturnPath). */
  volver: string;
  account: { email: string; role: StudioRole } | null;
  /** A notice about what just happened ('Cerraste sesión en el estudio.'). */
  notice: string | null;
};

const isConfirm = (url: URL) => url.searchParams.get("paso") === CONFIRM_STEP;

/** GET /estudio/entrar[?paso=confirmar][&volver=…][&aviso=salida] */
export async function signInLoader(request: Request) {
  requireStudioOn();
  const url = new URL(request.url);
  const volver = studioReturnPath(url.searchParams.get("volver"));
  const user = await studioUser(request);
  // The password was given moments ago: nothing to confirm.
  if (user && isConfirm(url) && signedInRecently(user)) throw redirect(volver, { headers: studioHeaders });
  const headers = new Headers(studioHeaders);
  // A cookie whose session ended opens nothing: it goes.
  if (!user && studioSessions.hasCookie(request)) headers.append("Set-Cookie", studioSessions.clearCookie());
  return data<StudioSignInData>(
    {
      texts,
      step: user ? (isConfirm(url) ? "confirm" : "signedIn") : "signIn",
      volver,
      account: user ? { email: user.email, role: user.role } : null,
      notice: !user && url.searchParams.get("aviso") === SIGNED_OUT_NOTICE ? texts.signedOut : null,
    },
    { headers },
  );
}

/** The form again, with its message (the email typed stays; a password never comes back). */
function refuse(submission: Submission<unknown>, text: string, status: number, extra: Record<string, string> = {}) {
  return data<FormAnswer>({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }), message: { tone: "error", text } }, { status, headers: { ...studioHeaders, ...extra } });
}

function invalid(submission: Submission<unknown>) {
  return data<FormAnswer>({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }) }, { status: 400, headers: studioHeaders });
}

const tooMany = (submission: Submission<unknown>, limit: Extract<StudioLimitState, { allowed: false }>) =>
  refuse(submission, tooManyAttemptsText(texts, limit.retryAfterSeconds), 429, { "Retry-After": String(limit.retryAfterSeconds) });

/** POST /estudio/entrar: the sign-in; with ?paso=confirmar, the password again. */
export async function signInAction(request: Request, context: AppLoadContext) {
  requireStudioOn();
  const url = new URL(request.url);
  const form = await readForm(request);
  const volver = studioReturnPath(form.get("volver") ?? url.searchParams.get("volver"));
  return isConfirm(url) ? confirmPassword(request, context, form, volver) : signIn(request, context, form, volver);
}

async function signIn(request: Request, context: AppLoadContext, form: FormData, volver: string) {
  const submission = parseWithZod(form, { schema: studioSignInSchema });
  if (submission.status !== "success") return invalid(submission);
  const email = normaliseEmail(submission.value.email);
  const attempt = { email, ip: context.clientIp };
  // Reserved before the password is checked: a burst sent at once gets no more checks than the limit.
  const limit = await studioLimits.reserve(attempt);
  if (!limit.allowed) {
    log.warn({ reason: "limit" }, "inicio de sesión en el estudio rechazado");
    return tooMany(submission, limit);
  }

  const file = await studioAccounts();
  if (file.problems.length > 0) log.warn({ lines: file.problems.map((problem) => `${problem.line}: ${problem.reason}`) }, "líneas del archivo de cuentas del estudio que no se pueden leer");
  const account = await checkCredentials(file, email, submission.value.password);
  if (!account) {
    // The reservation stays: it is the failure's count.
    log.warn({ reason: "credentials" }, "inicio de sesión en el estudio rechazado");
    // The same words whether the email has an account or not.
    return refuse(submission, texts.wrongCredentials, 400);
  }
  await studioLimits.succeed(attempt);
  // A session from before (another account, this one) ends: the sign-in always makes a new id.
  const previous = studioSessions.idOf(request);
  if (previous) await studioSessions.end(previous);
  const { setCookie } = await studioSessions.start(account);
  log.info({ role: account.role }, "inicio de sesión en el estudio");
  return redirect(volver, { status: 303, headers: { ...studioHeaders, "Set-Cookie": setCookie } });
}

async function confirmPassword(request: Request, context: AppLoadContext, form: FormData, volver: string) {
  const session = await studioSessionOf(request);
  // Signed out meanwhile (ended, expired, another tab): the whole sign-in, coming back to the same page.
  if (!session) throw redirect(studioSignInUrl(volver), { status: 303, headers: studioHeaders });
  const submission = parseWithZod(form, { schema: studioConfirmSchema });
  if (submission.status !== "success") return invalid(submission);
  const attempt = { email: session.record.email, ip: context.clientIp };
  const limit = await studioLimits.reserve(attempt);
  if (!limit.allowed) return tooMany(submission, limit);
  const file = await studioAccounts();
  if (!(await checkCredentials(file, session.record.email, submission.value.password))) {
    log.warn({ reason: "credentials" }, "confirmación de contraseña en el estudio rechazada");
    return refuse(submission, texts.wrongPassword, 400);
  }
  await studioLimits.succeed(attempt);
  await studioSessions.confirm(session);
  forgetStudioUser(request);
  return redirect(volver, { status: 303, headers: studioHeaders });
}

/** GET /estudio/salir: nothing ends with a GET (a link or a prefetch must never sign anybody out). */
export function signOutLoader() {
  requireStudioOn();
  return redirect(STUDIO_SIGN_IN_PATH, { headers: studioHeaders });
}

/** POST /estudio/salir: ends the session on the server, removes the cookie, and says so on the sign-in page. */
export async function signOutAction(request: Request) {
  requireStudioOn();
  const id = studioSessions.idOf(request);
  if (id) await studioSessions.end(id);
  const headers = new Headers(studioHeaders);
  headers.append("Set-Cookie", studioSessions.clearCookie());
  return redirect(`${STUDIO_SIGN_IN_PATH}?aviso=${SIGNED_OUT_NOTICE}`, { status: 303, headers });
}
