import { describe, expect, it, vi } from "vitest";
import { UpstreamError, type UpstreamResult } from "~/upstream/http.server";
import type { FaqEntry } from "~/upstream/asistencia.server";
import { quietLog } from "~/lib/log.test-helpers";
import { centresByState } from "./centres";
import { createFaqCache, searchFaq } from "./faq.server";

const entries: FaqEntry[] = [
  { category: "Recargas", question: "¿Cómo recargo mi línea Bait?", answer: "Entra a Recargas y paga con tarjeta." },
  { category: "Portabilidad", question: "¿Cuánto cuesta hacer la portabilidad?", answer: "La portabilidad es gratis." },
  { category: "Cuenta", question: "Olvidé mi contraseña, ¿qué hago?", answer: "Pide un código de verificación." },
];
const ok = (data: FaqEntry[]): UpstreamResult<FaqEntry[]> => ({ ok: true, status: 200, data });
const failed: UpstreamResult<FaqEntry[]> = { ok: false, error: new UpstreamError("asistencia.faq", "http", "errors:upstream.unavailable", 500) };

describe("the FAQ cache", () => {
  it("asks the upstream once while the list is fresh, and again once it is not", async () => {
    let now = 0;
    const fetchFaq = vi.fn(async () => ok(entries));
    const read = createFaqCache(fetchFaq, 60_000, () => now);
    expect(await read()).toEqual(entries);
    now = 59_999;
    await read();
    expect(fetchFaq).toHaveBeenCalledTimes(1);
    now = 60_000;
    await read();
    expect(fetchFaq).toHaveBeenCalledTimes(2);
  });

  it("serves the last good list while the upstream fails, and null when it never answered", async () => {
    quietLog();
    let now = 0;
    const answers = [ok(entries), failed];
    const read = createFaqCache(async () => answers.shift() ?? failed, 1000, () => now);
    await read();
    now = 5000;
    expect(await read()).toEqual(entries);
    expect(await createFaqCache(async () => failed)()).toBeNull();
  });

  it("shares one call between concurrent requests", async () => {
    const fetchFaq = vi.fn(async () => ok(entries));
    const read = createFaqCache(fetchFaq);
    await Promise.all([read(), read(), read()]);
    expect(fetchFaq).toHaveBeenCalledTimes(1);
  });
});

describe("the FAQ search", () => {
  it("without a query, every entry grouped by topic in the upstream's order", () => {
    expect(searchFaq(entries, "").map((group) => group.category)).toEqual(["Recargas", "Portabilidad", "Cuenta"]);
  });

  it("keeps the entries holding every word, whatever the case and the accents", () => {
    expect(searchFaq(entries, "CUANTO cuesta")).toEqual([{ category: "Portabilidad", entries: [{ question: "¿Cuánto cuesta hacer la portabilidad?", answer: "La portabilidad es gratis." }] }]);
    expect(searchFaq(entries, "contrasena")[0]?.entries[0]?.question).toBe("Olvidé mi contraseña, ¿qué hago?");
    expect(searchFaq(entries, "recargas gratis")).toEqual([]);
  });
});

describe("the centres' filter by state", () => {
  const centres = [{ state: "Nuevo León" }, { state: "Ciudad de México" }, { state: "Nuevo León" }];
  it("lists the states alphabetically and keeps the centres of the one chosen", () => {
    expect(centresByState(centres, "Nuevo León")).toEqual({ states: ["Ciudad de México", "Nuevo León"], selected: "Nuevo León", keep: [true, false, true] });
  });
  it("keeps every centre for no state or an unknown one", () => {
    expect(centresByState(centres, "Atlantis")).toMatchObject({ selected: null, keep: [true, true, true] });
    expect(centresByState(centres, undefined)).toMatchObject({ selected: null, keep: [true, true, true] });
  });
});
