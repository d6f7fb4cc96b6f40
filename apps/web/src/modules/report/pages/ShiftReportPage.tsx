/** Placeholder until the page lands in this issue. */
export function ShiftReportPage() {
  return null;
}
