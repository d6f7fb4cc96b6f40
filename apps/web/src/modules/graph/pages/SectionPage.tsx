import { DrawingPage } from '../components/DrawingPage.js';
import { LongSection } from '../components/LongSection.js';

const longSection = (runId: number) => <LongSection runId={runId} />;

/** The section (vertical graph) of the current run with the machine at its chainage and level, and the long section below (spec §2 graph/section). */
export function SectionPage() {
  return <DrawingPage name="section" below={longSection} />;
}
