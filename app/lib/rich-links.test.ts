import { describe, expect, it } from "vitest";
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
