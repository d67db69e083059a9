import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { support } from "../../../mocks/world-support";
import { portabilityAction, type PortabilityAnswer } from "./portability.server";

useMockUpstream();

let ipCount = 0;
const context = (ip = `192.0.2.${++ipCount}`) => ({ clientIp: ip, cspNonce: "", visitorId: "test" }) as AppLoadContext;

const form = (fields: Record<string, string> = {}) => ({
  numero: "5590000001",
  nip: "1234",
  iccid: "0000000000062",
  nombre: "Rosa Pérez",
  correo: "rosa@example.com",
  telefono: "55 1111 2222",
  ...fields,
});

async function post(fields: Record<string, string>, ctx = context()) {
  const request = new Request("http://localhost/haz-tu-portabilidad", { method: "POST", body: new URLSearchParams(fields) });
  const out = (await portabilityAction(request, ctx)) as unknown as { data: PortabilityAnswer; init: ResponseInit | null };
  return { status: out.init?.status ?? 200, answer: out.data };
}

describe("the portability request", () => {
  it("is sent with the ICCID's prefix and answers the folio, the number and the e-mail for the confirmation", async () => {
    const { status, answer } = await post(form());
    expect(status).toBe(200);
    expect(answer.done).toEqual({ folio: expect.stringMatching(/^PORT-/), number: "(55) 90 00 00 01", email: "rosa@example.com" });
    expect(support.portabilities.get("5590000001")).toMatchObject({ iccid: "8952140000000000062", contact: { name: "Rosa Pérez", email: "rosa@example.com", phone: "5511112222" } });
  });

  it("refuses a wrong NIP with its message, keeps what was typed and never echoes the NIP", async () => {
    const { status, answer } = await post(form({ nip: "9999" }));
    expect(status).toBe(400);
    expect(answer.message).toEqual({ tone: "error", text: "El NIP que ingresaste no es correcto. Solicítalo de nuevo marcando 051 desde tu línea actual." });
    expect(answer.result.initialValue).toMatchObject({ numero: "5590000001", nombre: "Rosa Pérez" });
    expect(answer.result.initialValue).not.toHaveProperty("nip");
  });

  it("refuses a number that is already Bait", async () => {
    expect((await post(form({ numero: "5512345678" }))).answer.message?.text).toBe("Este número ya es Bait, no necesitas hacer una portabilidad.");
  });

  it("answers the portability-from-ICCID message for a SIM already bringing a number, before asking to port", async () => {
    const { answer } = await post(form({ iccid: "0000000000054" }));
    expect(answer.message).toEqual({
      tone: "warning",
      text: "La SIM que capturaste proviene de una portabilidad. Tu número (55) 90 00 00 54 se activará en cuanto termine el proceso; después podrás registrarte.",
    });
    expect(support.portabilities.has("5590000001")).toBe(false);
  });

  it("refuses bad fields with each field's message and asks nothing", async () => {
    const { status, answer } = await post({ numero: "55", nip: "12", iccid: "895214", nombre: "R2", correo: "x@", telefono: "" });
    expect(status).toBe(400);
    expect(answer.result.error).toEqual({
      numero: ["portability:numberDigits"],
      nip: ["portability:nipDigits"],
      iccid: ["portability:iccidDigits"],
      nombre: ["portability:nameInvalid"],
      correo: ["portability:emailInvalid"],
      telefono: ["portability:contactPhoneRequired"],
    });
  });

  it("an upstream failure is the catalogue message with status 502", async () => {
    setSwitch("portabilidad.request", { status: 500 });
    const { status, answer } = await post(form());
    expect(status).toBe(502);
    expect(answer.message?.text).toBe("Lo sentimos, el servicio no está disponible, favor de intentarlo más tarde.");
  });

  it("limits the requests per number: the 11th in the window is refused without asking", async () => {
    for (let attempt = 0; attempt < 10; attempt++) await post(form({ nip: "9999", numero: "5590000077" }));
    const { status, answer } = await post(form({ numero: "5590000077" }));
    expect(status).toBe(429);
    expect(answer.message?.text).toMatch(/^Hiciste demasiadas solicitudes seguidas\. Inténtalo de nuevo en \d+ minutos\.$/);
    expect(support.portabilities.has("5590000077")).toBe(false);
  });
});
