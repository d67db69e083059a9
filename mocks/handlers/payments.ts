import type { RequestHandler } from "msw";
import { checkout } from "./payments-checkout";
import { recurrences } from "./payments-recurrences";

export { DECLINED_MESSAGE, mockProviderFor, PAYPAL_NOT_APPROVED, type MockProvider } from "./payments-provider";

/** Handlers of the payments upstream, one file per call group: the checkout's, the recurring recharges'. */
export const payments: RequestHandler[] = [...checkout, ...recurrences];
