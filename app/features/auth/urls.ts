import type { LineProfile } from "#schemas/forms/fields";

/**
 * The account pages' URLs, for the routes and views that link to them and for the actions that
 * redirect to them. The line type travels in `?type=`, the step of a flow in `?verification=`.
 */

export const LOGIN_PATH = "/login";
export const REGISTER_PATH = "/registro";
export const COMPLETE_REGISTRATION_PATH = "/completar-registro";
export const RECOVERY_PATH = "/recuperacion";
export const ACCOUNT_HOME_PATH = "/home";
/** The step-up: the password again before a change to the line (docs/accounts.md "Step-up"). */
export const STEP_UP_PATH = "/confirmar-identidad";
export const stepUpUrl = (back: string) => `${STEP_UP_PATH}?volver=${encodeURIComponent(back)}`;

/** Single sign-on's start (docs/accounts.md "Single sign-on"): the login page links here when the sso flag covers the visitor. */
export const SSO_PATH = "/sso";

export const loginUrl = (profile: LineProfile) => `${LOGIN_PATH}?type=${profile}`;

/** Step 0 of a line type, or its step 1 (the code). */
export const registerUrl = (profile: LineProfile, step: "start" | "code" = "start") => `${REGISTER_PATH}?type=${profile}${step === "code" ? "&verification=1" : ""}`;

/** Data entry, code, new password (docs/accounts.md). */
export const RECOVERY_STEPS = 3;

export type RecoveryStep = 1 | 2 | 3;

export const recoveryUrl = (profile: LineProfile, step: RecoveryStep = 1) => `${RECOVERY_PATH}?type=${profile}${step === 1 ? "" : `&verification=${step}`}`;

/** Recovery's first step with "this line has an account already" (a registration that found one). */
export const recoveryExistUrl = (profile: LineProfile) => `${RECOVERY_PATH}?exist=1&type=${profile}`;
