import { areaCodesWire, changeAreaCodeWire } from "./area-codes.schemas";
import { catalogueWire, registerBillWire } from "./billing.schemas";
import { acknowledgementWire, successWire } from "./captacion.schemas";
import { errorBody } from "./common.schemas";
import { compatibilityWire, validateImeiWire } from "./devices.schemas";
import { baitProfileWire, lineProfileWire, serviceProfileWire } from "./line.schemas";
import { historyWire, startPaymentWire } from "./recharges.schemas";

/** The wire schemas, for the mock's contract tests. */
export const coreWireSchemas = {
  lineProfile: lineProfileWire,
  serviceProfile: serviceProfileWire,
  baitProfile: baitProfileWire,
  rechargeHistory: historyWire,
  startRechargePayment: startPaymentWire,
  validateImei: validateImeiWire,
  imeiCompatibility: compatibilityWire,
  areaCodes: areaCodesWire,
  changeAreaCode: changeAreaCodeWire,
  acknowledgement: acknowledgementWire,
  whatsappOptIn: successWire,
  billingCatalogue: catalogueWire,
  registerBill: registerBillWire,
  error: errorBody,
};
