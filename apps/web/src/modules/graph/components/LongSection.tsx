/**
 * The long section of a run: one view along the chainage with ground levels, the geology band, the
 * tunnel axis, the machine, built rings coloured by deviation, risk zones and the next rings.
 * Shared by the section page and the home board. (Placeholder while it is built.)
 */
export function LongSection(_props: { runId: number; compact?: boolean }) {
  return null;
}
