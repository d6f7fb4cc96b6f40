import type { EndpointArgs, statisticContract, TagDef } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import type { ScopedRun } from '../project/index.js';
import { ringTimes } from './efficiency.js';
import { columnsByLayout, scalesOf, sortOrder, StatsMatrix, type Triple } from './ringStats.js';
import type { StatisticService } from './statistic.service.js';
import type { StatRing } from './statistic.repo.js';

type Input = EndpointArgs<(typeof statisticContract)['ringStats']>;
type RingStatsRow = statisticContract.RingStatsRow;

/** The rings a query selects, sorted (all of them, or the requested page), with what the page and the export need around them. */
export interface RingStatsSelection {
  run: ScopedRun;
  tags: TagDef[];
  /** Rings the query selects (the rows may be a page of them). */
  total: number;
  rows: RingStatsRow[];
  overall: (Triple | null)[];
}

const MINUTE_MS = 60_000;

/**
 * The historical analysis and the ring statistics table: per ring its times, chainage and the
 * min / mean / max of chosen tags over its advance, read from the per-ring statistics the server
 * builds as rings complete (never from frames, so 2,000 rings × 50 tags answer at once).
 */
export class RingStatsService {
  constructor(private readonly statistics: StatisticService) {}

  private get repo() {
    return this.statistics.repo;
  }

  /** Rings by number, or those the chainage range passes; then the duration filter. */
  private async rings(run: ScopedRun, input: Input): Promise<StatRing[]> {
    const range = input.range;
    const rings = range.by === 'ring' ? await this.repo.ringsBetween(run.id, range.ringStart, range.ringEnd) : await this.repo.ringsAcross(run.id, range.chainageStart, range.chainageEnd);
    const min = input.minDurationMinutes === undefined ? Number.NEGATIVE_INFINITY : input.minDurationMinutes * MINUTE_MS;
    const max = input.maxDurationMinutes === undefined ? Number.POSITIVE_INFINITY : input.maxDurationMinutes * MINUTE_MS;
    return rings.filter((r) => r.end_ts - r.start_ts >= min && r.end_ts - r.start_ts <= max);
  }

  async select(session: AuthSession, input: Input, page?: { from: number; to: number }): Promise<RingStatsSelection> {
    const run = await this.statistics.requireRun(session, input.runId);
    const runTags = await this.statistics.tagsOf(run);
    const tags = this.statistics.requireTags(runTags, input.tags);
    const rings = (await this.rings(run, input)).map((r) => ({ ...ringTimes(r), startChainage: r.start_chainage, endChainage: r.end_chainage }));
    const matrix = new StatsMatrix(rings.length, tags.length, scalesOf(tags.map((t) => t.precision)));
    const first = rings[0];
    const last = rings.at(-1);
    if (first && last) {
      const index = new Map(rings.map((r, i) => [r.ringNo, i]));
      const columns = columnsByLayout(runTags.layouts, input.tags);
      for (const row of await this.repo.machine.ringTagStats(run.id, first.ringNo, last.ringNo)) {
        const i = index.get(row.ring_no);
        if (i !== undefined) matrix.decode(i, row.data, columns.get(row.layout_id));
      }
    }
    const order = sortOrder(rings, matrix, input.sort, input.order, input.sortTag === undefined ? -1 : input.tags.indexOf(input.sortTag), input.sortStat);
    const picked = page ? order.slice(page.from, page.to) : order;
    const rows: RingStatsRow[] = picked.flatMap((i) => {
      const ring = rings[i];
      return ring ? [{ ...ring, stats: matrix.row(i) }] : [];
    });
    return { run, tags, total: rings.length, rows, overall: matrix.overall() };
  }

  async page(session: AuthSession, input: Input): Promise<statisticContract.RingStats> {
    const from = (input.page - 1) * input.pageSize;
    const { run, total, rows, overall } = await this.select(session, input, { from, to: from + input.pageSize });
    return { timeZone: run.time_zone, total, page: input.page, pageSize: input.pageSize, rows, overall };
  }
}
