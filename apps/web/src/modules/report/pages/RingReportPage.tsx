/** Placeholder until the page lands in this issue. */
export function RingReportPage() {
  return null;
}
