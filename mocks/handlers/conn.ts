import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { http, HttpResponse } from "msw";
import { accessRequest, type AccessRequest } from "../../app/upstream/conn/access.schemas";
import { offersOf } from "../conn-data";
import { demoPostalCodes, type LineProfile } from "../fixtures/demo";
import { switched } from "../switches";
import { checkCode, endSession, lineOf, lockedUntil, newToken, recordCodeSent, tokenNumber, world, type Line } from "../world";

const base = "https://conn.upstream.mock";
const api = `${base}/conn/page/api`;

/**
 * The legacy "conn/page" upstream, backed by the shared world: offers, balance, the legacy
 * account operations of /acceso (mbb and hbb) and /acceso-mifi (mifi), the discovery-widget CDN
 * and serviceability. Answers have the shapes of app/upstream/conn/*.schemas.ts.
 *
 * On /acceso, `numero` is the Bait number (mbb) or the contact phone with `servicio` the service
 * number (hbb, mifi); login of hbb/mifi sends the service number in both. Business refusals are
 * HTTP 200 with success false and a `code`: 0 no account, 1 already registered (also statusCode 1),
 * 2 data do not match, 3 wrong password / locked (with unlockDate), 4 not a line of that type,
 * 5 no verified session.
 */

const refuse = (code: number, message: string, extra: Record<string, unknown> = {}) => HttpResponse.json({ success: false, code, message, ...extra });
const badRequest = (mensaje: string) => HttpResponse.json({ success: false, mensaje }, { status: 400 });

async function jsonBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    return undefined;
  }
}

// ——— Offers ———

const offersHandler = (endpoint: string, list: keyof typeof offersOf) =>
  http.get(`${api}/app/${endpoint}`, async () => {
    const forced = await switched(`conn.offers.${list}`);
    if (forced) return forced;
    return HttpResponse.json({ success: true, response: { lista: offersOf[list]() } });
  });

// ——— Balance ———

function balanceOf(number: string) {
  const balance = world.balances.get(number);
  const line = lineOf(number);
  if (!balance || !line) return null;
  const available = (total: number, used: number) => Math.max(total - used, 0);
  const data = (nombre: string, total: number, used: number) => ({ nombre, mb_totales: total, mb_usados: used, mb_disponibles: available(total, used) });
  const consumo: Record<string, unknown>[] = [data("datosVelocidadNormal", balance.mbTotal, balance.mbUsed)];
  if (balance.unlimited) consumo.push(data("datosVelocidadReducida", 0, 0));
  if (balance.socialTotal > 0) consumo.push(data("datosRedesSociales", balance.socialTotal, balance.socialUsed));
  if (line.profile === "mbb") {
    consumo.push(data("datosUsoInternacional", 1024, 0));
    consumo.push({ nombre: "minutos", min_disponibles: 4863, min_usados: 137 });
    consumo.push({ nombre: "sms", sms_disponibles: 958, sms_usados: 42 });
  }
  const applied = (world.history.get(number) ?? []).filter((entry) => entry.rechargeApplied).at(-1);
  return {
    success: true,
    consumo,
    proxima_recarga: balance.nextRecharge,
    comparteDatos: line.profile === "mbb",
    offeringsIds: applied ? [{ offeringId: applied.offeringID, expireDate: balance.nextRecharge }] : [],
    esIlimitado: balance.unlimited,
  };
}

const sessionExpired = () => HttpResponse.json({ success: false, message: "La sesión no es válida o ha expirado" }, { status: 401 });

// ——— /acceso ———

type Refusal = "notBait" | "wrongType" | "mismatch";
type Identified = { ok: true; key: string; line: Line } | { ok: false; reason: Refusal };

const REFUSALS: Record<Refusal, () => Response> = {
  notBait: () => refuse(4, "El número ingresado no es un número Bait."),
  wrongType: () => refuse(4, "El número no corresponde al tipo de línea seleccionado."),
  mismatch: () => refuse(2, "El número telefónico no corresponde al número de servicio."),
};

/** The line an /acceso request names, checked against the endpoint's line type and the contact phone. */
function identify(body: AccessRequest, mifiEndpoint: boolean, checkContact: boolean): Identified {
  const key = body.servicio ?? body.numero;
  const line = lineOf(key);
  const expected: LineProfile = mifiEndpoint ? "mifi" : body.servicio ? "hbb" : "mbb";
  if (!line) return { ok: false, reason: "notBait" };
  if (line.profile !== expected) return { ok: false, reason: "wrongType" };
  if (checkContact && line.profile !== "mbb" && line.contactPhone !== body.numero) return { ok: false, reason: "mismatch" };
  return { ok: true, key, line };
}

const CALL_OF: Record<AccessRequest["operacion"], string> = {
  login: "conn.login",
  logout: "conn.logout",
  pin: "conn.registerPin",
  registro: "conn.register",
  recuperacionv2: "conn.recoveryStart",
  recuperacion_hbbv2: "conn.recoveryStart",
  validar_pin: "conn.validatePin",
  validar_pin_hbb: "conn.validatePin",
  restablecer_pass: "conn.resetPassword",
  restablecer_pass_hbb: "conn.resetPassword",
  restablecer_passv2: "conn.resetPassword",
  actualizar_perfil: "conn.updateProfile",
  cambiar_pass: "conn.changePassword",
};

