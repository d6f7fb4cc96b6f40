/** Placeholder of the Map page while it is built. */
export function MapPage() {
  return null;
}
