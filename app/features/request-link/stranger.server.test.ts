import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import type { SessionUser } from "#schemas/session";
import type { FormAnswer } from "~/lib/form-answer.server";
import { translate } from "~/lib/i18n/i18n.server";
import { commitSession, getSession, sealTokens } from "~/lib/session.server";
import { requestLinksForHome } from "./home.server";
import { MAX_OPEN_LINKS, requestLinks } from "./links.server";
import { loadMakerPage, makerAction } from "./maker.server";

/**
 * Issue 39, row 7: a stranger cannot fill someone's links. A link for a line made without that
 * line's session waits for a code sent to the line; until it is typed, nothing is listed to the
 * line's owner and none of the line's 10 places is used.
 */

useMockUpstream();

let ipCount = 0;
const context = (ip?: string) => ({ clientIp: ip ?? `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

const ana: SessionUser = { name: "Ana", email: "demo.mbb@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true, allowNotifications: false, whatsappOptIn: false };

async function signedIn(user: SessionUser) {
  const session = await getSession(new Request("http://localhost/"));
  session.set("user", user);
  session.set("tokens", sealTokens({ access: `token-${user.number}` }));
  session.set("signedInAt", Date.now());
  session.set("authAt", Date.now());
  return (await commitSession(session)).split(";")[0]!;
}

type Answer = { status: number; location: string | null; answer?: FormAnswer };
async function answerOf(out: Response | { data: unknown; init?: ResponseInit | null }): Promise<Answer> {
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location") };
  return { status: out.init?.status ?? 200, location: null, answer: out.data as FormAnswer };
}

const post = (fields: Record<string, string>, cookie = "", ip?: string) =>
  makerAction(new Request("http://localhost/pide-recarga", { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie } }), context(ip)).then(answerOf);
const param = (location: string | null, name: string) => new URL(location ?? "", "http://localhost").searchParams.get(name) ?? "";
const pageAt = (location: string, cookie = "") => loadMakerPage(new Request(`http://localhost${location}`, { headers: { Cookie: cookie } }), context());

describe("a stranger cannot fill someone's links", () => {
  it("18 concurrent requests for a demo line from a visitor make no listed link and use none of the owner's places", async () => {
    const stranger = "203.0.113.66";
    const answers = await Promise.all(Array.from({ length: 18 }, () => post({ intent: "crear", numero: "5512345678", message: "Soy Ana, págame esta recarga" }, "", stranger)));
    // Nothing failed on the server: each went on to the code step or was refused in Spanish.
    expect(answers.every((answer) => answer.status < 500)).toBe(true);

    expect(await requestLinks.list("5512345678")).toEqual([]);
    const cookie = await signedIn(ana);
    const home = await requestLinksForHome(new Request("http://localhost/home", { headers: { Cookie: cookie } }), ana, []);
    expect(home.links).toEqual([]);
    expect(JSON.stringify(await pageAt("/pide-recarga", cookie))).not.toContain("págame");

    // The owner still has all 10 places.
    for (let index = 0; index < MAX_OPEN_LINKS; index += 1) expect((await post({ intent: "crear" }, cookie)).status).toBe(303);
  });

  it("the visitor's request goes to the code step; the code sent to the line makes the link, with its words, listed to the owner", async () => {
    const line = "5545678901";
    const asked = await post({ intent: "crear", numero: line, offerId: "BAIT150", message: "¿Me ayudas, porfa?" });
    expect(asked.status).toBe(303);
    const pendingId = param(asked.location, "confirmar");
    expect(pendingId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(await pageAt(asked.location!)).toMatchObject({ step: "code", pending: { id: pendingId, formatted: "(55) 45 67 89 01", offerName: "Bait 150", message: "¿Me ayudas, porfa?", resent: false } });
    expect(await requestLinks.list(line)).toEqual([]);

    const confirmed = await post({ intent: "confirmar", id: pendingId, code: "1234" });
    expect(confirmed.status).toBe(303);
    const token = param(confirmed.location, "enlace");
    expect(await requestLinks.open(token)).toMatchObject({ ok: true, record: { line, by: "code", offerId: "BAIT150", message: "¿Me ayudas, porfa?" } });
    expect((await requestLinks.list(line)).map(({ token: listed }) => listed)).toEqual([token]);

    // The request is used once: the same code again makes nothing more, and its step says it waits no more.
    const again = await post({ intent: "confirmar", id: pendingId, code: "1234" });
    expect(again.status).toBe(410);
    expect(await requestLinks.list(line)).toHaveLength(1);
    expect(await pageAt(asked.location!)).toMatchObject({ step: "gone", pending: null });
  });

  it("a wrong code is refused at its field, makes nothing, and the request waits for the right one", async () => {
    const line = "5556789012";
    const asked = await post({ intent: "crear", numero: line, message: "Gracias" });
    const pendingId = param(asked.location, "confirmar");
    const wrong = await post({ intent: "confirmar", id: pendingId, code: "0000" });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.answer?.result?.error ?? {})).toEqual(["code"]);
    expect(translate(wrong.answer!.result!.error!.code![0]!)).toBe("El código no es el que enviamos a la línea. Revísalo e inténtalo de nuevo.");
    expect(wrong.answer?.message?.text).toBe(translate("errors:otp.wrongCode", { attemptsRemaining: 2 }));
    // The code is never sent back.
    expect(JSON.stringify(wrong.answer)).not.toContain("0000");
    expect(await requestLinks.list(line)).toEqual([]);
    const right = await post({ intent: "confirmar", id: pendingId, code: "1234" });
    expect(right.status).toBe(303);
    expect(await requestLinks.list(line)).toHaveLength(1);
  });

  it("a signed-in customer's own line needs no code", async () => {
    const made = await post({ intent: "crear", message: "Hola" }, await signedIn({ ...ana, number: "5523456789" }));
    expect(made.status).toBe(303);
    expect(await requestLinks.open(param(made.location, "enlace"))).toMatchObject({ ok: true, record: { by: "customer", message: "Hola" } });
  });
});
