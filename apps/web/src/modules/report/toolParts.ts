/**
 * The report's parts the screen tools draw (their pages load this part with
 * `loadReportToolParts()`, never with the app's entry).
 */
import './components/shift/shift.css';

export { ShiftTimeBar } from './components/shift/ShiftTimeBar.js';
