import { describe, expect, it } from "vitest";
import { useMockUpstream } from "../../../mocks/test-support";
import { journey } from "../../../mocks/world-journey";
import { getBillingCatalogue, registerBill } from "./billing.server";
import { dataOf, errorOf, quiet } from "./fixtures.test-helpers";

useMockUpstream({ timeoutMs: 8000 });

describe("billing", () => {
  it("reads the SAT catalogues", async () => {
    expect(dataOf(await getBillingCatalogue("taxRegimes")).map((entry) => entry.id)).toEqual(["601", "605", "612", "616", "626"]);
    expect(dataOf(await getBillingCatalogue("cfdiUses")).map((entry) => entry.id)).toEqual(["G01", "G03", "S01"]);
    expect(dataOf(await getBillingCatalogue("paymentForms")).map((entry) => entry.id)).toEqual(["01", "03", "04", "28"]);
    expect(dataOf(await getBillingCatalogue("paymentMethods"))).toContainEqual({ id: "PUE", name: "Pago en una sola exhibición" });
  });

  const bill = {
    number: "5512345678",
    orderId: "ORD-1000-1",
    rfc: "XAXX010101000",
    businessName: "Ana Pérez",
    postalCode: "06600",
    taxRegime: "616",
    cfdiUse: "S01",
    paymentForm: "04",
    paymentMethod: "PUE",
    email: "demo.mbb@example.com",
  };

  it("registers the invoice of a recharge and answers its folio", async () => {
    expect(dataOf(await registerBill(bill)).folio).toMatch(/^F-/);
    expect(journey.bills).toHaveLength(1);
  });

  it("turns a bad RFC into 'recharge:billing.invalid' and an unknown order into 'recharge:billing.orderNotFound'", async () => {
    quiet();
    expect(errorOf(await registerBill({ ...bill, rfc: "NOPE" })).messageKey).toBe("recharge:billing.invalid");
    expect(errorOf(await registerBill({ ...bill, orderId: "ORD-9" })).messageKey).toBe("recharge:billing.orderNotFound");
  });
});
