// gzip once, answer many (docs/performance.md "Rendered-HTML cache"): a cached page differs
// between two answers only in its CSP nonce, so its text is compressed once, in the pieces between
// the nonces, and each answer puts its own nonce between them. Each piece is a raw deflate run
// ended by a sync flush (it ends on a byte boundary and needs nothing after it); a nonce goes in
// as a stored block; the answer closes with an empty final block and the gzip trailer (the
// CRC-32 and length of the whole text). RFC 1951 §3.2.4, RFC 1952 §2.3.
//
// A piece may point back at the text before it (its preset dictionary is the 32 KB before it), so
// the page compresses as well as in one piece. In that dictionary each nonce is NUL bytes, which
// no page contains, so nothing ever points into a nonce: any nonce of the same length fits.
import { constants, crc32, deflateRawSync, gzipSync } from "node:zlib";

/** ID1 ID2, CM deflate, no flags, no mtime, no extra flags, OS unknown. */
const HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** BFINAL=1, BTYPE=00 (stored), LEN 0, NLEN 0xffff. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);
const MAX_STORED = 0xffff;
/** How far back deflate may point. */
const WINDOW = 32 * 1024;

/**
 * The text split at every `placeholder`, its pieces compressed. Returns null when there is
 * nothing to split on (an empty placeholder): such a page is answered the ordinary way.
 */
export function prepareSplicedGzip(text, placeholder) {
  if (!placeholder) return null;
  const pieces = text.split(placeholder).map((piece) => Buffer.from(piece, "utf8"));
  const fillLength = Buffer.byteLength(placeholder, "utf8");
  const blank = Buffer.alloc(fillLength, 0);
  const before = [];
  const deflated = pieces.map((piece, index) => {
    if (index > 0) before.push(pieces[index - 1], blank);
    const dictionary = index > 0 ? Buffer.concat(before).subarray(-WINDOW) : undefined;
    return deflateRawSync(piece, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH, ...(dictionary ? { dictionary } : {}) });
  });
  // The CRC-32 of the text with blanks, and for each blank how far it sits from the end: an
  // answer's CRC is this one changed by its nonce at each place (crcWithFill).
  const blanked = Buffer.concat([...before, pieces.at(-1)]);
  const length = blanked.length;
  const shifts = [];
  let offset = 0;
  pieces.slice(0, -1).forEach((piece) => {
    offset += piece.length;
    shifts.push(x8nModP(length - offset - fillLength));
    offset += fillLength;
  });
  return { pieces, deflated, fillLength, length, blankCrc: length > 0 ? crc32(blanked) : 0, shifts };
}

// CRC-32 arithmetic (zlib's crc32.c, reflected polynomial): CRC-32 is linear, so the text's CRC
// with a nonce in each blank is the blanked text's CRC xor, for each blank, the CRC of the nonce
// alone (register starting at 0) carried through the bytes that follow it (a multiplication by
// x^(8n) modulo the polynomial). That is a few hundred operations instead of a pass over the page.
const POLY = 0xedb88320;
const TABLE = Uint32Array.from({ length: 256 }, (_, byte) => {
  let value = byte;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? (value >>> 1) ^ POLY : value >>> 1;
  return value;
});

/** a(x) * b(x) modulo the polynomial, both reflected. */
function multModP(a, b) {
  let product = 0;
  for (let mask = 0x80000000; mask !== 0; mask >>>= 1) {
    if (a & mask) product ^= b;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const X2N = [0x40000000];
for (let k = 1; k < 32; k += 1) X2N.push(multModP(X2N[k - 1], X2N[k - 1]));

/** x^(8n) modulo the polynomial: what n zero bytes after a value do to its CRC register. */
function x8nModP(n) {
  let power = 0x80000000;
  for (let k = 3; n > 0; n = Math.floor(n / 2), k += 1) if (n % 2) power = multModP(X2N[k & 31], power);
  return power;
}

/** The text's CRC-32 with `filling` (fillLength bytes) in every blank. */
function crcWithFill({ blankCrc, shifts }, filling) {
  let register = 0;
  for (const byte of filling) register = TABLE[(register ^ byte) & 0xff] ^ (register >>> 8);
  let crc = blankCrc;
  for (const shift of shifts) crc ^= multModP(shift, register);
  return crc >>> 0;
}

/** A stored (uncompressed) non-final deflate block holding `bytes`. */
function storedBlock(bytes) {
  if (bytes.length > MAX_STORED) throw new RangeError("un bloque almacenado lleva como máximo 65535 bytes");
  const block = Buffer.allocUnsafe(5 + bytes.length);
  block[0] = 0x00;
  block.writeUInt16LE(bytes.length, 1);
  block.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(block, 5);
  return block;
}

/** The whole gzip member of the text with `fill` (a string) where each placeholder was. */
export function splicedGzip(prepared, fill) {
  const { pieces, deflated, fillLength, length } = prepared;
  const filling = Buffer.from(fill, "utf8");
  // Compressed against blanks of another length, the pieces would point at the wrong bytes.
  if (pieces.length > 1 && filling.length !== fillLength) return gzipSync(splicedText(prepared, fill));
  const stored = storedBlock(filling);
  const parts = [HEADER];
  pieces.forEach((_piece, index) => {
    if (index > 0) parts.push(stored);
    parts.push(deflated[index]);
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crcWithFill(prepared, filling), 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  parts.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(parts);
}

/** The plain text with `fill` where each placeholder was. */
export function splicedText({ pieces }, fill) {
  const filling = Buffer.from(fill, "utf8");
  return Buffer.concat(pieces.flatMap((piece, index) => (index > 0 ? [filling, piece] : [piece])));
}

/** Whether an Accept-Encoding header takes gzip (named, with a q above 0). */
export function acceptsGzip(header = "") {
  return header.split(",").some((entry) => {
    const [name = "", ...params] = entry.split(";").map((part) => part.trim().toLowerCase());
    if (name !== "gzip" && name !== "x-gzip") return false;
    const quality = params.find((param) => param.startsWith("q="));
    return quality === undefined || Number(quality.slice(2)) > 0;
  });
}
