import { redirect } from "@remix-run/node";
import { commitSession, getSession } from "./session.server";

/*
 * Flash notices: a catalogue key that a redirect leaves in the session for the next page to show
 * once ("your password changed" on /login, "your purchase session ended" on /recargas).
 */

/**
 * Notices under their own names: `notice` for the page's own, `lead` for the one the chrome
 * shows on any page (a page's loader and the chrome's each take only theirs).
 */
type NoticeName = "notice" | "lead";

/** A redirect that shows `notice` (a catalogue key) once on the next page. */
export async function redirectWithNotice(request: Request, to: string, notice: string, headers: string[] = [], name: NoticeName = "notice"): Promise<Response> {
  const session = await getSession(request);
  session.flash(name, notice);
  const out = new Headers();
  for (const cookie of [...headers, await commitSession(session)]) out.append("Set-Cookie", cookie);
  return redirect(to, { status: 303, headers: out });
}

/** Reads (and so consumes) the notice flashed for this page, with the Set-Cookie that forgets it. */
export async function takeNotice(request: Request, name: NoticeName = "notice"): Promise<{ notice: string | null; headers: HeadersInit }> {
  const session = await getSession(request);
  const notice = session.get(name) ?? null;
  return { notice, headers: notice ? { "Set-Cookie": await commitSession(session) } : {} };
}
