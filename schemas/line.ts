/**
 * The kinds of line (spec §1) as every layer names them: `mbb` a mobile line, `hbb` home
 * internet, `mifi` portable internet. The session, the SSO and the core upstream number them
 * 1, 2 and 3 (`userType`, `perfil`). The rules about lines (statuses, what may be recharged) are
 * in app/features/line.
 */
export const lineProfiles = ["mbb", "hbb", "mifi"] as const;
export type LineProfile = (typeof lineProfiles)[number];

export const isLineProfile = (value: string): value is LineProfile => (lineProfiles as readonly string[]).includes(value);

/** A line's kind as a number: the session's and the SSO's `userType`, the core upstream's `perfil`. */
export type UserType = 1 | 2 | 3;

export const profileOfUserType: Readonly<Record<UserType, LineProfile>> = { 1: "mbb", 2: "hbb", 3: "mifi" };
export const userTypeOf: Readonly<Record<LineProfile, UserType>> = { mbb: 1, hbb: 2, mifi: 3 };
