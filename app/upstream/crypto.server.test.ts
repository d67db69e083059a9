import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { generateKeyPair, open, openReply, seal, sealReply } from "./crypto.server";

const payment = {
  divisa: "MXN",
  nombre: "Ana María",
  apellido: "Núñez",
  direccion: "Av. Juárez 100, interior 3",
  colonia: "Juárez",
  codigoPostal: "06600",
  tarjeta: { numero: "4111111111111111", mes: "12", anio: "2030", clave: "123" },
};

describe.each([1024, 2048])("hybrid envelope with a %i-bit key", (bits) => {
  const keys = generateKeyPair(bits);

  it("round-trips a payload far longer than RSA-OAEP alone can carry", () => {
    expect(JSON.stringify(payment).length).toBeGreaterThan(62 * 3);
    const sealed = seal(payment, keys.publicKeyPem);
    if (!sealed.ok) throw new Error(sealed.reason);
    const opened = open(sealed.value.envelope, keys.privateKeyPem);
    if (!opened.ok) throw new Error(opened.reason);
    expect(opened.value.payload).toEqual(payment);
    expect(opened.value.sessionKey).toBe(sealed.value.sessionKey);
  });

  it("lets only the sender open the reply, sealed with the request's AES key", () => {
    const sealed = seal({ a: 1 }, keys.publicKeyPem);
    if (!sealed.ok) throw new Error(sealed.reason);
    const reply = sealReply({ proveedor: { tipo: 1 }, texto: "información del cliente ñ" }, sealed.value.sessionKey);
    expect(openReply(reply, sealed.value.sessionKey)).toEqual({ ok: true, value: { proveedor: { tipo: 1 }, texto: "información del cliente ñ" } });
    const stranger = seal({ a: 1 }, keys.publicKeyPem);
    if (!stranger.ok) throw new Error(stranger.reason);
    expect(openReply(reply, stranger.value.sessionKey).ok).toBe(false);
  });
});

describe("hybrid envelope", () => {
  const keys = generateKeyPair(1024);

  it("refuses an envelope whose data was tampered with", () => {
    const sealed = seal(payment, keys.publicKeyPem);
    if (!sealed.ok) throw new Error(sealed.reason);
    const bytes = forge.util.decode64(sealed.value.envelope.data);
    const flipped = String.fromCharCode(bytes.charCodeAt(0) ^ 1) + bytes.slice(1);
    const result = open({ ...sealed.value.envelope, data: forge.util.encode64(flipped) }, keys.privateKeyPem);
    expect(result.ok).toBe(false);
  });

  it("refuses an envelope sealed for another key instead of throwing", () => {
    const other = generateKeyPair(1024);
    const sealed = seal(payment, other.publicKeyPem);
    if (!sealed.ok) throw new Error(sealed.reason);
    expect(open(sealed.value.envelope, keys.privateKeyPem).ok).toBe(false);
  });

  it("reports a malformed envelope or public key without throwing", () => {
    expect(open({ key: "x" }, keys.privateKeyPem).ok).toBe(false);
    expect(seal(payment, "not a pem").ok).toBe(false);
  });

  it("opens an envelope built the way the browser builds it with node-forge", () => {
    const aesKey = forge.random.getBytesSync(32);
    const iv = forge.random.getBytesSync(12);
    const cipher = forge.cipher.createCipher("AES-GCM", aesKey);
    cipher.start({ iv, tagLength: 128 });
    cipher.update(forge.util.createBuffer(forge.util.encodeUtf8(JSON.stringify(payment))));
    cipher.finish();
    const publicKey = forge.pki.publicKeyFromPem(keys.publicKeyPem);
    const envelope = {
      key: forge.util.encode64(publicKey.encrypt(aesKey, "RSA-OAEP", { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } })),
      iv: forge.util.encode64(iv),
      tag: forge.util.encode64(cipher.mode.tag.getBytes()),
      data: forge.util.encode64(cipher.output.getBytes()),
    };
    const opened = open(envelope, keys.privateKeyPem);
    expect(opened.ok && opened.value.payload).toEqual(payment);
  });
});
