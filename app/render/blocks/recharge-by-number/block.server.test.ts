import { describe, expect, it } from "vitest";
import { getRecharges } from "~/lib/config/config.server";
import { useMockUpstream } from "../../../../mocks/test-support";
import { setSwitch } from "../../../../mocks/switches";
import { loadData } from "../load.test-helpers";
import type { BlockOf } from "../types";
import { blockKinds } from "../kinds.server";
import { check } from "./block.server";

useMockUpstream();

const block = blockKinds.rechargeByNumber.schema.parse({ type: "rechargeByNumber" }) as BlockOf<"rechargeByNumber">;
const load = (url: string) => loadData<"rechargeByNumber">(block, url);

describe("the number-first block's data", () => {
  it("fills its defaults: the question, the categories of each kind, the associates", () => {
    expect(block).toEqual({ type: "rechargeByNumber", categories: { mbb: ["traditionals"], hbb: ["hbb"], mifi: ["mifi"] }, associates: true });
  });

  it("without ?numero= is the empty field, its form posting to the page it is on", async () => {
    const data = await load("http://localhost/recargas?section=hbb");
    expect(data).toMatchObject({ action: "/recargas", value: "", error: null, result: null, focus: false });
    expect(data.texts).toMatchObject({ heading: "¿Qué número quieres recargar?", submit: "Ver recargas" });
  });

  it("a mobile number: its offers, each leading to its recharge modal with the number filled in, and the focus on the answer", async () => {
    const data = await load("http://localhost/?numero=55%2012%2034%2056%2078");
    expect(data).toMatchObject({ action: "/", value: "5512345678", error: null, focus: true });
    expect(data.result?.title).toBe("Recargas de Telefonía Celular para (55) 12 34 56 78");
    expect(data.result?.groups.map((group) => group.id)).toEqual(["traditionals", "associates"]);
    expect(data.result?.groups[0]?.offers[0]).toMatchObject({ offerId: "BAIT50", price: "$50.00", href: "/recargas?section=traditionals&recarga=BAIT50&numero=5512345678" });
  });

  it("a portable-internet service number: the mifi offers only", async () => {
    const data = await load("http://localhost/recargas?numero=5576543210");
    expect(data.result?.title).toBe("Recargas de Internet Portátil para (55) 76 54 32 10");
    expect(data.result?.groups.map((group) => [group.id, group.label])).toEqual([["mifi", "Internet Portátil"]]);
  });

  it("a refused or malformed number: the message for the field, what was typed kept, no offers", async () => {
    expect(await load("http://localhost/?numero=5581112222")).toMatchObject({
      value: "5581112222",
      result: null,
      error: "Tu línea no está activa en este momento, por eso no es posible recargarla. Si necesitas ayuda, escríbenos por WhatsApp.",
    });
    expect(await load("http://localhost/?numero=55-12")).toMatchObject({ value: "55-12", result: null, error: "El número debe tener 10 dígitos." });
    expect(await load("http://localhost/?numero=")).toMatchObject({ value: "", error: "Escribe tu número Bait o tu número de servicio." });
    setSwitch("conn.offers.general", { status: 500 });
    expect(await load("http://localhost/?numero=5512345678")).toMatchObject({ value: "5512345678", error: "Hubo problema al recuperar las recargas, por favor inténtalo de nuevo" });
  });

  it("leaves the focus to a recharge modal opened over the page", async () => {
    expect((await load("http://localhost/recargas?section=traditionals&recarga=BAIT50&numero=5512345678")).focus).toBe(false);
  });
});

describe("config:check of the block", () => {
  const findings = (categories: Partial<Record<"mbb" | "hbb" | "mifi", string[]>>) =>
    [...check(blockKinds.rechargeByNumber.schema.parse({ type: "rechargeByNumber", categories }) as BlockOf<"rechargeByNumber">, { recharges: getRecharges() })].map((finding) => ("message" in finding ? [finding.path, finding.message] : finding));

  it("accepts the shipped categories", () => {
    expect(findings({ mbb: ["traditionals", "packages"] })).toEqual([]);
  });

  it("refuses a category whose offers are for another kind of line", () => {
    expect(findings({ mbb: ["hbb"] })).toEqual([["categories.mbb[0]", expect.stringContaining("«hbb»")]]);
  });
});
