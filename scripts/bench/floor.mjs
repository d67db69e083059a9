// The Node floor of `npm run bench`: the app's own bytes, gzipped once, from a bare node:http
// server. Nothing can answer faster in Node, so the app's figures are read against these.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { gzipSync } from "node:zlib";

/** @type {Array<{ path: string; html: string }>} (FLOOR_FILES is the path of a JSON file) */
const files = JSON.parse(readFileSync(process.env.FLOOR_FILES ?? "", "utf8"));
const bodies = new Map(files.map((file) => [file.path, gzipSync(file.html)]));

createServer((request, response) => {
  if (request.url === "/healthz") return response.end("ok");
  const body = bodies.get(request.url ?? "");
  if (!body) {
    response.statusCode = 404;
    return response.end();
  }
  response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "gzip", "content-length": body.length });
  response.end(body);
}).listen(Number(process.env.PORT));
