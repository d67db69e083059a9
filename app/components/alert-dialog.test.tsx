import type { ReactNode } from "react";
import { renderToStaticMarkup as renderHtml } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { i18n } from "~/lib/i18n/i18n.server";
import { AlertDialog, alertTypes } from "./alert-dialog";

const renderToStaticMarkup = (element: ReactNode) => renderHtml(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);

const buttonsOf = (html: string) => [...html.matchAll(/<(?:button|a)[^>]*class="button[^"]*"[^>]*>([^<]*)</g)].map((match) => match[1]);

describe("alert dialog", () => {
  it("offers 'Aceptar' on success, error and warning notices", () => {
    for (const type of ["success", "danger", "error", "warning"] as const) {
      const html = renderToStaticMarkup(<AlertDialog type={type} message="Mensaje" />);
      expect(buttonsOf(html), type).toEqual(["Aceptar"]);
      expect(html).toContain('role="alertdialog"');
    }
  });

  it("asks with 'Cancelar' and 'Aceptar' for an answer", () => {
    const html = renderToStaticMarkup(<AlertDialog type="answer" message="Aún cuentas con una recarga en proceso sin aplicarse. ¿Deseas continuar?" />);
    expect(buttonsOf(html)).toEqual(["Cancelar", "Aceptar"]);
    expect(html).toContain("Aún cuentas con una recarga en proceso sin aplicarse. ¿Deseas continuar?");
  });

  it("shows no button while loading and says it is busy", () => {
    const html = renderToStaticMarkup(<AlertDialog type="loader" message="Se esta procesando tu pago" />);
    expect(buttonsOf(html)).toEqual([]);
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain("Se esta procesando tu pago");
  });

  it("lets existCancel only back out, and anotherOption offer a third way", () => {
    expect(buttonsOf(renderToStaticMarkup(<AlertDialog type="existCancel" message="x" />))).toEqual(["Cancelar"]);
    const html = renderToStaticMarkup(<AlertDialog type="anotherOption" message="x" other={{ label: "Comprar SIM física", href: "/cambiate-a-bait?section=sim" }} />);
    expect(buttonsOf(html)).toEqual(["Cancelar", "Comprar SIM física", "Aceptar"]);
  });

  it("works without JavaScript: an action can be a form post or a link", () => {
    const html = renderToStaticMarkup(
      <AlertDialog type="answer" message="x" accept={{ form: { action: "/recargas?recarga=BAIT100", intent: "continuar" } }} cancel={{ href: "/recargas" }} />,
    );
    expect(html).toMatch(/<form method="post" action="\/recargas\?recarga=BAIT100"><button type="submit" name="intent" value="continuar"/);
    expect(html).toMatch(/<a href="\/recargas" class="button button--ghost">Cancelar<\/a>/);
  });

  it("renders every type of docs/config.md with a title", () => {
    for (const type of alertTypes) {
      expect(renderToStaticMarkup(<AlertDialog type={type} message="x" />)).toMatch(/<h2 id="[^"]+" class="alert__title">[^<]+<\/h2>/);
    }
  });
});
