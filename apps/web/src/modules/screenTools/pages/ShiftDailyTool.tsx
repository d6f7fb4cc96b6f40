import { DATE_FORMATS, periodReportContract as pr } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { call } from '../../../core/api/client.js';
import { formatHm, formatInstant, formatLocalDate, localToday, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { stopReasonName } from '../labels.js';
import { ToolFrame } from '../ToolFrame.js';
import { clockTime, Figure, Section, ToolSheet } from '../ToolSheet.js';
import type { ToolSession } from '../toolSession.js';
import { queryPart } from '../toolState.js';

/** Stop reasons and alarms the summary lists: what a manager reads on a phone before the morning meeting. */
export const TOP_STOPS = 5;
export const TOP_ALARMS = 5;

/** The shift/daily summary (spec §2 /shiftDailyTool): what the night shift's supervisor sends the project manager every morning. */
export function ShiftDailyToolPage() {
  return <ToolFrame tool="shiftDailyTool">{(session) => <ShiftDaily session={session} />}</ToolFrame>;
}

function ShiftDaily({ session }: { session: ToolSession }) {
  const t = useT();
  const { run, address } = session;
  const unit = address.params.unit ?? 'day';
  const date = address.params.date ?? localToday(run.timeZone);
  const report = useQuery({ queryKey: ['tool', 'period', run.runId, unit, date], queryFn: () => call(pr.periodReport, { runId: run.runId, unit, date }) });
  const data = report.data;
  const first = data?.firstDate ?? date;
  const when =
    unit === 'week'
      ? t('screenTools.daily.week', { from: formatLocalDate(first, DATE_FORMATS.date), to: formatLocalDate(data?.lastDate ?? dayjs(first).add(6, 'day').format('YYYY-MM-DD'), DATE_FORMATS.date) })
      : `${dayjs(first).format('dddd')}, ${formatLocalDate(first, DATE_FORMATS.date)}`;
  const soFar = data && data.end > Date.now() ? ` · ${t('screenTools.daily.soFar', { time: clockTime(Date.now(), run.timeZone) })}` : '';
  return (
    <ToolSheet session={session} title={t(unit === 'week' ? 'screenTools.daily.titleWeek' : 'screenTools.daily.titleDay')} when={`${when}${soFar}`} state={queryPart(report)}>
      {data ? <Summary report={data} /> : null}
    </ToolSheet>
  );
}

function Summary({ report }: { report: pr.PeriodReport }) {
  const t = useT();
  const f = useFormat();
  const { actual, plan, cumulative, rates, times } = report;
  const ofPlan = (value: number, planned: number | undefined, decimals: number) =>
    planned === undefined ? t('screenTools.daily.noPlan') : t('screenTools.daily.plan', { plan: f.number(planned, decimals), percent: planned > 0 ? f.percent(value / planned) : '—' });
  // Behind or ahead of plan is said once the period is over; a day in progress is only on its way.
  const over = report.end <= Date.now();
  const tone = (value: number, planned: number | undefined) => (!over || planned === undefined || planned <= 0 ? undefined : value >= planned ? 'good' : 'bad');
  const stops = [...report.stopReasons].sort((a, b) => b.durationMs - a.durationMs).slice(0, TOP_STOPS);
  const week = report.unit !== 'day';
  return (
    <>
      <div className="tool-figures" data-testid="tool-figures">
        <Figure testId="figure-rings" tone={tone(actual.rings, plan?.rings)} label={t('screenTools.daily.rings')} value={f.number(actual.rings, 0)} note={ofPlan(actual.rings, plan?.rings, 0)} />
        <Figure testId="figure-metres" label={t('screenTools.daily.metres')} value={f.number(actual.metres, 1)} note={ofPlan(actual.metres, plan?.metres, 1)} />
        <Figure
          testId="figure-cumulative"
          label={t('screenTools.daily.cumulative')}
          value={f.number(cumulative.rings, 0)}
          note={t('screenTools.daily.cumulativeNote', { planned: f.number(cumulative.plannedRings, 0), percent: f.percent(cumulative.progress), metres: f.number(cumulative.metres, 1) })}
        />
        <Figure testId="figure-speed" label={t('screenTools.daily.speed')} value={report.avgSpeed === null ? '—' : f.number(report.avgSpeed, 1)} note={t('screenTools.daily.speedUnit')} />
        <Figure testId="figure-advance" label={t('screenTools.daily.advance')} value={f.percent(rates.advance)} note={formatHm(times.advanceMs)} />
        <Figure testId="figure-ringBuild" label={t('screenTools.daily.ringBuild')} value={f.percent(rates.ringBuild)} note={formatHm(times.ringBuildMs)} />
        <Figure testId="figure-waiting" label={t('screenTools.daily.waiting')} value={f.percent(rates.waiting)} note={formatHm(times.waitingMs)} />
        <Figure testId="figure-unrecorded" label={t('screenTools.daily.unrecorded')} value={formatHm(times.unrecordedMs)} note={t('screenTools.daily.hm')} />
      </div>

      <Section title={t('screenTools.daily.shifts')} testId="tool-shifts">
        {report.shifts.length === 0 ? (
          <p className="tool-note">{t('screenTools.daily.noShifts')}</p>
        ) : (
          <table className="tool-table">
            <thead>
              <tr>
                <th>{t('screenTools.daily.shift')}</th>
                <th>{t('screenTools.daily.leader')}</th>
                <th className="tool-num">{t('screenTools.daily.rings')}</th>
                <th className="tool-num">{t('screenTools.daily.metresShort')}</th>
                <th className="tool-num">{t('screenTools.daily.waitingShort')}</th>
              </tr>
            </thead>
            <tbody>
              {report.shifts.map((s) => (
                <tr key={`${s.date}-${s.shiftNo}`} data-testid="tool-shift">
                  <td>{week ? `${formatLocalDate(s.date, DATE_FORMATS.dayMonth)} ${s.shiftName}` : s.shiftName}</td>
                  <td>{s.leader ?? '—'}</td>
                  <td className="tool-num">{f.number(s.rings, 0)}</td>
                  <td className="tool-num">{f.number(s.metres, 1)}</td>
                  <td className="tool-num">{formatHm(s.waitingMs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Section>

      <Section title={t('screenTools.daily.stops')} testId="tool-stops">
        {stops.length === 0 ? (
          <p className="tool-note">{t('screenTools.daily.noStops')}</p>
        ) : (
          <ol className="tool-lines">
            {stops.map((line) => (
              <li key={line.reason ?? 'none'} className={line.reason === null ? 'tool-line tool-line-unexplained' : 'tool-line tool-line-stop'} data-testid="tool-stop">
                <span className="tool-line-name">{stopReasonName(t, line.reason)}</span>
                <span className="tool-line-bar" aria-hidden="true">
                  <span style={{ width: `${Math.max(0, Math.min(1, line.share)) * 100}%` }} />
                </span>
                <span className="tool-line-num">{formatHm(line.durationMs)}</span>
                <span className="tool-line-num">{f.percent(line.share)}</span>
              </li>
            ))}
          </ol>
        )}
      </Section>

      {report.notableAlarms ? <Alarms alarms={report.notableAlarms} timeZone={report.timeZone} /> : null}
    </>
  );
}

function Alarms({ alarms, timeZone }: { alarms: pr.NotableAlarms; timeZone: string }) {
  const t = useT();
  const f = useFormat();
  // The longest alarms of level alarm first: what stopped the work, not what chattered.
  const shown = [...alarms.alarms].sort((a, b) => b.durationMs - a.durationMs).slice(0, TOP_ALARMS);
  return (
    <Section title={t('screenTools.daily.alarms')} testId="tool-alarms">
      <p className="tool-alarm-counts" data-testid="tool-alarm-counts">
        {t('screenTools.daily.alarmCounts', { total: f.number(alarms.total, 0), warnings: f.number(alarms.byLevel.warning, 0), alarms: f.number(alarms.byLevel.alarm, 0) })}
      </p>
      {shown.length > 0 ? (
        <table className="tool-table">
          <thead>
            <tr>
              <th>{t('screenTools.daily.alarmStart')}</th>
              <th className="tool-num">{t('screenTools.daily.alarmDuration')}</th>
              <th>{t('screenTools.daily.alarmWhat')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((a) => (
              <tr key={a.id} data-testid="tool-alarm">
                <td className="tool-num">{formatInstant(a.startTs, timeZone, DATE_FORMATS.dayMonthTime)}</td>
                <td className="tool-num">{a.endTs === null ? `${formatHm(a.durationMs)} ${t('screenTools.daily.alarmActive')}` : formatHm(a.durationMs)}</td>
                <td>{a.content}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </Section>
  );
}
