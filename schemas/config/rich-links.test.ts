import { describe, expect, it } from "vitest";
import { modalDefinition } from "./modal";
import { pageDefinition } from "./page";
import { splitLinks } from "./rich-links";

describe("splitLinks", () => {
  it("gives plain text as one part", () => {
    expect(splitLinks("Red 4.5G en todo México.")).toEqual(["Red 4.5G en todo México."]);
  });

  it("splits text around its links, in order", () => {
    expect(splitLinks("Lee el [contrato](/docs/contrato.pdf) y los [términos](https://bait.example/t).")).toEqual([
      "Lee el ",
      { label: "contrato", href: "/docs/contrato.pdf" },
      " y los ",
      { label: "términos", href: "https://bait.example/t" },
      ".",
    ]);
  });

  it("gives a link that fills the text as its only part", () => {
    expect(splitLinks("[inicio](/)")).toEqual([{ label: "inicio", href: "/" }]);
  });

  it("leaves as text what is not a link: an empty label, a space in the target, an unclosed bracket", () => {
    for (const text of ["Ver [](/recargas).", "Ver [recargas]( /recargas ).", "Ver [recargas](/recargas"]) expect(splitLinks(text)).toEqual([text]);
  });

  it("gives nothing for empty text", () => {
    expect(splitLinks("")).toEqual([]);
  });
});

/** Every hostile form a rich-text link has been tried with (docs/security.md). */
const HOSTILE = [
  "javascript:alert(document.domain)",
  "JaVaScRiPt:alert(1)",
  "\u0001javascript:alert(1)",
  "java\u0000script:alert(1)",
  "&#106;avascript:alert(1)",
  "jav&#x61;script:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "vbscript:msgbox(1)",
  "//evil.example",
  "/\\evil.example",
  "http://evil.example",
  "https:evil.example",
];

describe("a rich-text link in a page or a modal", () => {
  const page = (text: string) => ({
    path: "/prueba",
    title: "Prueba",
    description: "Una página de prueba.",
    heading: "Prueba",
    blocks: [{ type: "richText", content: [{ p: "Hola." }, { ul: ["Uno", text] }] }],
  });
  const modal = (text: string) => ({ title: "Prueba", blocks: [{ type: "cards", intro: text, items: [] }] });

  it("may lead to a path of the site, an https address, an e-mail or a phone", () => {
    for (const href of ["/recargas", "/", "/docs/contrato.pdf", "/recargas?oferta=BAIT200#detalle", "https://bait.mx/t", "mailto:hola@bait.mx", "tel:+525512345678", "tel:800-123-4567"]) {
      expect(pageDefinition.safeParse(page(`Ver [aquí](${href}).`)).success, href).toBe(true);
    }
  });

  it.each(HOSTILE)("is refused at its field, in Spanish, when it leads to %j", (href) => {
    const text = `Ver [aquí](${href}) ahora.`;
    // It is a link to the renderer (a ")" in it ends it early: what comes after is text).
    expect(splitLinks(text)).toContainEqual({ label: "aquí", href: href.split(")")[0] });
    const parsed = pageDefinition.safeParse(page(text));
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues).toEqual([expect.objectContaining({ path: ["blocks", 0, "content", 1, "ul", 1], message: expect.stringMatching(/^el enlace «.+» no está permitido: usa una ruta del sitio/) })]);
    const inModal = modalDefinition.safeParse(modal(text));
    expect(inModal.error?.issues).toEqual([expect.objectContaining({ path: ["blocks", 0, "intro"] })]);
  });
});
