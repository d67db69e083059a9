import { DEFAULT_KEY_BITS, generateKeyPair } from "~/upstream/crypto.server";

/**
 * The mock payments upstream's RSA key pairs, generated once per process on first use (node-forge
 * hands the work to Node's native generator, so it takes milliseconds).
 *
 * - host: the payments host's own pair. Its public key is served at GET
 *   {payments}/servicio/angular/llave; the app seals the plugin request (/servicio/angular/plugin)
 *   with it.
 * - provider: the card provider's pair. Its public key reaches the app inside the plugin's answer
 *   (`proveedor.publico`); the app seals the card data of /cobrar with it.
 *
 * Both private keys stay here: the handlers really decrypt what the app sends.
 * MOCK_PAYMENTS_KEY_BITS picks the size (1024 or 2048; default 2048).
 */
export type KeyPair = { publicKeyPem: string; privateKeyPem: string };

export function mockKeyBits(): number {
  const bits = Number(process.env.MOCK_PAYMENTS_KEY_BITS ?? DEFAULT_KEY_BITS);
  return bits === 1024 || bits === 2048 || bits === 3072 || bits === 4096 ? bits : DEFAULT_KEY_BITS;
}

let host: KeyPair | undefined;
let provider: KeyPair | undefined;

export function paymentsHostKeys(): KeyPair {
  host ??= generateKeyPair(mockKeyBits());
  return host;
}

export function providerKeys(): KeyPair {
  provider ??= generateKeyPair(mockKeyBits());
  return provider;
}

/**
 * Drops both pairs so the next use generates them again with the current MOCK_PAYMENTS_KEY_BITS
 * (tests that check another key size). Whoever already holds an old public key can no longer be
 * read: call it between exchanges, never in the middle of one.
 */
export function forgetMockKeys() {
  host = undefined;
  provider = undefined;
}
