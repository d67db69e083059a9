import type { ConfigProblem } from "~/lib/config/problems";
import type { UpstreamError } from "./http.server";

/**
 * A config document read from a CDN (the banners of a view, the discovery widget), checked by
 * the same zod schema as its local JSON: its value, or why it was refused, with the path inside
 * the JSON and the reason in Spanish (docs/config.md "Remote banners and widget").
 */
export type RemoteDocument<T> = { url: string } & ({ ok: true; value: T } | { ok: false; problems: ConfigProblem[] });

/** A CDN that did not answer a usable document, in words an operator can act on. */
export function failureProblem(url: string, error: UpstreamError): ConfigProblem {
  const message =
    error.kind === "timeout"
      ? "el CDN no respondió a tiempo"
      : error.kind === "network"
        ? "no se pudo conectar con el CDN"
        : error.kind === "http"
          ? `el CDN respondió con el estado HTTP ${error.status ?? "desconocido"}`
          : "el CDN respondió algo que no es JSON válido";
  return { file: url, path: "", message };
}
