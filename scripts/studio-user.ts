/**
 * npm run studio:user — creates or changes a studio account, or removes it (docs/studio.md
 * "Accounts"), in the accounts file the site reads (STUDIO_USERS_FILE, else DATA_DIR/studio-users):
 *
 *     npm run studio:user -- ana@bait.mx editor       # creates it, or changes its role and password
 *     npm run studio:user -- ana@bait.mx publisher
 *     npm run studio:user -- ana@bait.mx --remove
 *
 * The password is asked twice on the terminal, without echo, or read from STUDIO_PASSWORD (for
 * scripts and tests); at least 12 characters. For an account that exists, an empty answer (or an
 * empty STUDIO_PASSWORD) keeps its password and changes only its role. The file is written whole,
 * with mode 0600, its folder created when missing. The site reads it on every request: the change
 * counts at once, and a changed password or a removed account ends that account's sessions.
 */
import { parseArgs } from "node:util";
import {
  findAccount,
  isAccountEmail,
  isStudioRole,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  normaliseEmail,
  removeAccount,
  saveAccount,
  STUDIO_ROLES,
  usersFileFrom,
} from "../app/features/studio/auth/accounts.server";

const USAGE = `Uso: npm run studio:user -- <correo> <${STUDIO_ROLES.join("|")}>
     npm run studio:user -- <correo> --remove`;

const say = (line: string) => process.stdout.write(`${line}\n`);
function fail(line: string): never {
  process.stderr.write(`${line}\n`);
  process.exit(1);
}

/** One line typed on the terminal without showing it (raw mode: each key is read as it comes). */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(prompt);
  return new Promise((resolve) => {
    let typed = "";
    input.setRawMode(true);
    input.resume();
    input.setEncoding("utf8");
    const done = (value: string | null) => {
      input.off("data", onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write("\n");
      if (value === null) fail("Cancelado.");
      resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === "\r" || char === "\n") return done(typed);
        if (char === "\u0003" || char === "\u0004") return done(null);
        if (char === "\u007f" || char === "\b") typed = typed.slice(0, -1);
        else if (char >= " ") typed += char;
      }
    };
    input.on("data", onData);
  });
}

/** The new password: STUDIO_PASSWORD, else asked twice; null keeps the account's (an empty answer for an account that exists). */
async function newPassword(exists: boolean): Promise<string | null> {
  let password: string;
  if (process.env.STUDIO_PASSWORD !== undefined) password = process.env.STUDIO_PASSWORD;
  else if (process.stdin.isTTY) {
    password = await askHidden(exists ? "Contraseña nueva (vacía para conservar la actual): " : "Contraseña: ");
    if (password === "" && exists) return null;
    if (password.length >= MIN_PASSWORD_LENGTH && (await askHidden("Repite la contraseña: ")) !== password) fail("Las contraseñas no coinciden; no se cambió nada.");
  } else fail("Sin terminal para preguntar la contraseña: pásala en la variable STUDIO_PASSWORD.");
  if (password === "" && exists) return null;
  if (password.length < MIN_PASSWORD_LENGTH) fail(`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres; no se cambió nada.`);
  if (password.length > MAX_PASSWORD_LENGTH) fail(`La contraseña no puede tener más de ${MAX_PASSWORD_LENGTH} caracteres; no se cambió nada.`);
  return password;
}

async function main() {
  const parsed = (() => {
    try {
      return parseArgs({ options: { remove: { type: "boolean" } }, allowPositionals: true });
    } catch (error) {
      return fail(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    }
  })();
  const [given = "", role, ...extra] = parsed.positionals;
  const email = normaliseEmail(given);
  if (!isAccountEmail(email)) fail(`${given ? `"${given}" no es un correo válido.` : "Falta el correo."}\n${USAGE}`);
  const file = usersFileFrom(process.env);

  if (parsed.values.remove) {
    if (role !== undefined || extra.length > 0) fail(USAGE);
    if (!(await removeAccount(file, email))) fail(`No hay ninguna cuenta ${email} en ${file}.`);
    say(`Cuenta ${email} eliminada de ${file}. Sus sesiones abiertas terminan en su próxima petición.`);
    return;
  }

  if (!isStudioRole(role) || extra.length > 0) fail(`${role ? `"${role}" no es un rol: usa ${STUDIO_ROLES.join(" o ")}.` : "Falta el rol."}\n${USAGE}`);
  const exists = (await findAccount(file, email)) !== null;
  const password = await newPassword(exists);
  const outcome = await saveAccount(file, { email, role, password });
  const kept = password === null ? " (se conservó su contraseña)" : "";
  say(`${outcome === "created" ? "Cuenta creada" : "Cuenta actualizada"}: ${email}, rol ${role}${kept}, en ${file}.`);
}

main().catch((error: unknown) => fail(`No se pudo escribir el archivo de cuentas: ${error instanceof Error ? error.message : String(error)}`));
