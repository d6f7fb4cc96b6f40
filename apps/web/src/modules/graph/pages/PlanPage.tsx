import { DrawingPage } from '../components/DrawingPage.js';

/** The floor plan of the current run with the machine's live position, built rings and risk zones (spec §2 graph/plan). */
export function PlanPage() {
  return <DrawingPage name="plan" />;
}
