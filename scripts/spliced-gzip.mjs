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
  return { pieces, deflated, fillLength };
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
  const { pieces, deflated, fillLength } = prepared;
  const filling = Buffer.from(fill, "utf8");
  // Compressed against blanks of another length, the pieces would point at the wrong bytes.
  if (pieces.length > 1 && filling.length !== fillLength) return gzipSync(splicedText(prepared, fill));
  const stored = storedBlock(filling);
  const parts = [HEADER];
  let crc = 0;
  let length = 0;
  pieces.forEach((piece, index) => {
    if (index > 0) {
      parts.push(stored);
      if (filling.length > 0) crc = crc32(filling, crc);
      length += filling.length;
    }
    parts.push(deflated[index]);
    // An empty piece is skipped: zlib's crc32() of a buffer without memory answers its initial value, 0.
    if (piece.length > 0) crc = crc32(piece, crc);
    length += piece.length;
  });
  const trailer = Buffer.allocUnsafe(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
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
