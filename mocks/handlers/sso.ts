import { randomUUID } from "node:crypto";
import { http, HttpResponse, type RequestHandler } from "msw";
import { switched } from "../switches";
import { journey, newSsoState } from "../world-journey";
import { checkCode, endSession, lineOf, lockedUntil, newToken, recordCodeSent, world, type Account } from "../world";
import { fail, jsonBody, text } from "./request-body";

/**
 * Handlers of the sso upstream (app/upstream/sso.server.ts documents the paths). Codes follow
 * the world's rules (1234 right, three wrong lock the line for an hour); a right code hands out
 * a verification uuid, and completing the registration with it creates the account the login
 * then finds. The mock SSO server's callback code is `mock-code-<number>` for a registered line.
 */
const base = "https://sso.upstream.mock";
const TEN_DIGITS = /^\d{10}$/;
const PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%.*#?& ]).{8,20}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The line a registration names: the service number for hbb / mifi (whose contact phone must be
 * the number typed), the Bait number for mbb. Codes and lockouts are kept per line.
 */
function registrationLine(body: Record<string, unknown>) {
  const baitNumber = text(body.baitNumber || body.number);
  const serviceNumber = text(body.serviceNumber);
  if (!TEN_DIGITS.test(baitNumber) || (serviceNumber && !TEN_DIGITS.test(serviceNumber))) return { error: fail(400, "dn must be 10 digits") };
  const key = serviceNumber || baitNumber;
  const line = lineOf(key);
  if (!line) return { error: fail(412, "El número no pertenece a Bait") };
  if (serviceNumber ? line.profile === "mbb" || line.contactPhone !== baitNumber : line.profile !== "mbb") {
    return { error: HttpResponse.json({ success: false, message: "El número telefónico no corresponde al número de servicio." }) };
  }
  return { key, line, baitNumber, serviceNumber };
}

function session(account: Account, isLegacy: boolean) {
  const service = account.profile !== "mbb";
  return {
    success: true as const,
    email: account.email,
    isLegacy,
    name: account.name,
    access: newToken(account.number),
    number: service ? (account.contactPhone ?? account.number) : account.number,
    serviceNumber: service ? account.number : "",
    userType: ({ mbb: 1, hbb: 2, mifi: 3 } as const)[account.profile],
    refreshToken: `mock-refresh-${randomUUID()}`,
    isProfileActive: lineOf(account.number)?.status === "active",
    isEmailVerify: true,
  };
}

export const sso: RequestHandler[] = [
  // The mock SSO server's pages live on the app's own origin (server/app.ts serves /__mocks/sso/*
  // in mock mode), so the browser's round trip runs on this machine.
  http.get(`${base}/api/core/sso/carousel/create`, async ({ request }) => {
    const forced = await switched("sso.carousel");
    if (forced) return forced;
    const query = new URL(request.url).searchParams;
    let redirectUri: URL;
    try {
      redirectUri = new URL(query.get("redirect_uri") ?? "");
    } catch {
      return fail(400, "redirect_uri inválido");
    }
    const state = newSsoState();
    const authorize = new URL("/__mocks/sso/authorize", redirectUri.origin);
    authorize.searchParams.set("client_id", "bait-web");
    authorize.searchParams.set("state", state);
    authorize.searchParams.set("redirect_uri", redirectUri.href);
    const hint = query.get("login_hint");
    if (hint) authorize.searchParams.set("login_hint", hint);
    return HttpResponse.json({ success: true, url: authorize.href, state });
  }),

  http.post(`${base}/api/core/sso/otp/send`, async ({ request }) => {
    const forced = await switched("sso.sendOtp");
    if (forced) return forced;
    const found = registrationLine(await jsonBody(request));
    if (found.error) return found.error;
    const unlockDate = lockedUntil(found.key);
    if (unlockDate) return HttpResponse.json({ success: false, message: "Has alcanzado el número máximo de intentos.", unlockDate, attemptsRemaining: 0 });
    recordCodeSent(found.key);
    return HttpResponse.json({ success: true, message: "Código enviado" });
  }),

  http.post(`${base}/api/core/sso/otp/check`, async ({ request }) => {
    const forced = await switched("sso.checkOtp");
    if (forced) return forced;
    const body = await jsonBody(request);
    const found = registrationLine(body);
    if (found.error) return found.error;
    const answer = checkCode(found.key, text(body.otpCode));
    if (!answer.ok) {
      return HttpResponse.json({ success: false, statusCode: 2, message: "El código ingresado es incorrecto.", unlockDate: answer.unlockDate ?? null, attemptsRemaining: answer.attemptsRemaining });
    }
    if (world.accounts.has(found.key)) {
      return HttpResponse.json({ success: false, statusCode: 1, message: "El número Bait ingresado ya tiene una cuenta registrada." });
    }
    const uuid = randomUUID();
    world.verified.set(uuid, found.key);
    return HttpResponse.json({ success: true, statusCode: 0, message: "Número verificado", uuid });
  }),

  http.post(`${base}/api/core/sso/register/complete`, async ({ request }) => {
    const forced = await switched("sso.completeRegistration");
    if (forced) return forced;
    const body = await jsonBody(request);
    const found = registrationLine(body);
    if (found.error) return found.error;
    const uuid = text(body.uuid);
    if (world.verified.get(uuid) !== found.key) return fail(401, "La verificación expiró; solicita un nuevo código.");
    const name = text(body.name).trim();
    const email = text(body.email).trim();
    const password = text(body.registerConfirmation);
    if (!name || !EMAIL.test(email) || !PASSWORD.test(password) || password !== text(body.confirmation)) return fail(400, "Datos de registro inválidos");
    if (world.accounts.has(found.key)) return HttpResponse.json({ success: false, statusCode: 1, message: "El número ya tiene una cuenta registrada." });
    world.accounts.set(found.key, {
      number: found.key,
      profile: found.line.profile,
      name,
      email,
      password,
      contactPhone: found.serviceNumber ? found.baitNumber : found.line.contactPhone,
      allowNotifications: body.allowNotifications === true,
    });
    world.verified.delete(uuid);
    return HttpResponse.json({ success: true, statusCode: 0, message: "Registro completado" });
  }),

  http.post(`${base}/api/core/sso/account`, async ({ request }) => {
    const forced = await switched("sso.account");
    if (forced) return forced;
    const body = await jsonBody(request);
    const state = text(body.state);
    const number = /^mock-code-(\d{10})$/.exec(text(body.authcode))?.[1];
    const account = number ? world.accounts.get(number) : undefined;
    if (!journey.ssoStates.has(state) || !account) return fail(401, "Código de autorización inválido");
    journey.ssoStates.delete(state);
    return HttpResponse.json(session(account, false));
  }),

  http.post(`${base}/api/core/sso/legacy`, async ({ request }) => {
    const forced = await switched("sso.legacy");
    if (forced) return forced;
    const body = await jsonBody(request);
    const account = world.accounts.get(text(body.numero));
    if (!account || account.password !== text(body.psd)) return HttpResponse.json({ success: false, message: "Hubo un error al validar tus datos" });
    return HttpResponse.json(session(account, true));
  }),

  http.post(`${base}/conn/page/api/sso/deleteSSO`, async ({ request }) => {
    const forced = await switched("sso.logout");
    if (forced) return forced;
    const token = /^Bearer (.+)$/.exec(request.headers.get("Authorization") ?? "")?.[1];
    if (!token || !endSession(token)) return fail(401, "Sesión inválida");
    return HttpResponse.json({ success: true, message: "Sesión cerrada" });
  }),
];
