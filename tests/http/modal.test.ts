import { describe, expect, it } from "vitest";
import { dialogName, openDialog, text } from "./support/catalogue";
import { useSite, type Answer } from "./support/site";

/**
 * A modal is a URL (`?modal=ID`): the footer's 'Política de cookies' links to the same page with
 * ?modal=, the server renders the <dialog> open, and 'Cerrar' links to the page without it, the rest
 * of the query kept. What needs a browser (the dialog as a true modal, Escape, the focus back on the
 * footer link) is in tests/e2e/modal.spec.ts.
 */
const site = useSite();
const MODAL = "politica-de-cookies";

const footerLink = (answer: Answer) => answer.$("footer a").filter((_, a) => text(answer.$(a)) === "Política de cookies");
/** Where 'Cerrar' leads, as a path and query (the fragment only moves the reader to the content). */
const closeTarget = (answer: Answer) => {
  const url = new URL(openDialog(answer).find(".modal__close").attr("href")!, site.base);
  return `${url.pathname}${url.search}`;
};

describe("the cookie-policy modal is a URL", () => {
  it.each([
    ["/", `/?modal=${MODAL}`, "/"],
    ["/recargas?section=paquetes", `/recargas?section=paquetes&modal=${MODAL}`, "/recargas?section=paquetes"],
  ])("on %s the footer link 'Política de cookies' leads to %s, open, and 'Cerrar' back to %s", async (page, opened, closed) => {
    const visitor = site.visitor();
    const before = await visitor.get(page);
    expect(before.$("dialog").length).toBe(0);
    expect(footerLink(before).attr("href")).toBe(opened);

    const answer = await visitor.get(opened);
    expect(answer.status).toBe(200);
    expect(dialogName(answer)).toBe("Política de cookies");
    expect(text(openDialog(answer).find(".modal__close"))).toBe("Cerrar");
    expect(closeTarget(answer)).toBe(closed);
    expect((await visitor.get(closed)).$("dialog").length).toBe(0);
  });

  it("the server renders it open: the raw HTML has <dialog open>", async () => {
    const answer = await site.visitor().get(`/?modal=${MODAL}`);
    expect(answer.body).toMatch(/<dialog\b[^>]*\sopen(?:=""|\s|>)/);
    expect(answer.body).toContain("Política de cookies");
  });

  it("an unknown modal id renders no dialog", async () => {
    const answer = await site.visitor().get("/?modal=no-existe");
    expect(answer.status).toBe(200);
    expect(answer.$("dialog").length).toBe(0);
  });
});
