import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from "node:fs";

/**
 * The lock of ./file-state.server.ts's folder (`state.lock`, the pid of the process that holds
 * it): the state belongs to one process. Another live process is refused with an EnvError, which
 * server/index.ts prints as a refusal to start; a lock left by a process that is gone is taken over.
 */
/**
 * Takes `state.lock` for this process: created with its pid, or taken over when the pid it holds is
 * this process's (a restart that got the same pid, as in a container) or a process that is gone.
 */
export function takeLock(lock: string, dir: string) {
  const mine = String(process.pid);
  try {
    const out = openSync(lock, "wx", 0o600);
    try {
      writeSync(out, mine);
    } finally {
      closeSync(out);
    }
    return;
  } catch (error) {
    if (codeOf(error) !== "EEXIST") throw unwritable(dir, error);
  }
  let holder = Number.NaN;
  try {
    holder = Number(readFileSync(lock, "utf8").trim());
  } catch (error) {
    if (codeOf(error) !== "ENOENT") throw unwritable(dir, error);
  }
  // An empty or garbled lock is one whose process died before writing its pid.
  if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isAlive(holder)) {
    throw envError(`DATA_DIR: otro proceso (pid ${holder}) usa el estado de ${dir}; espera a que termine o usa REDIS_URL para varios procesos`);
  }
  try {
    writeFileSync(lock, mine, { mode: 0o600 });
  } catch (error) {
    throw unwritable(dir, error);
  }
}

/** Removes the lock if it is still this process's. */
export function releaseLock(lock: string) {
  try {
    if (readFileSync(lock, "utf8").trim() === String(process.pid)) unlinkSync(lock);
  } catch {
    // Gone already.
  }
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return codeOf(error) !== "ESRCH";
  }
}

export const codeOf = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code;

export const envError = (message: string) => Object.assign(new Error(message), { name: "EnvError" });

/** The folder cannot be written: one line for server/index.ts's refusal; other errors pass. */
export function unwritable(dir: string, error: unknown) {
  const code = codeOf(error);
  if (typeof code !== "string") return error;
  return envError(`DATA_DIR: no se puede escribir en ${dir} (${code}); el estado (sesiones, pagos) necesita una carpeta en un disco que sobreviva a un reinicio`);
}

