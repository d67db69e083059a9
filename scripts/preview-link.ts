/**
 * npm run config:preview-link — prints a signed link to the preview of the draft config
 * (CONFIG_DRAFT_DIR; docs/config.md "Previews"), signed with PREVIEW_SECRET, the same secret the
 * site has. It is valid PREVIEW_LINK_HOURS hours (8), or --horas; --volver /ruta lands on that
 * page instead of the home page; --origen https://… prints a whole URL instead of a path.
 */
import { parseArgs } from "node:util";
import { weakSecretReason } from "../app/lib/boot-rules.mjs";
import { previewLinkPath, signPreview } from "../app/lib/preview-link.server";

const USAGE = "Uso: npm run config:preview-link -- [--horas 8] [--volver /ruta] [--origen https://sitio]";
const fail = (line: string) => {
  process.stderr.write(`${line}\n`);
  process.exit(1);
};

let flags: { horas?: string; volver?: string; origen?: string };
try {
  flags = parseArgs({ options: { horas: { type: "string" }, volver: { type: "string" }, origen: { type: "string" } } }).values;
} catch (error) {
  fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  throw error;
}

const secret = process.env.PREVIEW_SECRET ?? "";
if (!secret) fail("PREVIEW_SECRET: es obligatorio; usa el mismo secreto que el sitio (sin él no hay vista previa)");
const weak = weakSecretReason(secret);
if (weak) process.stderr.write(`Aviso: PREVIEW_SECRET ${weak}; en producción con upstreams reales el sitio no abre vistas previas con él.\n`);

const hours = Number(flags.horas ?? process.env.PREVIEW_LINK_HOURS ?? 8);
if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) fail(`--horas: debe ser un número de horas entre 0 y ${24 * 30} (se recibió "${flags.horas ?? process.env.PREVIEW_LINK_HOURS}")`);
const volver = flags.volver ?? "/";
if (!/^\/(?![/\\])/.test(volver)) fail(`--volver: debe ser una ruta del sitio que empiece con / (se recibió "${volver}")`);

const expiresAt = Date.now() + hours * 3_600_000;
const link = previewLinkPath(signPreview(secret, expiresAt), volver);
// The preview origin when the site has one (PREVIEW_ORIGIN): the site's own no longer opens previews.
const origin = (flags.origen ?? process.env.PREVIEW_ORIGIN)?.replace(/\/+$/, "") ?? "";
process.stdout.write(`${origin}${link}\n`);
process.stderr.write(`Válido hasta ${new Date(Math.floor(expiresAt / 1000) * 1000).toISOString()} (${hours} h).\n`);
