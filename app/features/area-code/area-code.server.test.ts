import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { commitSession, getSession, sealTokens, sessionStorage } from "~/lib/session.server";
import { areaCodeAction, areaCodeLine, availableAreaCodes, loginThenBack, type AreaCodeAnswer } from "./area-code.server";

useMockUpstream();

let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

/** The session cookie of a customer signed in with `number`. */
async function signedIn(number: string) {
  const session = await getSession(new Request("http://localhost/"));
  session.set("user", { name: "Cliente", email: "cliente@example.com", number, userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true });
  session.set("tokens", sealTokens({ access: `token-${number}` }));
  // Signed in a moment ago: no step-up is asked (docs/accounts.md "Step-up").
  session.set("signedInAt", Date.now());
  session.set("authAt", Date.now());
  return (await commitSession(session)).split(";")[0]!;
}

async function post(number: string, fields: Record<string, string>) {
  const request = new Request("http://localhost/cambio-nir", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: await signedIn(number) } });
  const out = (await areaCodeAction(request, context())) as unknown as { data: AreaCodeAnswer; init: ResponseInit | null };
  return { status: out.init?.status ?? 200, answer: out.data, setCookie: new Headers(out.init?.headers).get("Set-Cookie") };
}

describe("available area codes", () => {
  it("groups the upstream's list by state, in alphabetical order", async () => {
    const states = await availableAreaCodes();
    expect(states?.map((entry) => entry.state)).toEqual(["Ciudad de México", "Jalisco", "Nuevo León", "Puebla", "Yucatán"]);
    expect(states?.find((entry) => entry.state === "Jalisco")?.codes).toEqual([{ areaCode: "33", name: "Guadalajara" }]);
  });

  it("is null when the upstream fails", async () => {
    setSwitch("core.areaCodes", { status: 500 });
    expect(await availableAreaCodes()).toBeNull();
  });
});

describe("the area-code change", () => {
  it("moves the customer's own active mobile line, answers its new number and ends the session", async () => {
    const { status, answer, setCookie } = await post("5512345678", { nir: "81", numero: "5534567890" });
    expect(status).toBe(200);
    expect(answer.done).toEqual({ number: "(81) 12 34 56 78", loggedOut: true });
    expect((await sessionStorage.getSession(setCookie)).get("user")).toBeUndefined();
  });

  it("the same area code keeps the number and the session", async () => {
    const { answer, setCookie } = await post("5512345678", { nir: "55" });
    expect(answer.done).toEqual({ number: "(55) 12 34 56 78", loggedOut: false });
    expect(setCookie).toBeNull();
  });

  it("a visitor who has not signed in goes to /login, and comes back to /cambio-nir after it", async () => {
    const request = new Request("http://localhost/cambio-nir", { method: "POST", body: new URLSearchParams({ numero: "5512345678", nir: "81" }) });
    const thrown = await areaCodeAction(request, context()).then(
      () => null,
      (response: Response) => response,
    );
    expect(thrown?.status).toBe(302);
    expect(thrown?.headers.get("Location")).toBe("/login");
    const session = await sessionStorage.getSession(thrown?.headers.get("Set-Cookie"));
    expect(session.get("returnTo")).toBe("/cambio-nir");
  });

  it("the page's 'Iniciar sesión' link (?ingresar) sends a visitor to /login and a customer back to the page", async () => {
    const visitor = await loginThenBack(new Request("http://localhost/cambio-nir?ingresar")).then(
      () => null,
      (response: Response) => response,
    );
    expect(visitor?.headers.get("Location")).toBe("/login");
    const customer = await loginThenBack(new Request("http://localhost/cambio-nir?ingresar", { headers: { Cookie: await signedIn("5512345678") } })).then(
      () => null,
      (response: Response) => response,
    );
    expect(customer?.headers.get("Location")).toBe("/cambio-nir");
    await expect(loginThenBack(new Request("http://localhost/cambio-nir"))).resolves.toBeUndefined();
  });

  it("the line shown is the session's, formatted; none for a visitor", async () => {
    expect(await areaCodeLine(new Request("http://localhost/cambio-nir", { headers: { Cookie: await signedIn("5512345678") } }))).toBe("(55) 12 34 56 78");
    expect(await areaCodeLine(new Request("http://localhost/cambio-nir"))).toBeNull();
  });

  it.each([
    ["5534567890", "Tu línea está inactiva. Haz una recarga para activarla y después podrás cambiar tu lada."],
    ["5576543210", "El cambio de lada no está disponible para Internet portátil (MiFi)."],
    ["5598765432", "El cambio de lada no está disponible para este número Bait. Comunícate con nosotros al 800 123 2248 o al *282 para ayudarte."],
    ["5545678901", "Tu línea no está activa, por eso no podemos cambiar tu lada. Haz una recarga e inténtalo de nuevo."],
    ["5500000000", "El número que ingresaste no es un número Bait. Revisa que esté bien escrito."],
  ])("refuses %s with its message (errors.json nir)", async (numero, text) => {
    const { status, answer } = await post(numero, { nir: "33" });
    expect(status).toBe(400);
    expect(answer.message?.text).toBe(text);
    expect(answer.result.initialValue).toMatchObject({ nir: "33" });
  });

  it("needs the area code", async () => {
    const { answer } = await post("5512345678", {});
    expect(answer.result.error).toEqual({ nir: ["areaCode:areaCodeRequired"] });
  });

  it("an upstream failure is the catalogue message with status 502", async () => {
    setSwitch("core.changeAreaCode", { status: 500 });
    const { status, answer } = await post("5512345678", { nir: "81" });
    expect(status).toBe(502);
    expect(answer.message?.text).toBe("Lo sentimos, el servicio no está disponible, favor de intentarlo más tarde.");
  });
});
