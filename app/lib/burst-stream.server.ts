import { Transform } from "node:stream";

/**
 * The body a rendered document is streamed through: the chunks written in one burst go on as one.
 * React writes a page in pieces of about 2 KB, all in one turn of the event loop; each piece was
 * then a web stream chunk, a `res.write`, a deflate write (a round trip to zlib's thread pool) and
 * a flush, so the customer's /home (34 KB of HTML) paid for all that some twenty times. Here the
 * pieces are gathered and handed on together on the next turn of the event loop (or when the page
 * ends). Streaming is kept: a part of the page that React writes later (a deferred loader, a
 * Suspense boundary) is a burst of its own and goes on as soon as it is written.
 */
export function burstStream(): Transform {
  let pending: Buffer[] = [];
  let scheduled = false;
  const release = () => {
    scheduled = false;
    if (pending.length === 0 || stream.destroyed) return;
    const chunk = pending.length === 1 ? pending[0]! : Buffer.concat(pending);
    pending = [];
    stream.push(chunk);
  };
  const stream = new Transform({
    transform(chunk: Buffer | string, encoding, done) {
      pending.push(typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk);
      if (!scheduled) {
        scheduled = true;
        setImmediate(release);
      }
      done();
    },
    flush(done) {
      release();
      done();
    },
  });
  return stream;
}
