import { describe, expect, it } from "vitest";
import type { SessionUser } from "#schemas/session";
import { commitSession, getSession } from "~/lib/session.server";
import { signIn } from "./session.server";

const user: SessionUser = { name: "Rosa", email: "rosa@example.com", number: "5512345678", userType: 1, isLegacy: true, isProfileActive: true, isEmailVerify: true };

/** Signs in from a session that remembers `returnTo` (what /recurrente leaves for an anonymous visitor). */
async function signInReturningTo(returnTo: string) {
  const session = await getSession(new Request("http://localhost/login"));
  session.set("returnTo", returnTo);
  const cookie = (await commitSession(session)).split(";")[0] ?? "";
  const response = await signIn(new Request("http://localhost/login", { headers: { Cookie: cookie } }), { user, tokens: { access: "token" }, auth: "legacy" });
  return response.headers.get("Location");
}

describe("signIn's way back (login and the SSO callback)", () => {
  it("goes back to the page that sent the visitor to /login", async () => {
    expect(await signInReturningTo("/recurrente")).toBe("/recurrente");
  });

  it.each(["/.//evil.example", "//evil.example", "/\\evil.example", "https://evil.example/", "/\t/evil.example", "/no-existe"])("goes to /home instead of %j", async (returnTo) => {
    expect(await signInReturningTo(returnTo)).toBe("/home");
  });
});
