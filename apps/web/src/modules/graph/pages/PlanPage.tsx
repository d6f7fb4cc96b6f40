/** Placeholder of the Plan page while it is built. */
export function PlanPage() {
  return null;
}
