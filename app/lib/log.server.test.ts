import { afterEach, describe, expect, it, vi } from "vitest";
import { captureLog } from "./log.test-helpers";
import { createLog, log, logger, redact, REDACTED, REDACTED_KEYS } from "./log.server";

/** A logger with the app's settings that writes into an array, chunk by chunk, as written. */
function recorded() {
  const chunks: string[] = [];
  const logger = createLog({ write: (chunk: string) => void chunks.push(chunk) });
  return { logger, chunks, output: () => chunks.join("") };
}

const FORGED = '\r\n{"level":60}';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("the server's log", () => {
  it("writes one JSON line per entry with server/app.ts's settings: level, pid, ISO time, the module", () => {
    const { logger: root, output } = recorded();
    root.child({ module: "limits" }).error({ call: "core.lineProfile", status: 500 }, "el estado compartido no responde");
    const lines = output().split("\n").filter(Boolean);
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toMatchObject({ level: 50, pid: process.pid, module: "limits", call: "core.lineProfile", status: 500, msg: "el estado compartido no responde" });
    expect(String(entry.time)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("takes its level from LOG_LEVEL (info by default)", async () => {
    expect(log.level).toBe(process.env.LOG_LEVEL ?? "info");
    vi.stubEnv("LOG_LEVEL", "warn");
    const { logger: quiet, output } = recorded();
    quiet.info("no se escribe");
    quiet.warn("se escribe");
    expect(output().split("\n").filter(Boolean).map((line) => JSON.parse(line).msg)).toEqual(["se escribe"]);
  });

  it("gives each module one child logger, its entries marked with the module", () => {
    const captured = captureLog();
    expect(logger("config")).toBe(logger("config"));
    logger("config").warn("bloque omitido");
    expect(captured.entries).toEqual([expect.objectContaining({ module: "config", level: 40, msg: "bloque omitido" })]);
  });

  it("cannot be made to forge an entry: CR/LF in a message, a field or an error stay inside one JSON line", () => {
    const { logger: root, chunks, output } = recorded();
    root.child({ module: "upstream" }).info({ call: `conn.balance${FORGED}`, nested: { reason: FORGED } }, `concepto desconocido${FORGED}`);
    root.error({ err: new Error(`sin conexión${FORGED}`) }, "entrega falló");
    expect(chunks).toHaveLength(2);
    const lines = output().split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(2);
    for (const line of lines) expect(line).not.toMatch(/[\r\n]/);
    const [first, second] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({ level: 30, msg: `concepto desconocido${FORGED}`, call: `conn.balance${FORGED}`, nested: { reason: FORGED } });
    expect(second).toMatchObject({ level: 50, msg: "entrega falló", err: { type: "Error", message: `sin conexión${FORGED}` } });
    expect(lines.filter((line) => line.startsWith('{"level":60'))).toEqual([]);
  });

  it("writes '[oculto]' for every field that may hold personal data, at the top and nested", () => {
    const { logger: root, output } = recorded();
    const secrets = {
      number: "5512345678",
      email: "rosa@example.com",
      password: "Bait2024!",
      code: "987654",
      nombre: "Rosa Registro",
      card: "4111111111111111",
      upstreamMessage: "El número 5512345678 no existe",
    };
    const err = Object.assign(new Error("rechazado"), { telefono: "5561239876" });
    root.error(
      {
        call: "payments.charge",
        ...secrets,
        lead: { name: "Rosa", phone: "5561239876", campaign: { source: "fb", extra: { correo: "a@b.mx", token: "t0k3n" } } },
        items: [{ iccid: "8952140061234567890", imei: "356938035643809" }],
        err,
      },
      "rechazado",
    );
    const entry = JSON.parse(output()) as Record<string, unknown>;
    for (const key of Object.keys(secrets)) expect(entry[key]).toBe(REDACTED);
    expect(entry.lead).toEqual({ name: REDACTED, phone: REDACTED, campaign: { source: "fb", extra: { correo: REDACTED, token: REDACTED } } });
    expect(entry.items).toEqual([{ iccid: REDACTED, imei: REDACTED }]);
    expect((entry.err as Record<string, unknown>).telefono).toBe(REDACTED);
    expect(entry.call).toBe("payments.charge");
    for (const secret of [...Object.values(secrets), "5561239876", "Rosa", "a@b.mx", "t0k3n", "8952140061234567890", "356938035643809"]) {
      expect(output()).not.toContain(secret);
    }
  });

  it("redacts each listed key in any case, however deep", () => {
    const { logger: root, output } = recorded();
    for (const key of REDACTED_KEYS) root.child({ module: "x" }).info({ [key]: "dato", [key.toUpperCase()]: "dato", a: { b: { c: { d: { e: [{ [key]: "dato" }] } } } } }, "campo");
    const lines = output().split("\n").filter(Boolean);
    expect(lines).toHaveLength(REDACTED_KEYS.length);
    for (const line of lines) expect(line).not.toContain('"dato"');
    expect(JSON.parse(lines[0]!).a.b.c.d.e).toEqual([{ [REDACTED_KEYS[0]]: REDACTED }]);
  });

  it("copies nothing it does not censor, and leaves the logged object as it was", () => {
    const clean = { call: "core.lineProfile", nested: { status: 500 }, list: [1, 2], bytes: Buffer.from("abc") };
    expect(redact(clean)).toBe(clean);
    const dirty = { call: "x", lead: { nombre: "Rosa" } };
    expect(redact(dirty)).toEqual({ call: "x", lead: { nombre: REDACTED } });
    expect(dirty.lead.nombre).toBe("Rosa");
  });
});
