import type { FlagConditions, FlagDefinition } from "#schemas/config";
import { ipMatches } from "./ip";

/**
 * Who a flag is evaluated for. Pure data, so the same engine runs in a loader and in the
 * browser; `user` is the session's customer, null or absent for an anonymous visitor.
 */
export type FlagSubject = {
  user?: { email?: string; number?: string; serviceNumber?: string; userType?: number; name?: string } | null;
  ip: string;
  /**
   * The anonymous visitor id, read only by a percentage rollout: the server gives it as a getter
   * that notes the read (flags.server.ts `flagSubject`), and only an answer that read it hands a
   * newcomer the id's cookie (server/http-guards.ts `assignVisitorId`).
   */
  visitorId: string;
};

type FlagUser = NonNullable<FlagSubject["user"]>;

const utf8 = new TextEncoder();

/**
 * FNV-1a, 32 bits, over the UTF-8 bytes. Chosen for the rollout bucket because it is tiny,
 * synchronous and gives the same number on the server and in the browser (node:crypto does
 * not exist in the browser, SubtleCrypto is async). Changing it moves visitors between
 * buckets, so a rollout at 30 % would show the feature to a different 30 %.
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  for (const byte of utf8.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The visitor's sticky bucket (0–99) for one flag; each flag buckets independently. */
export function rolloutBucket(flagName: string, visitorId: string): number {
  return fnv1a32(`${flagName}:${visitorId}`) % 100;
}

const compiledPatterns = new Map<string, RegExp | null>();

/** Patterns come from config, a handful per flag: compile each once for the process. */
function compiled(pattern: string): RegExp | null {
  let regex = compiledPatterns.get(pattern);
  if (regex === undefined) {
    try {
      regex = new RegExp(pattern);
    } catch {
      // The schema rejects bad patterns; an unvalidated definition still must not throw.
      regex = null;
    }
    compiledPatterns.set(pattern, regex);
  }
  return regex;
}

function passesAllowedData(rules: NonNullable<FlagConditions["allowedData"]>, user: FlagUser | null | undefined): boolean {
  if (!user) return false;
  return rules.some(({ field, values }) => {
    const value = user[field];
    // Config may say 1 or "1" for a userType, 5512345678 or "5512345678" for a number.
    return value != null && values.some((allowed) => String(allowed) === String(value));
  });
}

function passesAllowedRegex(rules: NonNullable<FlagConditions["allowedRegex"]>, user: FlagUser | null | undefined): boolean {
  if (!user) return false;
  return rules.some(({ field, pattern }) => {
    const value = user[field];
    return value != null && (compiled(pattern)?.test(value) ?? false);
  });
}

function passesAllowedUsers(allowed: NonNullable<FlagConditions["allowedUsers"]>, user: FlagUser | null | undefined): boolean {
  if (!user) return false;
  const email = user.email?.trim().toLowerCase();
  if (email && allowed.emails.some((listed) => listed.trim().toLowerCase() === email)) return true;
  return [user.number, user.serviceNumber].some((phone) => phone != null && allowed.phones.includes(phone));
}

/**
 * The conditions a definition lists, each as a deferred check, so `every`/`some` stop at the
 * first answer. A condition counts as listed when its key is present, even with an empty
 * list: an empty allow-list lets nobody in.
 */
function listedChecks(name: string, conditions: FlagConditions, subject: FlagSubject): Array<() => boolean> {
  // The visitor id is read only when the rollout is checked (below), never up front.
  const { user, ip } = subject;
  const checks: Array<() => boolean> = [];
  const { allowedData, allowedRegex, allowedUsers, allowedIps, allowedPercentage } = conditions;
  if (allowedData !== undefined) checks.push(() => passesAllowedData(allowedData, user));
  if (allowedRegex !== undefined) checks.push(() => passesAllowedRegex(allowedRegex, user));
  if (allowedUsers !== undefined) checks.push(() => passesAllowedUsers(allowedUsers, user));
  if (allowedIps !== undefined) checks.push(() => allowedIps.some((rule) => ipMatches(ip, rule)));
  if (allowedPercentage !== undefined) checks.push(() => rolloutBucket(name, subject.visitorId) < allowedPercentage);
  return checks;
}

export function isFlagOn(name: string, definition: FlagDefinition | undefined, subject: FlagSubject): boolean {
  if (!definition?.enabled) return false;
  if (!definition.conditions) return true;
  const checks = listedChecks(name, definition.conditions, subject);
  if (checks.length === 0) return true;
  return definition.conditions.allValidations ? checks.every((check) => check()) : checks.some((check) => check());
}

export function evaluateFlags(config: Record<string, FlagDefinition>, subject: FlagSubject): Record<string, boolean> {
  return Object.fromEntries(Object.entries(config).map(([name, definition]) => [name, isFlagOn(name, definition, subject)]));
}
