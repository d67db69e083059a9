import { gunzipSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { acceptsGzip, prepareSplicedGzip, splicedGzip, splicedText } from "./spliced-gzip.mjs";

const NONCE = "N0nceDeLaPrimeraRespuesta==";
const page = (nonce) =>
  `<script nonce="${nonce}">window.__remixContext = {"año":"ñandú ✓"};</script>${"<p>Recarga tu línea Bait desde $50 MXN</p>".repeat(400)}<script nonce="${nonce}" type="module">import "/build/x.js";</script>`;

describe("a page gzipped once and answered with each response's nonce", () => {
  it("unzips to the page with the new nonce in every place of the old one, UTF-8 intact", () => {
    const prepared = prepareSplicedGzip(page(NONCE), NONCE);
    for (const fresh of ["b3RyYU5vbmNlRGlzdGludGE=", "x", "ñ✓", ""]) {
      expect(gunzipSync(splicedGzip(prepared, fresh)).toString("utf8")).toBe(page(fresh));
      expect(splicedText(prepared, fresh).toString("utf8")).toBe(page(fresh));
    }
  });

  it("compresses about as well as the whole page at once, and costs only the nonce per answer", () => {
    const prepared = prepareSplicedGzip(page(NONCE), NONCE);
    const one = splicedGzip(prepared, "a".repeat(NONCE.length));
    expect(one.length).toBeLessThan(gzipSync(page(NONCE)).length + 2 * (NONCE.length + 5) + 16);
    expect(splicedGzip(prepared, "b".repeat(NONCE.length)).length).toBe(one.length);
  });

  it("points back across a nonce only at text, never into the nonce", () => {
    // The text after each nonce repeats what is around it, nonce included: a back reference
    // into the old nonce would bring the old nonce back.
    const text = `<p>${NONCE}abcabc</p><p>${NONCE}abcabc</p>${NONCE}abcabc`;
    const prepared = prepareSplicedGzip(text, NONCE);
    const fresh = "Q".repeat(NONCE.length);
    expect(gunzipSync(splicedGzip(prepared, fresh)).toString()).toBe(text.replaceAll(NONCE, fresh));
  });

  it("handles a nonce at the very start or end, twice in a row, or nowhere", () => {
    for (const text of [`${NONCE}<p>a</p>`, `<p>a</p>${NONCE}`, `${NONCE}${NONCE}`, "<p>sin scripts</p>", ""]) {
      const prepared = prepareSplicedGzip(text, NONCE);
      expect(gunzipSync(splicedGzip(prepared, "Z")).toString("utf8")).toBe(text.replaceAll(NONCE, "Z"));
    }
  });

  it("carries the right CRC-32 and length for any text, nonce places and nonce (gunzip checks both)", () => {
    const placeholder = "PLACEHOLDERnonce24bytes=";
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary", maxLength: 300 }), { minLength: 1, maxLength: 6 }), fc.string({ unit: "binary-ascii", minLength: 24, maxLength: 24 }), (pieces, nonce) => {
        fc.pre(pieces.every((piece) => !piece.includes(placeholder)) && Buffer.byteLength(nonce) === 24);
        const text = pieces.join(placeholder);
        expect(gunzipSync(splicedGzip(prepareSplicedGzip(text, placeholder), nonce)).toString("utf8")).toBe(pieces.join(nonce));
      }),
      { numRuns: 300 },
    );
  });

  it("prepares nothing without a placeholder", () => {
    expect(prepareSplicedGzip("<p>a</p>", "")).toBeNull();
  });
});

describe("Accept-Encoding", () => {
  it("takes gzip when named with a positive or no quality", () => {
    expect(acceptsGzip("gzip, deflate, br")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("x-gzip")).toBe(true);
  });

  it("does not take it when absent or refused", () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("gzip;q=0, br")).toBe(false);
    expect(acceptsGzip("gzip;q=0.000")).toBe(false);
  });
});
