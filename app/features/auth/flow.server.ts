import { createCookieSessionStorage } from "@remix-run/node";
import * as z from "zod";
import { env } from "~/lib/env.server";
import { lineProfiles } from "#schemas/forms/fields";

/**
 * The state of a registration or a recovery between its steps (docs/accounts.md "{product}-pin" and
 * "{product}-otp"): which line, where the code went, the uuid of a verified code, a lockout.
 * Each flow has its own signed, httpOnly cookie that lives 30 minutes and is dropped as soon as
 * the customer leaves the flow's pages (`flowCookiesToDrop`, called by entry.server.tsx), so a
 * verified code never outlives the screen that needs it.
 */

const line = z.object({
  profile: z.enum(lineProfiles),
  /** The Bait number (mbb) or the contact phone (hbb, mifi): where the code is sent. */
  phone: z.string().regex(/^\d{10}$/),
  serviceNumber: z.string().regex(/^\d{10}$/).optional(),
});

export const registrationState = line.extend({
  email: z.string().optional(),
  /** ISO date: codes may not be asked for again before it. */
  lockedUntil: z.string().optional(),
  /** The uuid of the verified code, which completing the registration needs. */
  verificationId: z.string().optional(),
});
export type RegistrationState = z.infer<typeof registrationState>;

export const recoveryState = line.extend({
  lockedUntil: z.string().optional(),
  /** The uuid the recovery start answered, then the one of the validated PIN. */
  uuid: z.string().optional(),
  verified: z.boolean().default(false),
});
export type RecoveryState = z.infer<typeof recoveryState>;

const FLOW_MAX_AGE = 30 * 60;

const flowStorage = (name: string) =>
  createCookieSessionStorage({
    cookie: {
      name: env.isProduction ? `__Host-${name}` : name,
      httpOnly: true,
      sameSite: "lax",
      secure: env.isProduction,
      path: "/",
      secrets: [env.sessionSecret],
      maxAge: FLOW_MAX_AGE,
    },
  });

function flow<S extends z.ZodType>(name: string, schema: S, paths: readonly string[]) {
  const storage = flowStorage(name);
  const cookieName = env.isProduction ? `__Host-${name}` : name;
  return {
    cookieName,
    paths,
    async read(request: Request): Promise<z.infer<S> | null> {
      const session = await storage.getSession(request.headers.get("Cookie"));
      const parsed = schema.safeParse(session.get("state"));
      return parsed.success ? parsed.data : null;
    },
    async save(request: Request, state: z.infer<S>): Promise<string> {
      const session = await storage.getSession(request.headers.get("Cookie"));
      session.set("state", schema.parse(state));
      return storage.commitSession(session);
    },
    async clear(request: Request): Promise<string> {
      return storage.destroySession(await storage.getSession(request.headers.get("Cookie")));
    },
  };
}

export const registrationFlow = flow("bait_registro", registrationState, ["/registro", "/completar-registro", "/api/iccid"]);
export const recoveryFlow = flow("bait_recuperacion", recoveryState, ["/recuperacion"]);

const cookieClear = (name: string) => `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${env.isProduction ? "; Secure" : ""}`;

/**
 * Set-Cookie headers that end the flows the request has left: a document or data request for a
 * page outside a flow's paths drops that flow's cookie. Prefetches (a hovered link) do not
 * count: the customer has not left yet.
 */
export function flowCookiesToDrop(request: Request): string[] {
  const cookies = request.headers.get("Cookie") ?? "";
  if (!cookies.includes("bait_")) return [];
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  if (purpose.includes("prefetch")) return [];
  const url = new URL(request.url);
  // Single-fetch data requests name the page as /path.data (and / as /_root.data).
  const path = url.pathname.replace(/\.data$/, "").replace(/^\/_root$/, "/") || "/";
  const drops: string[] = [];
  for (const entry of [registrationFlow, recoveryFlow]) {
    if (!new RegExp(`(?:^|;\\s*)${entry.cookieName}=`).test(cookies)) continue;
    if (entry.paths.some((owned) => path === owned || path.startsWith(`${owned}/`))) continue;
    drops.push(cookieClear(entry.cookieName));
  }
  return drops;
}
