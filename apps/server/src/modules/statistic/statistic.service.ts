import { type EndpointArgs, type Language, type MachineType, SUBSYSTEMS, type statisticContract, type TagDef } from '@boreline/contracts';
import { runTagList } from '../../telemetry/index.js';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { machineTypeOf, type ProjectFigures, type RunScope, type ScopedRun } from '../project/index.js';
import { efficiencyOf, slowest, slowRing } from './efficiency.js';
import { type ProgressRun, progressRows, progressSpan, progressSummary } from './progress.js';
import type { StatisticRepo } from './statistic.repo.js';

type Contract = typeof statisticContract;
type PointTag = statisticContract.PointTag;

/** What a run's machine records: the catalogue tags of its newest stored layout, and every stored layout by id. */
export interface RunTags {
  machineType: MachineType;
  /** Layout id → column order of the frames and per-ring statistics stored with it. */
  layouts: ReadonlyMap<number, readonly string[]>;
  recorded: Map<string, TagDef>;
}

const pointTag = (tag: TagDef): PointTag => ({
  code: tag.code,
  subsystem: tag.subsystem,
  kind: tag.kind,
  unit: tag.unit,
  precision: tag.precision,
  name: tag.name.index === undefined ? { subject: tag.name.subject, quantity: tag.name.quantity } : { subject: tag.name.subject, index: tag.name.index, quantity: tag.name.quantity },
  ...(tag.label === undefined ? {} : { label: tag.label }),
});

/** Flags and levels have no meaningful curve or mean; the machine-state signals are what the bands already show. */
const isChartable = (tag: TagDef) => (tag.kind === 'analog' || tag.kind === 'counter') && tag.subsystem !== 'state';

/**
 * Statistics of a run (spec §2 statistic): the tag and ring pickers, progress against plan with
 * its forecast, and efficiency by ring. Every read is scoped to a run the caller holds
 * 'statistic.read' for; the ring curves and ring statistics build on the run and tag checks here.
 */
export class StatisticService {
  constructor(
    readonly repo: StatisticRepo,
    private readonly runs: RunScope,
    private readonly figures: ProjectFigures,
  ) {}

  requireRun(session: AuthSession, runId: number): Promise<ScopedRun> {
    return this.runs.require(session, runId, 'statistic.read');
  }

  /** The run's tags (catalogue and own tags): those its newest stored layout holds, or all of them before any frame is stored. */
  async tagsOf(run: ScopedRun, language?: Language): Promise<RunTags> {
    const machineType = machineTypeOf(run);
    const layouts = await this.repo.machine.layouts(run.id);
    let newest: number | null = null;
    for (const id of layouts.keys()) if (newest === null || id > newest) newest = id;
    const stored = newest === null ? null : new Set(layouts.get(newest));
    const recorded = new Map<string, TagDef>();
    for (const tag of await runTagList(this.repo.db, run.id, machineType, language)) if (!stored || stored.has(tag.code)) recorded.set(tag.code, tag);
    return { machineType, layouts, recorded };
  }

  /** The requested tags in order; a code the machine does not record is refused by name. */
  requireTags(tags: RunTags, codes: readonly string[]): TagDef[] {
    return codes.map((code) => {
      const tag = tags.recorded.get(code);
      if (!tag) throw errors.business('statistic.tags.unknown', { code });
      return tag;
    });
  }

  async pointGroups(session: AuthSession, runId: number, language?: Language): Promise<statisticContract.PointGroups> {
    const run = await this.requireRun(session, runId);
    const tags = await this.tagsOf(run, language);
    const chartable = [...tags.recorded.values()].filter(isChartable);
    const groups = SUBSYSTEMS.flatMap((subsystem) => {
      const of = chartable.filter((t) => t.subsystem === subsystem);
      return of.length === 0 ? [] : [{ subsystem, tags: of.map(pointTag) }];
    });
    return { machineType: tags.machineType, groups };
  }

  async ringList(session: AuthSession, runId: number): Promise<statisticContract.RingList> {
    const run = await this.requireRun(session, runId);
    const rings = await this.repo.ringOptions(run.id);
    return {
      timeZone: run.time_zone,
      ringWidth: run.ring_width_mm / 1000,
      rings: rings.map((r) => ({ ringNo: r.ring_no, start: r.start_ts, end: r.end_ts, startChainage: r.start_chainage, endChainage: r.end_chainage })),
    };
  }

  async progressList(session: AuthSession, input: EndpointArgs<Contract['progressList']>): Promise<statisticContract.ProgressList> {
    const run = await this.requireRun(session, input.runId);
    const tz = run.time_zone;
    const span = progressSpan(input.from, input.to, input.unit, tz);
    const [plan, ends, before, drive, forecast] = await Promise.all([
      this.figures.plan(run),
      this.repo.ringEnds(run.id, span.start, span.end),
      this.repo.ringsBefore(run.id, span.start),
      this.repo.drive(run.id),
      this.figures.forecast(run),
    ]);
    const progressRun: ProgressRun = { timeZone: tz, ringWidthMm: run.ring_width_mm, startRing: run.start_ring, totalRings: run.planned_rings };
    return {
      unit: input.unit,
      timeZone: tz,
      rows: progressRows(progressRun, plan, input.unit, span, ends, before, drive.firstRing),
      summary: progressSummary(progressRun, plan, forecast),
    };
  }

  async efficiencyGraph(session: AuthSession, input: EndpointArgs<Contract['efficiencyGraph']>): Promise<statisticContract.Efficiency> {
    const run = await this.requireRun(session, input.runId);
    return efficiencyOf(await this.repo.ringsBetween(run.id, input.ringStart, input.ringEnd), run.time_zone);
  }

  async ringWorkList(session: AuthSession, input: EndpointArgs<Contract['ringWorkList']>): Promise<statisticContract.SlowRing[]> {
    const run = await this.requireRun(session, input.runId);
    const rings = slowest(await this.repo.ringsBetween(run.id, input.ringStart, input.ringEnd), input.limit);
    if (rings.length === 0) return [];
    // One read of the stops for all of them; each ring takes the part inside its own span.
    const from = Math.min(...rings.map((r) => r.start_ts));
    const to = Math.max(...rings.map((r) => r.end_ts));
    const stops = await this.repo.stopsBetween(run.id, from, to);
    return rings.map((ring) => slowRing(ring, stops));
  }
}
