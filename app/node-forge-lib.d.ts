// node-forge's own modules (node-forge/lib/*), imported one by one so the browser gets only
// what the card envelope needs (app/features/payment/seal-card.ts). The shared forge object
// is the package's default export; the other modules only register themselves on it.
declare module "node-forge/lib/forge.js" {
  import forge from "node-forge";
  export default forge;
}
declare module "node-forge/lib/aes.js";
declare module "node-forge/lib/cipherModes.js";
declare module "node-forge/lib/pem.js";
declare module "node-forge/lib/asn1.js";
declare module "node-forge/lib/rsa.js";
declare module "node-forge/lib/pkcs1.js";
declare module "node-forge/lib/sha256.js";
declare module "node-forge/lib/random.js";
declare module "node-forge/lib/util.js";