const HBB_OPERATIONS = new Set(["recuperacion_hbbv2", "validar_pin_hbb", "restablecer_pass_hbb"]);
const MBB_OPERATIONS = new Set(["recuperacionv2", "validar_pin", "restablecer_pass", "restablecer_passv2"]);

const accessHandler = (endpoint: string, mifiEndpoint: boolean) =>
  http.post(`${api}/bait/api/aplicacion/${endpoint}`, async ({ request }) => {
    const raw = await jsonBody(request);
    const operacion = (raw as { operacion?: unknown } | undefined)?.operacion;
    const forced = await switched(CALL_OF[operacion as AccessRequest["operacion"]] ?? "conn.access");
    if (forced) return forced;
    const parsed = accessRequest.safeParse(raw);
    if (!parsed.success) return badRequest(`Solicitud inválida: ${parsed.error.issues[0]?.path.join(".") || "cuerpo"}`);
    const body = parsed.data;
    // The mbb variants name the line in `numero`, the hbb ones need `servicio`.
    if (HBB_OPERATIONS.has(body.operacion) && !body.servicio) return badRequest("Falta el número de servicio");
    if (MBB_OPERATIONS.has(body.operacion) && body.servicio) return badRequest("Operación de celular con número de servicio");

    switch (body.operacion) {
      case "login": {
        const found = identify(body, mifiEndpoint, false);
        if (!found.ok) return REFUSALS[found.reason]();
        const account = world.accounts.get(found.key);
        if (!account) return refuse(0, "El número no tiene una cuenta registrada. Regístrate para continuar.");
        if (account.password !== body.pass) return refuse(3, "El número o la contraseña son incorrectos.");
        const hasService = found.line.profile !== "mbb";
        return HttpResponse.json({
          success: true,
          message: "Bienvenido",
          access: newToken(found.key),
          refreshToken: `mock-refresh-${randomUUID()}`,
          name: account.name,
          email: account.email,
          number: hasService ? (account.contactPhone ?? found.key) : found.key,
          serviceNumber: hasService ? found.key : null,
          userType: { mbb: 1, hbb: 2, mifi: 3 }[found.line.profile],
          isLegacy: true,
          isProfileActive: true,
          isEmailVerify: false,
          notificaciones: account.allowNotifications,
          whatsapp: account.whatsapp ?? false,
        });
      }
      case "logout": {
        if (body.access) endSession(body.access);
        return HttpResponse.json({ success: true, message: "Sesión cerrada" });
      }
      case "recuperacionv2":
      case "recuperacion_hbbv2": {
        const found = identify(body, mifiEndpoint, true);
        // Recovery does not tell a stranger whether a number is Bait: no account, code 0.
        if (!found.ok && found.reason !== "mismatch") return refuse(0, "El número no tiene una cuenta registrada.");
        if (!found.ok) return REFUSALS[found.reason]();
        if (!world.accounts.has(found.key)) return refuse(0, "El número no tiene una cuenta registrada.");
        const unlockDate = lockedUntil(found.key);
        if (unlockDate) return refuse(3, "Has alcanzado el número máximo de intentos.", { unlockDate });
        recordCodeSent(found.key);
        return HttpResponse.json({ success: true, code: 1, message: "Te enviamos un código de verificación.", uuid: randomUUID() });
      }
      case "pin": {
        const found = identify(body, mifiEndpoint, true);
        if (!found.ok) return REFUSALS[found.reason]();
        if (world.accounts.has(found.key)) return refuse(1, "El número ingresado ya tiene una cuenta registrada.", { statusCode: 1 });
        const unlockDate = lockedUntil(found.key);
        if (unlockDate) return refuse(3, "Has alcanzado el número máximo de intentos.", { unlockDate });
        recordCodeSent(found.key);
        return HttpResponse.json({ success: true, message: "Te enviamos un código de verificación." });
      }
      case "validar_pin":
      case "validar_pin_hbb": {
        const found = identify(body, mifiEndpoint, true);
        if (!found.ok) return REFUSALS[found.reason]();
        const checked = checkCode(found.key, body.pin ?? "");
        if (!checked.ok) {
          return refuse(3, "El código ingresado es incorrecto.", { attemptsRemaining: checked.attemptsRemaining, unlockDate: checked.unlockDate ?? null });
        }
        const uuid = randomUUID();
        world.verified.set(uuid, found.key);
        return HttpResponse.json({ success: true, message: "Código verificado", uuid });
      }
      case "restablecer_pass":
      case "restablecer_passv2":
      case "restablecer_pass_hbb": {
        const found = identify(body, mifiEndpoint, true);
        if (!found.ok) return REFUSALS[found.reason]();
        const account = world.accounts.get(found.key);
        if (!account || !body.uuid || world.verified.get(body.uuid) !== found.key) return refuse(5, "Tu sesión de recuperación no es válida.");
        if (!body.pass) return badRequest("Falta la contraseña");
        account.password = body.pass;
        world.verified.delete(body.uuid);
        return HttpResponse.json({ success: true, message: "Contraseña actualizada" });
      }
      case "registro": {
        const found = identify(body, mifiEndpoint, true);
        if (!found.ok) return REFUSALS[found.reason]();
        if (world.accounts.has(found.key)) return refuse(1, "El número ingresado ya tiene una cuenta registrada.", { statusCode: 1 });
        if (!body.uuid || world.verified.get(body.uuid) !== found.key) return refuse(5, "Tu verificación no es válida, solicita un código nuevo.");
        if (!body.pass || !body.email || !body.nombre) return badRequest("Faltan datos del registro");
        world.accounts.set(found.key, {
          number: found.key,
          profile: found.line.profile,
          name: body.nombre,
          email: body.email,
          password: body.pass,
          contactPhone: found.line.contactPhone,
          allowNotifications: body.notificaciones ?? false,
          whatsapp: false,
        });
        world.verified.delete(body.uuid);
        return HttpResponse.json({ success: true, message: "Registro completado" });
      }
      case "actualizar_perfil":
      case "cambiar_pass": {
        const found = identify(body, mifiEndpoint, true);
        if (!found.ok) return REFUSALS[found.reason]();
        const account = world.accounts.get(found.key);
        // Only the line's own session may change its account.
        if (!account || !body.access || tokenNumber(body.access) !== found.key) return sessionExpired();
        if (body.operacion === "cambiar_pass") {
          if (account.password !== body.pass) return refuse(3, "La contraseña actual no es correcta.");
          if (!body.passNuevo) return badRequest("Falta la contraseña nueva");
          account.password = body.passNuevo;
          return HttpResponse.json({ success: true, message: "Contraseña actualizada" });
        }
        if (!body.nombre?.trim() || !body.email?.includes("@")) return badRequest("Faltan el nombre o el correo");
        Object.assign(account, { name: body.nombre.trim(), email: body.email, allowNotifications: body.notificaciones ?? account.allowNotifications });
        return HttpResponse.json({ success: true, message: "Datos actualizados" });
      }
    }
  });

