import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { translate } from "~/lib/i18n/i18n.server";
import { checkHomeCoverage } from "~/upstream/asistencia.server";
import { checkServiceability } from "~/upstream/conn/serviceability.server";
import { coverageSchema, type CoverageQuery } from "#schemas/forms/coverage";

/** What /cobertura shows under its form: nothing asked yet, the answer, or why there is none (in Spanish). */
export type CoverageOutcome =
  | { kind: "answer"; covered: boolean; address: string; capacity: boolean | null; mapUrl: string | null }
  | { kind: "error"; message: string };

export type CoverageLookup = {
  /** The form as sent (so the fields keep what was typed) and its field errors: conform's reply, the form's `lastResult`. */
  form?: SubmissionResult<string[]>;
  outcome: CoverageOutcome | null;
};

const mapUrl = (location: { lat: number; lng: number } | null) =>
  location ? `https://www.google.com/maps/search/?api=1&query=${location.lat},${location.lng}` : null;

/**
 * The coverage check of /cobertura (docs/prospect.md "Coverage"): `?cp=` and an optional
 * `?direccion=` in the URL, so an answer is a link. Two calls answer it together: the support
 * upstream's coverage by postal code (yes / no and the address it understood) and the network's
 * serviceability of that address (the capacity to install home internet). Without coverage the
 * capacity is not asked; a capacity that fails to answer leaves the coverage answer standing.
 */
export async function coverageLookup(url: URL): Promise<CoverageLookup> {
  const sent = Object.fromEntries([...url.searchParams].filter(([name]) => name === "cp" || name === "direccion"));
  if (!("cp" in sent)) return { outcome: null };
  const submission = parseWithZod(new URLSearchParams(sent), { schema: coverageSchema });
  if (submission.status !== "success") return { form: submission.reply(), outcome: null };
  return { form: submission.reply(), outcome: await checkCoverage(submission.value) };
}

export async function checkCoverage({ cp, direccion }: CoverageQuery): Promise<CoverageOutcome> {
  const address = `${direccion ? `${direccion}, ` : ""}C.P. ${cp}, México`;
  const [coverage, serviceability] = await Promise.all([checkHomeCoverage({ postalCode: cp, address: direccion }), checkServiceability(address)]);
  if (!coverage.ok) return { kind: "error", message: translate("coverage:error") };
  const { covered, address: understood, location } = coverage.data;
  return {
    kind: "answer",
    covered,
    address: understood,
    capacity: covered && serviceability.ok ? serviceability.data.hasCoverage : null,
    mapUrl: covered ? mapUrl(location) : null,
  };
}
