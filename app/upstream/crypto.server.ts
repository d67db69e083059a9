import forge from "node-forge";
import * as z from "zod";

/**
 * Hybrid encryption for the payments upstream (docs/upstream.md: "RSA-encrypted JSON").
 *
 * RSA-OAEP with SHA-256 can only carry a few bytes (62 with a 1024-bit key, 190 with 2048), far
 * less than a payment's JSON. So the JSON is sealed with a fresh AES-256-GCM key and only that
 * key goes through RSA. The envelope, every field base64 (standard alphabet, with padding):
 *
 *   { "key":  RSA-OAEP(publicKey, aesKey), OAEP hash SHA-256 and MGF1 hash SHA-256, 32-byte aesKey,
 *     "iv":   12 random bytes,
 *     "tag":  the 16-byte GCM authentication tag,
 *     "data": AES-256-GCM(aesKey, iv, UTF-8 JSON), no additional authenticated data }
 *
 * A reply to a sealed request (the plugin's `informacion`) is a "sealed reply": the same shape
 * without `key`, sealed with the request's AES key and a new iv, so only the sender can open it.
 *
 * Everything here is node-forge on purpose: the browser builds the same envelope with
 * `forge.random.getBytesSync(32)`, `forge.cipher.createCipher("AES-GCM", key)` (start with
 * `{ iv, tagLength: 128 }`) and `forge.pki.publicKeyFromPem(pem).encrypt(key, "RSA-OAEP",
 * { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } })`, then
 * `forge.util.encode64` on each part. Works with 1024- and 2048-bit keys (default 2048).
 */

const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, "no es base64");
export const sealedReplySchema = z.object({ iv: base64.min(1), tag: base64.min(1), data: base64 });
export const envelopeSchema = sealedReplySchema.extend({ key: base64.min(1) });
export type SealedReply = z.infer<typeof sealedReplySchema>;
export type Envelope = z.infer<typeof envelopeSchema>;

/** The AES key of one exchange, base64; kept by the sender to open the reply. */
export type SessionKey = string;

export type CryptoResult<T> = { ok: true; value: T } | { ok: false; reason: string };

export const DEFAULT_KEY_BITS = 2048;
const AES_KEY_BYTES = 32;
const IV_BYTES = 12;

const oaep = () => ({ md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } });

export function generateKeyPair(bits: number = DEFAULT_KEY_BITS): { publicKeyPem: string; privateKeyPem: string } {
  // node-forge uses Node's native generator when it can, so 2048 bits takes milliseconds.
  const pair = forge.pki.rsa.generateKeyPair({ bits, e: 0x10001 });
  return { publicKeyPem: forge.pki.publicKeyToPem(pair.publicKey), privateKeyPem: forge.pki.privateKeyToPem(pair.privateKey) };
}

function aesSeal(payload: unknown, keyBytes: string): SealedReply {
  const iv = forge.random.getBytesSync(IV_BYTES);
  const cipher = forge.cipher.createCipher("AES-GCM", keyBytes);
  cipher.start({ iv, tagLength: 128 });
  cipher.update(forge.util.createBuffer(forge.util.encodeUtf8(JSON.stringify(payload))));
  cipher.finish();
  return {
    iv: forge.util.encode64(iv),
    tag: forge.util.encode64(cipher.mode.tag.getBytes()),
    data: forge.util.encode64(cipher.output.getBytes()),
  };
}

function aesOpen(reply: SealedReply, keyBytes: string): CryptoResult<unknown> {
  const decipher = forge.cipher.createDecipher("AES-GCM", keyBytes);
  decipher.start({ iv: forge.util.decode64(reply.iv), tagLength: 128, tag: forge.util.createBuffer(forge.util.decode64(reply.tag)) });
  decipher.update(forge.util.createBuffer(forge.util.decode64(reply.data)));
  if (!decipher.finish()) return { ok: false, reason: "la etiqueta GCM no coincide (datos alterados o llave equivocada)" };
  try {
    return { ok: true, value: JSON.parse(forge.util.decodeUtf8(decipher.output.getBytes())) };
  } catch {
    return { ok: false, reason: "el contenido descifrado no es JSON" };
  }
}

/** Seals a JSON payload for the holder of `publicKeyPem`; keep `sessionKey` to open the reply. */
export function seal(payload: unknown, publicKeyPem: string): CryptoResult<{ envelope: Envelope; sessionKey: SessionKey }> {
  try {
    const publicKey = forge.pki.publicKeyFromPem(publicKeyPem);
    const keyBytes = forge.random.getBytesSync(AES_KEY_BYTES);
    const key = forge.util.encode64(publicKey.encrypt(keyBytes, "RSA-OAEP", oaep()));
    return { ok: true, value: { envelope: { key, ...aesSeal(payload, keyBytes) }, sessionKey: forge.util.encode64(keyBytes) } };
  } catch (error) {
    return { ok: false, reason: `no se pudo cifrar: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Opens an envelope with the private key (the receiving side: the mock provider, tests). */
export function open(envelope: unknown, privateKeyPem: string): CryptoResult<{ payload: unknown; sessionKey: SessionKey }> {
  const parsed = envelopeSchema.safeParse(envelope);
  if (!parsed.success) return { ok: false, reason: `sobre inválido en «${parsed.error.issues[0]?.path.join(".")}»` };
  try {
    const privateKey = forge.pki.privateKeyFromPem(privateKeyPem);
    const keyBytes = privateKey.decrypt(forge.util.decode64(parsed.data.key), "RSA-OAEP", oaep());
    if (keyBytes.length !== AES_KEY_BYTES) return { ok: false, reason: "la llave AES no mide 32 bytes" };
    const opened = aesOpen(parsed.data, keyBytes);
    return opened.ok ? { ok: true, value: { payload: opened.value, sessionKey: forge.util.encode64(keyBytes) } } : opened;
  } catch (error) {
    return { ok: false, reason: `no se pudo descifrar la llave: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Seals a reply with the AES key of the request it answers. */
export function sealReply(payload: unknown, sessionKey: SessionKey): SealedReply {
  return aesSeal(payload, forge.util.decode64(sessionKey));
}

/** Opens a reply sealed with this exchange's AES key. */
export function openReply(reply: unknown, sessionKey: SessionKey): CryptoResult<unknown> {
  const parsed = sealedReplySchema.safeParse(reply);
  if (!parsed.success) return { ok: false, reason: `respuesta cifrada inválida en «${parsed.error.issues[0]?.path.join(".")}»` };
  try {
    return aesOpen(parsed.data, forge.util.decode64(sessionKey));
  } catch (error) {
    return { ok: false, reason: `no se pudo descifrar: ${error instanceof Error ? error.message : String(error)}` };
  }
}
