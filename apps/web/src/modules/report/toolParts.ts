/**
 * The report's parts the screen tools draw (their pages load this part with
 * `loadReportToolParts()`, never with the app's entry).
 */
export { ShiftTimeBar } from './components/shift/ShiftTimeBar.js';
