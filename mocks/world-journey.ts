import { randomUUID } from "node:crypto";

/**
 * The mock world's captación side (core and sso upstreams): journey steps, leads, WhatsApp
 * opt-ins, invoices asked for and single-sign-on logins under way. Kept apart from world.ts;
 * `resetJourney()` restores it (wired into the mock reset).
 */
export type JourneyStep = { uuid: string; event: string; check: string; at: string };
export type Lead = { nombre: string; telefono: string; tipo: 1 | 2; compatible: boolean; campania: Record<string, string>; access: string; service: string; idempotencyKey?: string };
export type Bill = { folio: string; dn: string; orderID: string; rfc: string; usoCfdi: string; correo: string };

function seed() {
  return {
    journeySteps: [] as JourneyStep[],
    leads: [] as Lead[],
    whatsappOptIns: new Set<string>(),
    bills: [] as Bill[],
    /** Single-sign-on `state` values handed out by carousel/create (the login under way). */
    ssoStates: new Set<string>(),
  };
}

export let journey = seed();

export function resetJourney() {
  journey = seed();
}

export function newSsoState(): string {
  const state = `mock-state-${randomUUID()}`;
  journey.ssoStates.add(state);
  return state;
}
