import { describe, expect, it } from "vitest";
import { generateKeyPair, open } from "~/upstream/crypto.server";
import { sealForProvider } from "./seal-card";

const card = { divisa: "MXN", nombre: "Ana", apellido: "Pérez Núñez", tarjeta: { numero: "4111111111111111", mes: "12", anio: "30", clave: "123" } };

describe("sealForProvider (the browser's envelope)", () => {
  it.each([1024, 2048])("opens with the provider's %i-bit private key, accents intact", (bits) => {
    const pair = generateKeyPair(bits);
    const envelope = sealForProvider(card, pair.publicKeyPem);
    const opened = open(envelope, pair.privateKeyPem);
    expect(opened.ok && opened.value.payload).toEqual(card);
  });

  it("never carries the card number in clear", () => {
    const pair = generateKeyPair(1024);
    const envelope = sealForProvider(card, pair.publicKeyPem);
    const wire = JSON.stringify(envelope);
    expect(wire).not.toContain("4111111111111111");
    expect(Buffer.from(envelope.data, "base64").toString("latin1")).not.toContain("4111");
  });

  it("uses a fresh key and iv each time", () => {
    const pair = generateKeyPair(1024);
    const first = sealForProvider(card, pair.publicKeyPem);
    const second = sealForProvider(card, pair.publicKeyPem);
    expect(first.key).not.toBe(second.key);
    expect(first.iv).not.toBe(second.iv);
  });

  it("refuses a key that is not a public PEM", () => {
    expect(() => sealForProvider(card, "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----")).toThrow(/llave pública/);
  });
});
