import { describe, expect, it } from "vitest";
import { maskLine, payerPath, requestForNumber, shareTargets } from "./urls";

describe("what the payer sees of the line", () => {
  it("the area code and the last four digits: (55) •• •• 56 78", () => {
    expect(maskLine("5512345678")).toBe("(55) •• •• 56 78");
    expect(maskLine("nada")).toBe("•• •• •• ••");
  });
});

describe("the ways to send a link", () => {
  it("WhatsApp and SMS with the text prefilled, encoded", () => {
    const text = "¿Me ayudas? Puedes pagar mi recarga Bait aquí: https://bait.mx/r/a.b.c";
    expect(shareTargets(text)).toEqual({ whatsapp: `https://wa.me/?text=${encodeURIComponent(text)}`, sms: `sms:?&body=${encodeURIComponent(text)}` });
  });

  it("the pages' addresses", () => {
    expect(payerPath("AbC.x.y")).toBe("/r/AbC.x.y");
    expect(requestForNumber("5512345678")).toBe("/pide-recarga?numero=5512345678");
  });
});
