import * as z from "zod/mini";

/** /confirmar-identidad (docs/accounts.md "Step-up"): the account's password again, nothing else. */
export const stepUpSchema = z.object({
  password: z.string({ error: "auth:stepUp.passwordRequired" }),
});
export type StepUpForm = z.infer<typeof stepUpSchema>;
