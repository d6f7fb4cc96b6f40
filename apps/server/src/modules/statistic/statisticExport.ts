import { type EndpointArgs, formatChainage, type Language, type statisticContract } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import type { LabelledValue } from '../../core/excel.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { ScopedRun } from '../project/index.js';
import { type ExportedWorkbook, fileStem, type ReportHead } from '../report/index.js';
import type { RingCurvesService } from './ringCurves.service.js';
import type { RingStatsService } from './ringStats.service.js';
import { ringCurvesWorkbook, ringStatsWorkbook } from './statisticWorkbook.js';

type Contract = typeof statisticContract;
type RingStatsInput = EndpointArgs<Contract['exportRingStats']>;

const headOf = (run: ScopedRun): ReportHead => ({ projectName: run.project_name, tbmCode: run.tbm_code, timeZone: run.time_zone });
const span = (first: number, last: number) => (first === last ? String(first) : `${first}-${last}`);

/** The rings or chainage a ring-statistics query chose, as a title-block line. */
function scopeLine(input: RingStatsInput, language: Language): LabelledValue {
  const range = input.range;
  return range.by === 'ring'
    ? { label: t(language, 'report.export.rings'), value: `${range.ringStart} – ${range.ringEnd}` }
    : { label: t(language, 'statistic.export.chainageRange'), value: `${formatChainage(range.chainageStart)} – ${formatChainage(range.chainageEnd)}` };
}

/** The duration filter in minutes, when the query has one. */
function filterText(input: RingStatsInput): string | null {
  const { minDurationMinutes: min, maxDurationMinutes: max } = input;
  if (min === undefined && max === undefined) return null;
  if (max === undefined) return `≥ ${min}`;
  if (min === undefined) return `≤ ${max}`;
  return `${min} – ${max}`;
}

/**
 * The statistics exports as .xlsx workbooks in the caller's language: the same selection as the
 * screens (the same services read it), all of it, with "no data" as a business message.
 */
export class StatisticExporter {
  constructor(
    private readonly curves: RingCurvesService,
    private readonly ringStats: RingStatsService,
  ) {}

  async ringCurves(session: AuthSession, input: EndpointArgs<Contract['exportRingCurves']>, language: Language): Promise<ExportedWorkbook> {
    const { run, tags, rings } = await this.curves.frames(session, input);
    if (rings.every((r) => r.frames.ts.length === 0)) throw errors.business('common.notice.noExportData');
    const body = await ringCurvesWorkbook(headOf(run), tags, rings, language);
    const numbers = rings.map((r) => r.ring.ring_no);
    return { fileName: `${fileStem('ring-curves', run.tbm_code)}_${span(Math.min(...numbers), Math.max(...numbers))}.xlsx`, body };
  }

  async ringStatistics(session: AuthSession, input: RingStatsInput, language: Language): Promise<ExportedWorkbook> {
    const { run, tags, rows } = await this.ringStats.select(session, input);
    if (rows.length === 0) throw errors.business('common.notice.noExportData');
    const body = await ringStatsWorkbook({ head: headOf(run), tags, rows, scope: scopeLine(input, language), filter: filterText(input) }, language);
    const numbers = rows.map((r) => r.ringNo);
    return { fileName: `${fileStem('ring-statistics', run.tbm_code)}_${span(Math.min(...numbers), Math.max(...numbers))}.xlsx`, body };
  }
}
