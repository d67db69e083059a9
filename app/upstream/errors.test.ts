import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UpstreamError } from "./http.server";
import {
  allErrorKeys,
  iccidErrorKey,
  keyForError,
  lineNumberErrorKey,
  loginByTypeKey,
  nirErrorKey,
  otpOutcome,
} from "./errors";

const catalogue = JSON.parse(readFileSync(path.resolve(__dirname, "../../locales/es-MX/errors.json"), "utf8")) as Record<string, unknown>;
const text = (key: string) => {
  const [namespace, dotted] = key.split(":");
  expect(namespace).toBe("errors");
  return dotted!.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
};

describe("line-number errors by HTTP status", () => {
  it.each([
    [0, "errors:line.noConnection"],
    [400, "errors:line.invalidNumber"],
    [404, "errors:line.notFound"],
    [412, "errors:line.notBait"],
    [424, "errors:line.dependencyFailed"],
    [500, "errors:line.unavailable"],
    [502, "errors:line.unavailable"],
  ])("turns %i into '%s'", (status, key) => {
    expect(lineNumberErrorKey(status)).toBe(key);
  });

  it("turns a status outside the table into 'errors:line.default'", () => {
    expect(lineNumberErrorKey(418)).toBe("errors:line.default");
  });

  it("says 'El número debe tener 10 dígitos.' for a 400 and the spec's unavailable text for a 500", () => {
    expect(text(lineNumberErrorKey(400))).toBe("El número debe tener 10 dígitos.");
    expect(text(lineNumberErrorKey(500))).toBe("Lo sentimos, el servicio no está disponible, favor de intentarlo más tarde.");
    expect(text(lineNumberErrorKey(412))).toBe("El número que ingresaste no es un número Bait. Revisa que esté bien escrito.");
  });

  it("treats a network error or a timeout as status 0 and keeps an invalid answer's own key", () => {
    expect(keyForError(new UpstreamError("core.profile", "network", "errors:upstream.network"), lineNumberErrorKey)).toBe("errors:line.noConnection");
    expect(keyForError(new UpstreamError("core.profile", "timeout", "errors:upstream.timeout"), lineNumberErrorKey)).toBe("errors:line.noConnection");
    expect(keyForError(new UpstreamError("core.profile", "http", "x", 412), lineNumberErrorKey)).toBe("errors:line.notBait");
    expect(keyForError(new UpstreamError("core.profile", "invalidResponse", "errors:upstream.invalidResponse", 200), lineNumberErrorKey)).toBe(
      "errors:upstream.invalidResponse",
    );
  });
});

describe("ICCID errors", () => {
  it.each([
    [412, "errors:iccid.notBait"],
    [404, "errors:iccid.unavailable"],
    [500, "errors:iccid.unavailable"],
    [400, "errors:iccid.default"],
    [0, "errors:iccid.default"],
  ])("turns %i into '%s'", (status, key) => {
    expect(iccidErrorKey(status)).toBe(key);
  });
});

describe("area-code change", () => {
  it.each([
    ["412", "errors:nir.notBait"],
    [412, "errors:nir.notBait"],
    ["mifi", "errors:nir.mifi"],
    ["mbb", "errors:nir.mbb"],
    ["status", "errors:nir.status"],
    ["idle", "errors:nir.idle"],
    ["predeactivate", "errors:nir.predeactivate"],
    ["b2b", "errors:nir.b2b"],
    ["barring", "errors:nir.default"],
  ])("turns %s into '%s'", (reason, key) => {
    expect(nirErrorKey(reason)).toBe(key);
  });
});

describe("login by line type", () => {
  it.each([
    ["mbb", "errors:loginByType.mbb"],
    ["hbb", "errors:loginByType.hbb"],
    ["mifi", "errors:loginByType.mifi"],
    ["esim", "errors:loginByType.default"],
  ])("turns %s into '%s'", (type, key) => {
    expect(loginByTypeKey(type)).toBe(key);
  });
});

describe("OTP answers", () => {
  const now = new Date("2025-01-01T12:00:00Z");

  it("reads a success as accepted", () => {
    expect(otpOutcome({ success: true, message: "ok" }, now)).toEqual({ kind: "accepted", messageKey: "errors:otp.accepted" });
  });

  it("reads a refusal with attempts left as a wrong code with the count", () => {
    expect(otpOutcome({ success: false, attemptsRemaining: 2 }, now)).toEqual({ kind: "wrongCode", messageKey: "errors:otp.wrongCode", attemptsRemaining: 2 });
    expect(otpOutcome({ success: false, attemptsRemaining: 1 }, now)).toMatchObject({ messageKey: "errors:otp.wrongCodeLast" });
  });

  it("reads an unlock date ahead as a lockout, whatever else the answer says", () => {
    expect(otpOutcome({ success: false, attemptsRemaining: 0, unlockDate: "2025-01-01T13:00:00Z" }, now)).toEqual({
      kind: "locked",
      messageKey: "errors:otp.locked",
      unlockDate: "2025-01-01T13:00:00.000Z",
    });
  });

  it("ignores an unlock date already past or unreadable", () => {
    expect(otpOutcome({ success: true, unlockDate: "2025-01-01T11:00:00Z" }, now).kind).toBe("accepted");
    expect(otpOutcome({ success: false, unlockDate: "mañana" }, now).kind).toBe("failed");
  });

  it("reads a refusal with nothing else as a failure keeping the upstream's message", () => {
    expect(otpOutcome({ success: false, message: "Código vencido", code: 3 }, now)).toEqual({
      kind: "failed",
      messageKey: "errors:otp.default",
      upstreamMessage: "Código vencido",
    });
  });
});

describe("the catalogue", () => {
  it("has a non-empty Spanish text for every key errors.ts can hand out", () => {
    for (const key of allErrorKeys) {
      const value = text(key);
      expect(typeof value, key).toBe("string");
      expect((value as string).length, key).toBeGreaterThan(0);
    }
  });

  it("has a text for every 'errors:' key the asistencia, portabilidad, upd-card and banners clients name", () => {
    for (const client of ["asistencia", "portabilidad", "upd-card", "banners"]) {
      const source = readFileSync(path.resolve(__dirname, `${client}.server.ts`), "utf8");
      for (const [, key] of source.matchAll(/"(errors:[\w.]+)"/g)) expect(typeof text(key!), `${client}: ${key}`).toBe("string");
    }
  });

  it("keeps the shared upstream and csrf keys", () => {
    for (const key of ["timeout", "network", "unavailable", "invalidResponse", "badRequest", "notFound", "unauthorized", "generic"]) {
      expect(typeof text(`errors:upstream.${key}`)).toBe("string");
    }
    expect(catalogue.csrf).toBe("Solicitud rechazada: origen no permitido.");
  });
});
