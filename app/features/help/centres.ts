/**
 * The attention centres' filter by state (docs/prospect.md "Help centre"): the states the list
 * holds, alphabetically, and which centres a `?estado=` keeps. An unknown state keeps them all.
 */
export function centresByState<Centre extends { state: string }>(centres: Centre[], wanted: string | undefined) {
  const states = [...new Set(centres.map((centre) => centre.state))].sort(new Intl.Collator("es-MX").compare);
  const selected = states.find((state) => state === wanted) ?? null;
  return { states, selected, keep: centres.map((centre) => !selected || centre.state === selected) };
}