// ——— Serviceability ———

const LOCATIONS: Record<string, { latitud: number; longitud: number }> = {
  "06600": { latitud: 19.4270, longitud: -99.1620 },
  "64000": { latitud: 25.6714, longitud: -100.3090 },
  "44100": { latitud: 20.6767, longitud: -103.3475 },
};

export const conn = [
  offersHandler("ofertas", "general"),
  offersHandler("ofertasHBB", "hbb"),
  offersHandler("ofertasSams", "sams"),

  http.post(`${api}/app/consumoV3`, async ({ request }) => {
    const body = (await jsonBody(request)) as { access?: unknown } | undefined;
    const token = request.headers.get("Ordaccess") ?? (typeof body?.access === "string" ? body.access : undefined);
    const number = tokenNumber(token);
    const forced = await switched("conn.balance", number);
    if (forced) return forced;
    const answer = number ? balanceOf(number) : null;
    return answer ? HttpResponse.json(answer) : sessionExpired();
  }),

  http.post(`${api}/sso/consumoSSO`, async ({ request }) => {
    const forced = await switched("conn.balanceSso");
    if (forced) return forced;
    const body = (await jsonBody(request)) as { numero?: unknown } | undefined;
    const token = request.headers.get("Authorization")?.replace(/^Bearer\s+/i, "");
    const number = tokenNumber(token);
    if (!number || number !== body?.numero) return sessionExpired();
    const answer = balanceOf(number);
    return answer ? HttpResponse.json(answer) : sessionExpired();
  }),

  accessHandler("acceso", false),
  accessHandler("acceso-mifi", true),

  http.get(`${api}/app/cdn`, async ({ request }) => {
    const forced = await switched("conn.widget");
    if (forced) return forced;
    if (request.headers.get("hide") !== "true") return badRequest("Falta el encabezado hide");
    // The CDN serves what marketing published: the widget file of the config directory.
    const file = path.join(process.env.CONFIG_DIR ?? path.join(process.cwd(), "pages-config"), "widget.json");
    const widget = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    return HttpResponse.json(widget);
  }),

  http.get(`${api}/altan/serviceability`, async ({ request }) => {
    const forced = await switched("conn.serviceability");
    if (forced) return forced;
    const direccion = new URL(request.url).searchParams.get("direccion")?.trim();
    if (!direccion) return badRequest("La dirección es obligatoria");
    const postalCode = direccion.match(/\b\d{5}\b/)?.[0];
    const known = postalCode ? demoPostalCodes[postalCode] : undefined;
    return HttpResponse.json({
      success: true,
      direccion,
      capacidad: known?.coverage ?? false,
      ubicacion: postalCode && known ? (LOCATIONS[postalCode] ?? null) : null,
    });
  }),
];
