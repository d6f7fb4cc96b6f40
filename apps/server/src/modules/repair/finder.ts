import type { repairContract } from '@boreline/contracts';

type Snippet = repairContract.Snippet;

/** One repair found for words: its id, how well it matched (higher first) and the stretch that matched. */
export interface RepairHit {
  id: number;
  score: number;
  snippet: Snippet;
}

/**
 * Finds repairs of some runs by words. The repair module asks it for `page` and `casePage`
 * keywords; the search part of the module (`search/repairSearch.ts`, full text on both databases)
 * implements it. `runIds` are already the runs the reader may see: a finder never widens them.
 */
export interface RepairFinder {
  find(runIds: readonly number[], words: string, opts: { publishedOnly: boolean }): Promise<RepairHit[]>;
}
