import { describe, expect, it } from "vitest";
import { setSwitch } from "../../../mocks/switches";
import { useMockUpstream } from "../../../mocks/test-support";
import { coverageLookup } from "./coverage.server";

useMockUpstream();

const lookup = (query: string) => coverageLookup(new URL(`http://localhost/cobertura${query}`));

describe("coverage by postal code (DEMO-DATA postal codes)", () => {
  it.each([
    ["06600", "Juárez, Cuauhtémoc, Ciudad de México, C.P. 06600"],
    ["64000", "Monterrey Centro, Monterrey, Nuevo León, C.P. 64000"],
    ["44100", "Guadalajara Centro, Guadalajara, Jalisco, C.P. 44100"],
  ])("%s has coverage and capacity, with the address the upstream understood and a map link", async (cp, address) => {
    const { outcome } = await lookup(`?cp=${cp}`);
    expect(outcome).toEqual({ kind: "answer", covered: true, address, capacity: true, mapUrl: expect.stringMatching(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=/) });
  });

  it("99999 has no coverage, and its capacity is not asked", async () => {
    expect((await lookup("?cp=99999")).outcome).toEqual({ kind: "answer", covered: false, address: "C.P. 99999", capacity: null, mapUrl: null });
  });

  it("sends the street with the postal code", async () => {
    const { outcome } = await lookup("?cp=06600&direccion=Av.%20Reforma%20222");
    expect(outcome).toMatchObject({ covered: true, address: "Av. Reforma 222, Juárez, Cuauhtémoc, Ciudad de México, C.P. 06600" });
  });

  it("asks nothing without a postal code, and keeps a wrong one with its message", async () => {
    expect(await lookup("")).toEqual({ outcome: null });
    expect(await lookup("?cp=0660")).toMatchObject({ form: { status: "error",  initialValue: { cp: "0660" }, error: { cp: ["coverage:postalCodeDigits"] } }, outcome: null });
    expect(await lookup("?cp=")).toMatchObject({ form: { status: "error",  initialValue: {}, error: { cp: ["coverage:postalCodeRequired"] } }, outcome: null });
  });

  it("a failed coverage call is the catalogue message, never an exception", async () => {
    setSwitch("asistencia.coverage", { status: 500 });
    expect((await lookup("?cp=06600")).outcome).toEqual({ kind: "error", message: "No pudimos consultar la cobertura. Por favor inténtalo de nuevo más tarde." });
  });

  it("a failed capacity call leaves the coverage answer standing, capacity unknown", async () => {
    setSwitch("conn.serviceability", { status: 500 });
    expect((await lookup("?cp=64000")).outcome).toMatchObject({ kind: "answer", covered: true, capacity: null });
  });
});
