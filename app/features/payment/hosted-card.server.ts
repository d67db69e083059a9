import * as z from "zod";
import { legalSchema } from "#schemas/forms/card";
import { parseWithZod } from "@conform-to/zod/v4";
import { SECRET_FIELDS } from "~/lib/forms";
import { translate } from "~/lib/i18n/translate.server";
import { answer, errorMessage, settle, type PayContext } from "./outcome.server";
import { legalOptions } from "./plugin.server";

/** Provider type 2: the hosted fields made a token; the card never reached this server. */
export async function payWithToken(request: Request, form: FormData, context: PayContext) {
  const legal = parseWithZod(form, { schema: legalSchema(legalOptions(context.plugin)) });
  if (legal.status !== "success") return answer({ result: legal.reply({ hideFields: [...SECRET_FIELDS] }) });
  const token = z.string().regex(/^tok_[A-Za-z0-9_-]{6,80}$/).safeParse(form.get("token"));
  const holder = z.string().trim().min(1).max(160).safeParse(form.get("holder"));
  if (!token.success || !holder.success) return answer({ message: errorMessage(translate("payment:checkout.hostedMissing")) });
  const [firstName, ...rest] = holder.data.split(/\s+/);
  return settle(request, context, { token: token.data, holder: { firstName: firstName!, lastName: rest.join(" ") || firstName! } });
}
