// Only the parts of node-forge the envelope needs (the full package is ~80 KB gzip): AES-GCM,
// RSA-OAEP with SHA-256, PEM and DER parsing. Each module registers itself on the shared object.
import forge from "node-forge/lib/forge.js";
import "node-forge/lib/aes.js";
import "node-forge/lib/cipherModes.js";
import "node-forge/lib/pem.js";
import "node-forge/lib/asn1.js";
import "node-forge/lib/rsa.js";
import "node-forge/lib/pkcs1.js";
import "node-forge/lib/sha256.js";
import "node-forge/lib/random.js";
import "node-forge/lib/util.js";

/**
 * Seals the card and billing data in the browser for the card provider's public key, so our
 * server only relays ciphertext (docs/payment.md /cobrar `data`). The envelope is the one
 * app/upstream/crypto.server.ts documents: a fresh AES-256-GCM key wraps the JSON, RSA-OAEP
 * (SHA-256, MGF1 SHA-256) wraps the key; every part base64. Works with 1024- and 2048-bit keys.
 *
 * Loaded on demand (a dynamic import when the card form is first used), so the checkout's
 * first load does not carry it.
 */
export type Envelope = { key: string; iv: string; tag: string; data: string };

type ForgeRsa = { encrypt(bytes: string, scheme: "RSA-OAEP", options: object): string };
type ForgeLike = typeof forge & {
  pem: { decode(pem: string): { type: string; body: string }[] };
  asn1: { fromDer(bytes: string): unknown };
  pki: { publicKeyFromAsn1(asn1: unknown): ForgeRsa };
};

export function sealForProvider(payload: unknown, publicKeyPem: string): Envelope {
  const f = forge as ForgeLike;
  const block = f.pem.decode(publicKeyPem).find((entry) => entry.type === "PUBLIC KEY");
  if (!block) throw new Error("la llave del proveedor no es una llave pública PEM");
  const publicKey = f.pki.publicKeyFromAsn1(f.asn1.fromDer(block.body));
  const keyBytes = f.random.getBytesSync(32);
  const iv = f.random.getBytesSync(12);
  const cipher = f.cipher.createCipher("AES-GCM", keyBytes);
  cipher.start({ iv, tagLength: 128 });
  cipher.update(f.util.createBuffer(f.util.encodeUtf8(JSON.stringify(payload))));
  cipher.finish();
  const oaep = { md: f.md.sha256.create(), mgf1: { md: f.md.sha256.create() } };
  return {
    key: f.util.encode64(publicKey.encrypt(keyBytes, "RSA-OAEP", oaep)),
    iv: f.util.encode64(iv),
    tag: f.util.encode64(cipher.mode.tag.getBytes()),
    data: f.util.encode64(cipher.output.getBytes()),
  };
}
