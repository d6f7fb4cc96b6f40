/** Placeholder until the page lands in this issue. */
export function PeriodReportPage() {
  return null;
}
