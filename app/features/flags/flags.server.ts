import type { AppLoadContext } from "@remix-run/node";
import type { FlagName } from "#schemas/config";
import { getFlags } from "~/lib/config/config.server";
import { isFlagOn, type FlagSubject } from "./engine";

/**
 * Who a flag is evaluated for on this request: the customer (or the person a form names), the
 * client's address and, read only if a percentage rollout asks for it, the visitor id. The
 * context's id is a getter that notes the read (server/app.ts), so only an answer that hashed it
 * gives a newcomer the visitor cookie (server/http-guards.ts `assignVisitorId`).
 */
export function flagSubject(context: AppLoadContext, user: FlagSubject["user"]): FlagSubject {
  return {
    user,
    ip: context.clientIp,
    get visitorId() {
      return context.visitorId;
    },
  };
}

/** Evaluated per request from the current flags.json: a marketer's edit applies on the next request. */
export function isOn(name: FlagName | string, subject: FlagSubject): boolean {
  const flags = getFlags() as Record<string, Parameters<typeof isFlagOn>[1]>;
  return isFlagOn(name, flags[name], subject);
}
