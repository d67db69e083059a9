import type { AppLoadContext } from "@remix-run/node";
import type { FlagName } from "#schemas/config";
import type { SessionUser } from "#schemas/session";
import { getFlags } from "~/lib/config/config.server";
import { isFlagOn, type FlagSubject } from "./engine";

export function flagSubject(context: AppLoadContext, user: SessionUser | null): FlagSubject {
  return { user, ip: context.clientIp, visitorId: context.visitorId };
}

/** Evaluated per request from the current flags.json: a marketer's edit applies on the next request. */
export function isOn(name: FlagName | string, subject: FlagSubject): boolean {
  const flags = getFlags() as Record<string, Parameters<typeof isFlagOn>[1]>;
  return isFlagOn(name, flags[name], subject);
}
