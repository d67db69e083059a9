import type { AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from "vitest";
import { clearSwitches, setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { journey } from "../../../mocks/world-journey";
import { campaignCookie } from "~/features/campaign/campaign.server";
import { env } from "~/lib/env.server";
import { translate } from "~/lib/i18n/i18n.server";
import { quietLog } from "~/lib/log.test-helpers";
import { createOutbox, type DeliveryOutcome } from "~/lib/outbox.server";
import { sessionStorage } from "~/lib/session.server";
import { fileStore } from "~/lib/store/file.server";
import { redisStore } from "~/lib/store/redis.server";
import type { Store } from "~/lib/store/store.server";
import { contactAction, deliverLead, type StoredLead } from "./lead.server";

useMockUpstream({ timeoutMs: 2000 });

let ipCount = 0;
const context = () => ({ clientIp: `198.51.100.${++ipCount}`, cspNonce: "", visitorId: "test" }) as AppLoadContext;

let dataDir = "";
const realDataDir = env.dataDir;
beforeAll(async () => {
  // The action's outbox writes here (it is opened on first use); its delivery loop is not started.
  dataDir = await mkdtemp(path.join(tmpdir(), "bait-leads-"));
  env.dataDir = dataDir;
});
afterAll(async () => {
  env.dataDir = realDataDir;
  await rm(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  // The outbox logs each refused attempt on purpose.
  quietLog();
});

const phone = () => `55${String(Math.floor(Math.random() * 1e8)).padStart(8, "0")}`;
const valid = (number: string, kind = "whatsapp") => ({ tipo: kind, volver: "/promociones?contacto=whatsapp&x=1", nombre: "Rosa", telefono: number, confirmarNumero: number, privacidad: "on" });

async function post(fields: Record<string, string>, { ip = context(), cookie = "" } = {}) {
  const request = new Request("http://localhost/contacto", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
  });
  const out = (await contactAction(request, ip)) as Response | { data: { result: { error?: Record<string, string[]> }; message?: { text: string } }; init: ResponseInit | null };
  if (out instanceof Response) return { status: out.status, location: out.headers.get("Location"), cookie: out.headers.get("Set-Cookie") ?? "", errors: {}, message: undefined };
  const errors = Object.fromEntries(Object.entries(out.data.result.error ?? {}).map(([name, keys]) => [name, keys.map((key) => translate(key))]));
  return { status: out.init?.status ?? 200, location: null, cookie: "", errors, message: out.data.message?.text };
}

const pendingLeads = async () => {
  const store = fileStore(dataDir);
  const entries = await store.log("leads").pending();
  await store.close();
  return entries.map((entry) => ({ id: entry.id, lead: JSON.parse(entry.record) as StoredLead }));
};

describe("POST /contacto", () => {
  it("stores the lead before answering, with its campaign, and goes back to the page with 'Hemos guardado tus datos… vía Whatsapp'", async () => {
    const number = phone();
    const cookie = `${(await campaignCookie.serialize({ source: "google", medium: "cpc" })).split(";")[0]}`;
    const answer = await post(valid(number), { cookie });
    expect(answer.status).toBe(303);
    expect(answer.location).toBe("/promociones?x=1");
    const session = await sessionStorage.getSession(answer.cookie.split(";")[0]);
    expect(translate(session.get("lead") ?? "")).toBe("Hemos guardado tus datos, a la brevedad uno de nuestros agentes se pondrá en contacto contigo vía Whatsapp.");
    // Stored, not delivered yet: the upstream has not heard of it.
    expect((await pendingLeads()).find((entry) => entry.lead.phone === number)?.lead).toMatchObject({ name: "Rosa", phone: number, kind: "whatsapp", campaign: { source: "google", medium: "cpc" } });
    expect(journey.leads).toEqual([]);
  });

  it("says 'vía Telefónica' for a phone lead", async () => {
    const answer = await post(valid(phone(), "telefono"));
    const session = await sessionStorage.getSession(answer.cookie.split(";")[0]);
    expect(translate(session.get("lead") ?? "")).toBe("Hemos guardado tus datos, a la brevedad uno de nuestros agentes se pondrá en contacto contigo vía Telefónica.");
  });

  it("answers every field's message and stores nothing when the form is empty", async () => {
    const before = (await pendingLeads()).length;
    const answer = await post({ tipo: "whatsapp", volver: "/" });
    expect(answer.status).toBe(400);
    expect(answer.errors).toEqual({
      nombre: ["El nombre es obligatorio"],
      telefono: ["Campo requerido"],
      confirmarNumero: ["Campo requerido"],
      privacidad: ["Acepta el aviso de privacidad para que podamos contactarte."],
    });
    expect(await pendingLeads()).toHaveLength(before);
  });

  it("refuses a short number ('Número de teléfono inválido') and two different ones ('El número no coincide.')", async () => {
    expect((await post({ ...valid("55123"), confirmarNumero: "55123" })).errors).toEqual({ telefono: ["Número de teléfono inválido"], confirmarNumero: ["Número de teléfono inválido"] });
    expect((await post({ ...valid(phone()), confirmarNumero: "5500000001" })).errors).toEqual({ confirmarNumero: ["El número no coincide."] });
  });

  it("limits the leads of one number (10 in 15 minutes) whatever the IP", async () => {
    const number = phone();
    for (let index = 0; index < 10; index++) expect((await post(valid(number))).status).toBe(303);
    const refused = await post(valid(number));
    expect(refused.status).toBe(429);
    expect(refused.message).toMatch(/minutos/);
  });

  it("limits the leads of one IP (100 in 15 minutes) whatever the number", async () => {
    const ip = context();
    for (let index = 0; index < 100; index++) expect((await post(valid(phone()), { ip })).status).toBe(303);
    expect((await post(valid(phone()), { ip })).status).toBe(429);
  });
});

describe("the way back after a lead", () => {
  it("is the page the modal was opened on, without ?contacto=", async () => {
    expect((await post(valid(phone()))).location).toBe("/promociones?x=1");
  });

  it.each(["/.//evil.example", "//evil.example/x", "/\\evil.example", "https://evil.example/", "/\t/evil.example", "/%2F%2Fevil.example"])("is the home page for volver=%j", async (volver) => {
    expect((await post({ ...valid(phone()), volver })).location).toBe("/");
  });

  it("is resolved before a form with errors echoes it back into /contacto", async () => {
    const request = new Request("http://localhost/contacto", { method: "POST", body: new URLSearchParams({ tipo: "whatsapp", volver: "/.//evil.example", nombre: "", telefono: "55" }) });
    const out = (await contactAction(request, context())) as { data: { result: { initialValue?: Record<string, unknown> } } };
    expect(out.data.result.initialValue?.volver).toBe("/");
  });
});

const lead = (number: string, kind: StoredLead["kind"] = "whatsapp"): StoredLead => ({ name: "Rosa", phone: number, kind, campaign: { source: "google" }, receivedAt: new Date().toISOString() });

describe("deliverLead", () => {
  it("sends tipo 2 for WhatsApp and 1 for a call, the campaign, and the lead's id as Idempotency-Key", async () => {
    expect(await deliverLead(lead("5512121212"), "id-1")).toBe("delivered");
    expect(await deliverLead(lead("5513131313", "telefono"), "id-2")).toBe("delivered");
    expect(journey.leads).toMatchObject([
      { telefono: "5512121212", tipo: 2, campania: { source: "google" }, idempotencyKey: "id-1" },
      { telefono: "5513131313", tipo: 1, idempotencyKey: "id-2" },
    ]);
  });

  it("retries while the upstream fails or times out, and drops a lead it refuses as malformed (400)", async () => {
    setSwitch("core.contactLead", { status: 503 });
    expect(await deliverLead(lead("5512121212"), "a")).toBe("retry");
    setSwitch("core.contactLead", { status: 401 });
    expect(await deliverLead(lead("5512121212"), "b")).toBe("retry");
    setSwitch("core.contactLead", { status: 400 });
    expect(await deliverLead(lead("5512121212"), "c")).toBe("rejected");
    expect(journey.leads).toEqual([]);
  });
});

/** vi.waitFor's polling for what the delivery loop does on its own timers (no clock of ours): long enough for a busy machine. */
const POLL = { timeout: 20_000, interval: 10 };

describe.each([
  { name: "file", place: async () => mkdtemp(path.join(dataDir, "restart-")), open: (place: string): Store => fileStore(place) },
  { name: "Redis", place: async () => inject("redisUrl"), open: (place: string): Store => redisStore(place) },
])("no lead is lost ($name store)", ({ place, open }) => {
  it("stopped while the upstream refuses, started again after it recovers: the lead reaches the upstream exactly once", async () => {
    const where = await place();
    const logName = `leads-${randomUUID()}`;
    let attempts = 0;
    const deliver = async (item: StoredLead, id: string): Promise<DeliveryOutcome> => {
      attempts += 1;
      return deliverLead(item, id);
    };
    const fast = { backoff: { baseMs: 20, maxMs: 100 }, idleMs: 20 };

    setSwitch("core.contactLead", { status: 503 });
    const before = open(where);
    const first = createOutbox<StoredLead>({ log: before.log(logName), deliver, ...fast });
    const id = await first.add(lead("5514141414"));
    first.start();
    await vi.waitFor(() => expect(attempts).toBeGreaterThanOrEqual(3), POLL);
    await first.stop();
    await before.close();
    expect(journey.leads).toEqual([]);

    clearSwitches();
    const after = open(where);
    const second = createOutbox<StoredLead>({ log: after.log(logName), deliver, ...fast });
    second.start();
    await vi.waitFor(() => expect(journey.leads).toHaveLength(1), POLL);
    // Long enough for a second delivery, were there one.
    await new Promise((resolve) => setTimeout(resolve, 100));
    await second.stop();
    expect(journey.leads).toMatchObject([{ telefono: "5514141414", tipo: 2, idempotencyKey: id }]);
    expect(await after.log(logName).pending()).toEqual([]);
    await after.close();
  });
});
