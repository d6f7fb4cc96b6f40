import { alarmEvaluation } from './benches/alarmEvaluation.js';
import { bundleSize } from './benches/bundleSize.js';
import { chartRange } from './benches/chartRange.js';
import { codec } from './benches/codec.js';
import { diagnosis } from './benches/diagnosis.js';
import { fanout } from './benches/fanout.js';
import { fileServing } from './benches/fileServing.js';
import { firstContent } from './benches/firstContent.js';
import { ingest } from './benches/ingest.js';
import { messages } from './benches/messages.js';
import { projectBoard } from './benches/projectBoard.js';
import { reportExport } from './benches/reportExport.js';
import { ringStats } from './benches/ringStats.js';
import { sessionRead } from './benches/sessionRead.js';
import { simulator } from './benches/simulator.js';
import { spreadsheetImport } from './benches/spreadsheetImport.js';
import { toolRender } from './benches/toolRender.js';

/** `npm run bench` runs every benchmark; `npm run bench -- <name>` one. Needs `npm run build` first. */
const BENCHES: Record<string, () => Promise<void>> = {
  'alarm-evaluation': alarmEvaluation,
  'bundle-size': bundleSize,
  'chart-range': chartRange,
  codec,
  diagnosis,
  fanout,
  'file-serving': fileServing,
  'first-content': firstContent,
  ingest,
  messages,
  'project-board': projectBoard,
  'report-export': reportExport,
  'ring-stats': ringStats,
  'session-read': sessionRead,
  simulator,
  'spreadsheet-import': spreadsheetImport,
  'tool-render': toolRender,
};

const wanted = process.argv.slice(2);
for (const [name, bench] of Object.entries(BENCHES)) {
  if (wanted.length === 0 || wanted.includes(name)) await bench();
}
