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

/** A notice: a catalogue key, or a key with the values its text needs ('Podrás pedir otro en 25 segundos'). */
export type Notice = string | { key: string; values: Record<string, string | number> };

/** A redirect that shows `notice` (a catalogue key) once on the next page. */
export async function redirectWithNotice(request: Request, to: string, notice: Notice, headers: string[] = [], name: NoticeName = "notice"): Promise<Response> {
  const session = await getSession(request);
  session.flash(name, typeof notice === "string" ? notice : notice.key);
  if (typeof notice !== "string") session.flash(`${name}Values`, notice.values);
  const out = new Headers();
  for (const cookie of [...headers, await commitSession(session)]) out.append("Set-Cookie", cookie);
  return redirect(to, { status: 303, headers: out });
}

/**
 * Reads (and so consumes) the notice flashed for this page, with the values of its text (empty
 * when it has none) and the Set-Cookie that forgets it.
 */
export async function takeNotice(request: Request, name: NoticeName = "notice"): Promise<{ notice: string | null; values: Record<string, string | number>; headers: HeadersInit }> {
  const session = await getSession(request);
  const notice = session.get(name) ?? null;
  const values = session.get(`${name}Values`) ?? {};
  return { notice, values, headers: notice ? { "Set-Cookie": await commitSession(session) } : {} };
}
