import type { StockDeps } from './stock.service.js';

/** The current stock with its pace and suggested lines, and consumption per part normalised by the machine's work. FRAME: being built. */
export class StockAnalysis {
  constructor(protected readonly deps: StockDeps) {}
}
