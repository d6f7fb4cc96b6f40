/** Placeholder of the Section page while it is built. */
export function SectionPage() {
  return null;
}
