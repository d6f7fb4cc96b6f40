import { DATE_FORMATS, shiftReportContract as sr } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { formatHm, formatLocalDate, localToday, shiftLocalDate, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { lazyComponent } from '../../../core/routing.js';
import { loadReportToolParts } from '../../report/index.js';
import { processName, statusName, stopReasonName } from '../labels.js';
import { ToolFrame } from '../ToolFrame.js';
import { clockTime, Figure, Section, ToolSheet } from '../ToolSheet.js';
import type { ToolSession } from '../toolSession.js';
import { type Part, pageState, queryPart, TOOL_ERRORS } from '../toolState.js';

const ShiftTimeBar = lazyComponent(loadReportToolParts, (m) => m.ShiftTimeBar);

type Slot = sr.ShiftDay['shifts'][number];

/** The shift report tool (spec §2 /shiftReportTool): one shift's report as a picture. */
export function ShiftReportToolPage() {
  return <ToolFrame tool="shiftReportTool">{(session) => <ShiftReport session={session} />}</ToolFrame>;
}

const useShiftDay = (runId: number, date: string | null) =>
  useQuery({ queryKey: ['tool', 'shiftDay', runId, date], queryFn: () => call(sr.shiftDayList, { runId, date: date ?? '' }), enabled: date !== null });

/**
 * The shift the address names; without one the newest shift that has ended (it may be
 * yesterday's night shift, so both days are read), or the newest ended shift of the date given.
 */
function useSlot(session: ToolSession): { slot: Slot | null; part: Part } {
  const { run, address } = session;
  const asked = address.params.date ?? null;
  const today = localToday(run.timeZone);
  const before = useShiftDay(run.runId, asked ? null : shiftLocalDate(today, -1, 'day'));
  const current = useShiftDay(run.runId, asked ?? today);
  const part = asked ? queryPart(current) : pageState([queryPart(before), queryPart(current)]);
  if (part !== 'ready') return { slot: null, part };
  const shifts = [...(before.data?.shifts ?? []), ...(current.data?.shifts ?? [])];
  const now = Date.now();
  const named = address.params.shiftNo === undefined ? undefined : shifts.find((s) => s.shiftNo === address.params.shiftNo);
  const ended = shifts.filter((s) => s.end <= now).sort((a, b) => a.end - b.end);
  return { slot: named ?? ended[ended.length - 1] ?? (asked ? (shifts[0] ?? null) : null), part };
}

function ShiftReport({ session }: { session: ToolSession }) {
  const t = useT();
  const { run } = session;
  const { slot, part } = useSlot(session);
  const report = useQuery({
    queryKey: ['tool', 'shiftReport', run.runId, slot?.date, slot?.shiftNo],
    queryFn: () => (slot ? call(sr.findShiftMain, { runId: run.runId, date: slot.date, shiftNo: slot.shiftNo }) : null),
    enabled: slot !== null,
  });
  const [bar, setBar] = useState<Part>('loading');
  const data = report.data ?? null;
  const parts: Part[] = [part];
  if (slot) parts.push(queryPart(report));
  if (data) parts.push(bar);
  const at = (ms: number) => clockTime(ms, slot?.timeZone ?? run.timeZone);
  const when = slot ? t('screenTools.shift.when', { shift: slot.shiftName, date: formatLocalDate(slot.date, DATE_FORMATS.date), start: at(slot.start), end: at(slot.end) }) : null;
  return (
    <ToolSheet session={session} title={t('screenTools.shift.title')} when={when} state={pageState(parts)}>
      {part === 'ready' && !slot ? <p className="tool-note">{t('screenTools.shift.noShift')}</p> : null}
      {slot && report.isSuccess && !data ? (
        <p className="tool-note" data-testid="tool-no-report">
          {t('screenTools.shift.noReport')}
        </p>
      ) : null}
      {slot && data ? (
        <ShiftBody
          report={data}
          timeBar={
            <Suspense fallback={null}>
              <ShiftTimeBar
                runId={run.runId}
                shiftRecId={data.main.shiftRecId}
                span={{ date: slot.date, start: slot.start, end: slot.end, timeZone: slot.timeZone }}
                onDrawn={(outcome) => setBar(outcome === 'drawn' ? 'ready' : { error: TOOL_ERRORS.data })}
              />
            </Suspense>
          }
        />
      ) : null}
    </ToolSheet>
  );
}

function ShiftBody({ report, timeBar }: { report: sr.ShiftReport; timeBar: ReactNode }) {
  const t = useT();
  const f = useFormat();
  const { main, stats } = report;
  const rings =
    main.ringStart === null && main.ringEnd === null ? '—' : main.ringStart === main.ringEnd || main.ringEnd === null ? String(main.ringStart ?? main.ringEnd) : `${main.ringStart ?? '?'}–${main.ringEnd}`;
  const lines = [...stats.lines].sort((a, b) => b.durationMs - a.durationMs);
  return (
    <>
      <div className="tool-figures" data-testid="tool-figures">
        <Figure testId="figure-leader" label={t('screenTools.shift.leader')} value={<span className="tool-figure-text">{main.leader ?? '—'}</span>} />
        <Figure testId="figure-headcount" label={t('screenTools.shift.headcount')} value={main.headcount ?? '—'} />
        <Figure
          testId="figure-rings"
          label={t('screenTools.shift.rings')}
          value={rings}
          note={t('screenTools.shift.ringsBuilt', { count: stats.machine.ringsCompleted, metres: f.number(stats.machine.metres, 1) })}
        />
        <Figure testId="figure-status" label={t('screenTools.shift.machineStatus')} value={<span className="tool-figure-text">{main.machineStatus ? statusName(t, main.machineStatus) : '—'}</span>} />
      </div>

      <Section title={t('screenTools.shift.timeBar')} testId="tool-time-bar">
        {timeBar}
      </Section>

      <Section title={t('screenTools.shift.lines')} testId="tool-lines">
        <p className="tool-summary">
          {t('screenTools.shift.totals', { shift: formatHm(stats.shiftMs), processes: formatHm(stats.processMs), stops: formatHm(stats.stopMs), unrecorded: formatHm(stats.unrecordedMs) })}
        </p>
        {stats.unexplainedStops > 0 ? <p className="tool-note tool-note-warn">{t('screenTools.shift.unexplained', { count: stats.unexplainedStops })}</p> : null}
        {lines.length === 0 ? (
          <p className="tool-note">{t('screenTools.shift.noLines')}</p>
        ) : (
          <ol className="tool-lines">
            {lines.map((line) => {
              const stop = line.kind === 'stop';
              const name = stop ? `${t('screenTools.shift.stop')}: ${stopReasonName(t, line.code)}` : processName(t, line.code);
              return (
                <li key={`${line.kind}-${line.code ?? 'none'}`} className={stop ? (line.code === null ? 'tool-line tool-line-unexplained' : 'tool-line tool-line-stop') : 'tool-line'} data-testid="tool-line">
                  <span className="tool-line-name">
                    {name}
                    {line.count > 1 ? ` (${line.count})` : ''}
                  </span>
                  <span className="tool-line-bar" aria-hidden="true">
                    <span style={{ width: `${Math.max(0, Math.min(1, line.share)) * 100}%` }} />
                  </span>
                  <span className="tool-line-num">{formatHm(line.durationMs)}</span>
                  <span className="tool-line-num">{f.percent(line.share)}</span>
                </li>
              );
            })}
          </ol>
        )}
      </Section>

      <div className="tool-texts">
        <div className="tool-text" data-testid="tool-remark">
          <div className="tool-text-label">{t('screenTools.shift.remark')}</div>
          {main.remark ?? '—'}
        </div>
        <div className="tool-text" data-testid="tool-handover">
          <div className="tool-text-label">{t('screenTools.shift.handover')}</div>
          {main.handover ?? '—'}
        </div>
      </div>
    </>
  );
}
