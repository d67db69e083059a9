import * as z from "zod";
import type { CheckoutPost } from "#schemas/forms/card";
import { SECRET_FIELDS } from "~/lib/forms";
import { translate } from "~/lib/i18n/i18n.server";
import { keepRequest } from "./keep-card.server";
import { answer, errorMessage, settle, type ParsedPost, type PayContext } from "./outcome.server";

/** Provider type 2: the hosted fields made a token; the card never reached this server. */
export async function payWithToken(request: Request, { submission, value }: ParsedPost<CheckoutPost<"hosted-pay">>, context: PayContext) {
  if (!value) return answer({ result: submission.reply({ hideFields: [...SECRET_FIELDS] }) });
  const token = z.string().regex(/^tok_[A-Za-z0-9_-]{6,80}$/).safeParse(value.token);
  const holder = z.string().trim().min(1).max(160).safeParse(value.holder);
  if (!token.success || !holder.success) return answer({ message: errorMessage(translate("payment:checkout.hostedMissing")) });
  const [firstName, ...rest] = holder.data.split(/\s+/);
  return settle(request, context, { token: token.data, holder: { firstName: firstName!, lastName: rest.join(" ") || firstName! }, ...keepRequest(value.keepCard, context.keepFor) });
}
