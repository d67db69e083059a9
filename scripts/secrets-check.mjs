// Build check: nothing secret reaches the browser. Scans every file of the client build
// (public/build, or the folder given) for private keys, session secrets, upstream credentials
// and addresses, and the names of server-only settings (their presence means server code was
// bundled for the browser). Needs `npm run build` first. Exits 1 on any finding.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** What must never be in the client build: [what it is, pattern]. */
export function forbiddenPatterns(env = process.env) {
  const literal = (text) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const patterns = [
    ["a private key", /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
    ["the demo session secret", literal("demo-only-session-secret")],
    ["the test session secret", literal("e2e-only-session-secret")],
    ["a server setting's name", /\b(SESSION_SECRET|REQUEST_LINK_SECRET|REQUEST_LINK_PREVIOUS_SECRETS|DATA_DIR|DRAIN_SECONDS|REDIS_URL|UPSTREAM_[A-Z_]+_URL|UPSTREAM_BASE_URL|MOCK_PAYMENTS_KEY_BITS)\b/],
    ["a mock upstream's address", /[a-z-]+\.upstream\.mock/],
    ["a live payment key", /\b(sk|rk)_live_[0-9A-Za-z]{10,}/],
    ["an AWS access key", /\bAKIA[0-9A-Z]{16}\b/],
    ["a GitHub token", /\bgh[pousr]_[0-9A-Za-z]{30,}\b/],
  ];
  // The values of this environment's secrets and upstream addresses, when set.
  for (const [name, value] of Object.entries(env)) {
    if (!value || value.length < 8) continue;
    if (/(SECRET|TOKEN|PASSWORD|API_KEY|PRIVATE_KEY|CREDENTIALS)$/.test(name) || /^UPSTREAM_.*_URL$|^UPSTREAM_BASE_URL$|^REDIS_URL$/.test(name)) {
      patterns.push([`the value of ${name}`, literal(value)]);
    }
  }
  return patterns;
}

/** The build's files, without the .br and .gz copies `npm run build` makes of them (scripts/compress-build.mjs): their text is the original's. */
function filesUnder(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.(br|gz)$/.test(name) ? [] : [full];
  });
}

export function scan(dir, patterns = forbiddenPatterns()) {
  const findings = [];
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file, "utf8");
    for (const [what, pattern] of patterns) if (pattern.test(text)) findings.push({ file: path.relative(root, file), what });
  }
  return findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = path.resolve(process.argv[2] ?? path.join(root, "public/build"));
  let findings;
  try {
    findings = scan(dir);
  } catch {
    console.error("No hay build: ejecuta `npm run build` primero.");
    process.exit(1);
  }
  for (const { file, what } of findings) console.error(`✗ ${file}: ${what}`);
  console.log(findings.length ? "El código del navegador contiene secretos o código de servidor." : `✓ Ningún secreto en el código del navegador (${filesUnder(dir).length} archivos revisados).`);
  process.exit(findings.length ? 1 : 0);
}
