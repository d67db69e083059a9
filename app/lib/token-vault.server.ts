import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/**
 * The upstream tokens ride in the session cookie sealed with AES-256-GCM under a key derived
 * from the session secret: the browser stores them but can neither read nor alter them, so
 * they stay server-side in effect without a session database. (The cookie itself is signed as
 * well; this is about confidentiality.)
 */
const keyOf = (secret: string) => createHash("sha256").update(`bait-session-tokens:${secret}`).digest();

export function seal(value: unknown, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyOf(secret), iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString("base64url")).join(".");
}

/** The sealed value, or null when it was not sealed with this secret or was tampered with. */
export function unseal(sealed: unknown, secret: string): unknown {
  if (typeof sealed !== "string") return null;
  const [iv, tag, data] = sealed.split(".").map((part) => Buffer.from(part, "base64url"));
  if (!iv || !tag || !data || iv.length !== 12 || tag.length !== 16) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyOf(secret), iv);
    decipher.setAuthTag(tag);
    return JSON.parse(Buffer.concat([decipher.update(data), decipher.final()]).toString("utf8"));
  } catch {
    return null;
  }
}
