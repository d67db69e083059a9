/**
 * The journey steps a field sends when the visitor leaves it (docs/esim.md, spec §5 "blur steps
 * sent only when phone is 10 chars, e-mail valid, IMEI ≥13"): the form field, its step name and
 * the rule its value must meet first. The browser and the server read the same table.
 */
export const FIELD_STEPS = {
  contactNumber: { step: "telefono", rule: /^\d{10}$/ },
  email: { step: "correo", rule: /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/ },
  imei: { step: "imei", rule: /^\d{13,17}$/ },
} as const;
export type StepField = keyof typeof FIELD_STEPS;

export const isStepField = (name: string): name is StepField => Object.hasOwn(FIELD_STEPS, name);

/** The value a field's step sends: spaces people type removed (phone and IMEI), the e-mail trimmed. */
export const stepValue = (field: StepField, value: string) => (field === "email" ? value.trim() : value.replace(/\s+/g, ""));

/** Where the browser sends a field's step (a beacon: nobody waits for it). */
export const STEP_ENDPOINT = "/api/esim/paso";
