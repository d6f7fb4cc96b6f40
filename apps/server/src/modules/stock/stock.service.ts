import type { Language, stockContract } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { AuthSession } from '../../core/auth.js';
import type { Database } from '../../db/schema.js';
import type { MachineHistory } from '../../telemetry/index.js';
import type { MessageCentre } from '../messages/index.js';
import type { RunScope } from '../project/index.js';

export interface StockDeps {
  db: Kysely<Database>;
  runs: RunScope;
  machine: MachineHistory;
  now: () => number;
  /** The message centre (read when a warning is sent: it registers after this module's deps are made). */
  messages: () => MessageCentre;
}

/**
 * The parts catalogue and the stock sheets of a run (issue 21). FRAME: the methods below are the
 * service's interface; their bodies are being built.
 */
export class StockService {
  constructor(protected readonly deps: StockDeps) {}

  /** Saves a stock-out sheet (checked at the run with `stock.record.write`); the consumption import uses it per date. */
  addStockOut(_session: AuthSession, _input: stockContract.StockOutInput, _language: Language): Promise<stockContract.Sheet> {
    throw new Error('stock: not built yet');
  }

  /** Saves a stock-in sheet (checked at the run with `stock.record.write`). */
  addStockIn(_session: AuthSession, _input: stockContract.StockInInput, _language: Language): Promise<stockContract.Sheet> {
    throw new Error('stock: not built yet');
  }
}
