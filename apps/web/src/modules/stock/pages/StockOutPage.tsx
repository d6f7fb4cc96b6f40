import { useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { SheetList } from '../components/SheetList.js';
import '../stock.css';

/** The stock-out sheets of the current run (spec §2 `fw1/stock/out`). */
export function StockOutPage() {
  const run = useFramework((st) => st.run);
  return run ? <SheetList key={run.runId} run={run} kind="out" /> : <ChooseProject />;
}
