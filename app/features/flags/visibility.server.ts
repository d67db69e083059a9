import type { AppLoadContext } from "@remix-run/node";
import type { FlagName } from "#schemas/config";
import type { SessionUser } from "#schemas/session";
import { getSessionUser } from "~/lib/session.server";
import { flagSubject, isOn } from "./flags.server";
import { audiencesOf, type Viewer } from "./visibility";

/** This request's visitor for visibility.ts: its audiences, its flags (each evaluated once), the clock now. */
export function viewerOf(context: AppLoadContext, user: SessionUser | null, now = Date.now()): Viewer {
  const subject = flagSubject(context, user);
  const outcomes = new Map<FlagName, boolean>();
  return {
    now,
    audiences: audiencesOf(user),
    isOn: (flag) => {
      let on = outcomes.get(flag);
      if (on === undefined) {
        on = isOn(flag, subject);
        outcomes.set(flag, on);
      }
      return on;
    },
  };
}

export async function viewerFor(request: Request, context: AppLoadContext): Promise<Viewer> {
  return viewerOf(context, await getSessionUser(request));
}
