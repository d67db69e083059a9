import type { CheerioAPI } from "cheerio";
import { expect } from "vitest";
import { SESSION_COOKIE, type Customer } from "../../e2e/support/session";
import type { Answer, Site, Visitor } from "./site";

/** The demo accounts' password (DEMO-DATA.md). */
export const PASSWORD = "Bait2024!";

type Parsed = { $: CheerioAPI };

/** The page's first heading of level 1. */
export const h1 = (answer: Parsed) => answer.$("h1").first().text().trim();

/** The texts of the messages beside the fields (`.field__error`). */
export const fieldErrors = (answer: Parsed) =>
  answer
    .$(".field__error")
    .map((_, node) => answer.$(node).text().trim())
    .get();

/** The texts of the page's alerts (role="alert"). */
export const alerts = (answer: Parsed) =>
  answer
    .$('[role="alert"]')
    .map((_, node) => answer.$(node).text().replace(/\s+/g, " ").trim())
    .get();

/** The texts of the page's status messages (role="status"). */
export const statuses = (answer: Parsed) =>
  answer
    .$('[role="status"]')
    .map((_, node) => answer.$(node).text().replace(/\s+/g, " ").trim())
    .get();

/** The visible text of <main>, its whitespace collapsed. */
export const mainText = (answer: Parsed) => answer.$("main").text().replace(/\s+/g, " ");

/** The `value` of the field named `name` (of the form `form` when given, by its id). */
export const valueOf = (answer: Parsed, name: string, form?: string) =>
  answer.$(form ? `[name="${name}"][form="${form}"], form#${form} [name="${name}"]` : `[name="${name}"]`).first().attr("value");

/** The href of the link whose text is exactly `text` (inside `scope` when given). */
export const hrefOf = (answer: Parsed, text: string, scope = "body") =>
  answer
    .$(`${scope} a`)
    .filter((_, a) => answer.$(a).text().replace(/\s+/g, " ").trim() === text)
    .first()
    .attr("href");

/** Restores these demo lines of the file's mock world (their account, codes, SIM). */
export async function resetLines(site: Site, numbers: string[]) {
  const answer = await site.fetch("/__mocks/reset-lines", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ numbers }) });
  expect(answer.status).toBe(204);
}

/** Bends one line's calls in the file's mock world (mocks/switches.ts "<call>:<line>"); `{}` puts them back. */
export async function bendLine(site: Site, calls: string[], line: string, value: { status?: number }) {
  const answer = await site.fetch("/__mocks/switches", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(Object.fromEntries(calls.map((call) => [`${call}:${line}`, value]))),
  });
  expect(answer.ok).toBe(true);
}

/** Logs `visitor` in through the login form, as a browser without JavaScript posts it; answers the page it lands on. */
export async function logIn(visitor: Visitor, profile: "mbb" | "hbb" | "mifi", number: string, password = PASSWORD) {
  return visitor.follow(`/login?type=${profile}`, { number, password });
}

/** A session cookie for `user` opened `minutesAgo` minutes ago (POST /__mocks/session), put in `visitor`'s jar; answers its value. */
export async function signInAgo(site: Site, visitor: Visitor, user: Customer, minutesAgo: number) {
  const minted = await site.fetch("/__mocks/session", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ number: user.number, user, minutesAgo }),
  });
  const { cookie } = (await minted.json()) as { cookie?: string };
  if (!cookie) throw new Error(`POST /__mocks/session opened no session (${minted.status})`);
  visitor.setCookie(SESSION_COOKIE, cookie);
  return cookie;
}

export type { Answer };
