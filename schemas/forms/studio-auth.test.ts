import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { studioConfirmSchema, studioSignInSchema } from "./studio-auth";

/** The studio's sign-in forms (docs/studio.md "Accounts and roles"): what they accept, and that every message has its text. */
const catalogue = JSON.parse(readFileSync(path.resolve(__dirname, "../../locales/es-MX/studio.json"), "utf8")) as { auth: { errors: Record<string, string> } };

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("studioSignInSchema", () => {
  it("takes an email (trimmed) and a password as typed", () => {
    expect(studioSignInSchema.parse({ email: "  ana@bait.mx ", password: " con espacios " })).toEqual({ email: "ana@bait.mx", password: " con espacios " });
  });

  it("says what is missing or wrong, each message a text of locales/es-MX/studio.json", () => {
    const cases = [
      [{}, { email: "studio:auth.errors.emailRequired", password: "studio:auth.errors.passwordRequired" }],
      [{ email: "   ", password: "" }, { email: "studio:auth.errors.emailRequired", password: "studio:auth.errors.passwordRequired" }],
      [{ email: "ana@bait", password: "x" }, { email: "studio:auth.errors.emailInvalid" }],
      [{ email: "a:b@bait.mx", password: "x" }, { email: "studio:auth.errors.emailInvalid" }],
      [{ email: "ana@bait.mx", password: "x".repeat(1025) }, { password: "studio:auth.errors.passwordTooLong" }],
    ] as const;
    for (const [input, expected] of cases) {
      const errors = errorsOf(studioSignInSchema.safeParse(input));
      expect(errors, JSON.stringify(input)).toEqual(expected);
      for (const key of Object.values(errors)) expect(catalogue.auth.errors[key.replace("studio:auth.errors.", "")], key).toEqual(expect.any(String));
    }
  });
});

describe("studioConfirmSchema", () => {
  it("asks for the password alone", () => {
    expect(studioConfirmSchema.parse({ password: "una clave", volver: "/estudio" })).toEqual({ password: "una clave", volver: "/estudio" });
    expect(errorsOf(studioConfirmSchema.safeParse({}))).toEqual({ password: "studio:auth.errors.passwordRequired" });
  });
});
