import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { codeSchema, completeRegistrationSchema, loginSchema, registerStartSchema } from "#schemas/forms/auth";
import { legalSchema } from "#schemas/forms/card";
import { rechargeLineSchema } from "#schemas/forms/recharge";
import { simDeliverySchema } from "#schemas/forms/sim";
import { fieldConstraint, formConstraints } from "./form-constraints";

describe("formConstraints", () => {
  it("marks a field required when its schema refuses a missing value, through optionals and pipes", () => {
    const recharge = formConstraints(rechargeLineSchema({ type: 1 }));
    expect(recharge.email?.required).toBe(true);
    expect(recharge.serviceNumber?.required).toBe(false);
    expect(recharge.whatsapp?.required).toBe(false);
    expect(formConstraints(legalSchema({ privacy: true, terms: false }))).toMatchObject({ privacy: { required: true }, terms: { required: false } });
  });

  it("reads the fields of a schema built for a line profile, refined as a whole", () => {
    expect(Object.keys(formConstraints(registerStartSchema("mbb")))).toEqual(["number", "confirmation"]);
    expect(Object.keys(formConstraints(registerStartSchema("hbb")))).toEqual(["phone", "email", "serviceNumber", "iccid"]);
  });

  it("asks for the numeric keypad where every pattern takes digits only", () => {
    const start = formConstraints(registerStartSchema("hbb"));
    expect(start.phone?.inputMode).toBe("numeric");
    expect(start.iccid?.inputMode).toBe("numeric");
    expect(start.email?.inputMode).toBeUndefined();
    expect(formConstraints(simDeliverySchema).postalCode?.inputMode).toBe("numeric");
  });

  it("gives no maxLength where spaces typed inside the value are removed, so '55 1234 5678' is never cut", () => {
    expect(formConstraints(loginSchema("mbb")).number?.maxLength).toBeUndefined();
    expect(formConstraints(codeSchema).code?.maxLength).toBeUndefined();
    expect(formConstraints(simDeliverySchema).address?.maxLength).toBeUndefined();
  });

  it("gives the schema's bound as maxLength where only the ends are trimmed", () => {
    expect(formConstraints(simDeliverySchema).postalCode?.maxLength).toBe(5);
    expect(formConstraints(completeRegistrationSchema)).toMatchObject({ name: { maxLength: 60 }, email: { maxLength: 80 } });
  });

  it("gives the pattern only where nothing normalises the value before it is checked", () => {
    expect(formConstraints(completeRegistrationSchema).password?.pattern).toBeDefined();
    expect(new RegExp(`^(?:${formConstraints(completeRegistrationSchema).password?.pattern})$`, "v").test("Abcdef1!")).toBe(true);
    expect(formConstraints(simDeliverySchema).postalCode?.pattern).toBeUndefined();
    expect(fieldConstraint(z.string().check(z.regex(/^[a-z]+$/)))).toEqual({ required: true, pattern: "^[a-z]+$" });
  });

  it("gives a code's exact digit count", () => {
    expect(formConstraints(codeSchema).code).toEqual({ required: true, inputMode: "numeric", length: 4 });
  });

  it("derives nothing but required from a field that is not text", () => {
    expect(fieldConstraint(z.literal(true))).toEqual({ required: true });
    expect(formConstraints(z.string())).toEqual({});
  });
});
