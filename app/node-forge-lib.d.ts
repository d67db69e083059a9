// node-forge's own modules (node-forge/lib/*), imported one by one so the browser gets only
// what the card envelope needs (app/features/payment/seal-card.ts). The shared forge object
// is the package's default export; the other modules only register themselves on it.
declare module "node-forge/lib/forge" {
  import forge from "node-forge";
  export default forge;
}
declare module "node-forge/lib/aes";
declare module "node-forge/lib/cipherModes";
declare module "node-forge/lib/pem";
declare module "node-forge/lib/asn1";
declare module "node-forge/lib/rsa";
declare module "node-forge/lib/pkcs1";
declare module "node-forge/lib/sha256";
declare module "node-forge/lib/random";
declare module "node-forge/lib/util";
