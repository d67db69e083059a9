import * as z from "zod/mini";

/**
 * The forms of /recurrente (docs/customer.md). Every operation is a post naming the recurrence;
 * modify also takes the next charge's date (YYYY-MM-DD, from tomorrow to a year ahead) and the
 * offer that sets the amount. Messages are catalogue keys.
 */
const REQUIRED = "recharge:form.required";

export const recurrenceOperationSchema = z.object({
  intent: z.enum(["deactivate", "activate", "cancel", "card"], { error: REQUIRED }),
  id: z.string({ error: REQUIRED }).check(z.minLength(1, REQUIRED)),
});

const DAY = 24 * 3600 * 1000;

/** The days a next charge may fall on, YYYY-MM-DD: from tomorrow to a year from `now` (Mexico City's calendar is close enough to UTC's at day precision for this bound). */
export function chargeDateRange(now = new Date()): { min: string; max: string } {
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T12:00:00Z`);
  const day = (at: number) => new Date(at).toISOString().slice(0, 10);
  return { min: day(today + DAY), max: day(today + 366 * DAY) };
}

/** Whether a YYYY-MM-DD day falls in chargeDateRange(now). */
export function isChargeDateInRange(day: string, now = new Date()): boolean {
  const at = Date.parse(`${day}T12:00:00Z`);
  if (Number.isNaN(at) || !new Date(at).toISOString().startsWith(day)) return false;
  const { min, max } = chargeDateRange(now);
  return day >= min && day <= max;
}

export const modifyRecurrenceSchema = z.object({
  intent: z.literal("modify"),
  id: z.string({ error: REQUIRED }).check(z.minLength(1, REQUIRED)),
  nextDate: z.string({ error: "customer:recurrence.errors.dateRequired" }).check(
    z.regex(/^\d{4}-\d{2}-\d{2}$/, "customer:recurrence.errors.dateRange"),
    z.refine((day) => isChargeDateInRange(day), "customer:recurrence.errors.dateRange"),
  ),
  offerId: z.string({ error: "customer:recurrence.errors.offerRequired" }),
});
export type ModifyRecurrenceForm = z.infer<typeof modifyRecurrenceSchema>;

export const startRecurrenceSchema = z.object({ intent: z.literal("start"), offerId: z.string({ error: REQUIRED }) });
