import { randomUUID } from "node:crypto";

/**
 * The mock world's state for the support upstreams (asistencia, portabilidad, upd-card): the
 * portability requests and SIM replacements made since the last reset. Kept apart from
 * world.ts; `resetSupport()` restores it (wired into the mocks' reset).
 */
export type PortabilityRequest = {
  folio: string;
  /** The number being ported to Bait. */
  number: string;
  iccid: string;
  contact: { name: string; email: string; phone: string };
  createdAt: string;
  /** Journey steps recorded for this request's tracking uuid, in order. */
  steps: { step: string; value: string }[];
};

export type SimReplacement = {
  uuid: string;
  number: string;
  iccid: string;
  email: string;
  reason: string;
  /** Pending until the code sent to the number is validated. */
  status: "pending" | "confirmed";
  createdAt: string;
};

/** DEMO-DATA.md: the Bait SIM 8952140000000000054 is already bringing a number to Bait. */
const seededPortabilities = (): PortabilityRequest[] => [
  {
    folio: "PORT-DEMO0054",
    number: "5590000054",
    iccid: "8952140000000000054",
    contact: { name: "Demo Portabilidad", email: "portabilidad@example.com", phone: "5590000054" },
    createdAt: "2026-01-01T00:00:00.000Z",
    steps: [],
  },
];

function seed() {
  return {
    /** By ported number. */
    portabilities: new Map<string, PortabilityRequest>(seededPortabilities().map((request) => [request.number, request])),
    /** Tracking uuid → steps recorded (any uuid may be tracked, as the real journey does). */
    portabilityTracking: new Map<string, { step: string; value: string }[]>(),
    /** By Bait number: the latest replacement request. */
    replacements: new Map<string, SimReplacement>(),
  };
}

export let support = seed();

export function resetSupport() {
  support = seed();
}

/** Forgets the portabilities of these numbers made since the reset (what tests that port a number use). */
export function resetPortabilities(numbers: string[]) {
  const fresh = seed().portabilities;
  for (const number of numbers) {
    const seeded = fresh.get(number);
    if (seeded) support.portabilities.set(number, seeded);
    else support.portabilities.delete(number);
  }
}

export function addPortability(request: Omit<PortabilityRequest, "folio" | "createdAt" | "steps">): PortabilityRequest {
  const created: PortabilityRequest = { ...request, folio: `PORT-${randomUUID().slice(0, 8).toUpperCase()}`, createdAt: new Date().toISOString(), steps: [] };
  support.portabilities.set(request.number, created);
  return created;
}

export function portabilityByIccid(iccid: string): PortabilityRequest | undefined {
  for (const request of support.portabilities.values()) if (request.iccid === iccid) return request;
  return undefined;
}

export function addReplacement(request: Omit<SimReplacement, "uuid" | "status" | "createdAt">): SimReplacement {
  const created: SimReplacement = { ...request, uuid: randomUUID(), status: "pending", createdAt: new Date().toISOString() };
  support.replacements.set(request.number, created);
  return created;
}

export function replacementByIccid(iccid: string): SimReplacement | undefined {
  for (const request of support.replacements.values()) if (request.iccid === iccid) return request;
  return undefined;
}

/** Forgets the replacements of these lines (POST /__mocks/reset-lines). */
export function resetReplacements(numbers: string[]) {
  for (const number of numbers) support.replacements.delete(number);
}
