import { Alert, Skeleton } from 'antd';
import { useEffect, useRef } from 'react';
import { useShiftGraph } from '../../shiftApi.js';
import { PROCESS_COLORS, stateColor, useShiftLabels } from './shiftLabels.js';
import { hourTicks, type ShiftSpan, wallTime } from './shiftTime.js';
import { useT } from '../../../../core/i18n.js';

interface Bar {
  key: string;
  start: number;
  end: number;
  label: string;
  className: string;
  color: string | undefined;
}

/**
 * The shift on one time line: what the report says (records) above what the machine did (its
 * states), so gaps and unexplained stops stand out. Plain elements, no chart library: the report
 * chunk stays small and the bars print as they are.
 */
export function ShiftTimeBar({
  runId,
  shiftRecId,
  span,
  onDrawn,
}: {
  runId: number;
  shiftRecId: number;
  span: ShiftSpan;
  /** Told once the bar is drawn or could not be read (the screen tools wait for it). */
  onDrawn?: (outcome: 'drawn' | 'failed') => void;
}) {
  const t = useT();
  const labels = useShiftLabels();
  const graph = useShiftGraph(runId, shiftRecId);
  const told = useRef(onDrawn);
  told.current = onDrawn;
  useEffect(() => {
    if (graph.isSuccess) told.current?.('drawn');
    else if (graph.isError) told.current?.('failed');
  }, [graph.isSuccess, graph.isError]);
  if (graph.isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (graph.isError) return <Alert type="error" showIcon title={graph.error.message} />;

  const length = Math.max(1, span.end - span.start);
  const times = (start: number, end: number) => `${wallTime(start, span.timeZone)}–${wallTime(end, span.timeZone)}`;
  const records: Bar[] = graph.data.records.map((r) => {
    const name = labels.record(r);
    const unexplained = r.kind === 'stop' && r.stopReason === null;
    return {
      key: `r${r.recordId}`,
      start: r.start,
      end: r.end,
      label: `${name}, ${times(r.start, r.end)}`,
      className: r.kind === 'process' ? 'shift-bar-process' : unexplained ? 'shift-bar-unexplained' : 'shift-bar-stop',
      color: r.kind === 'process' && r.process ? PROCESS_COLORS[r.process] : undefined,
    };
  });
  const states: Bar[] = graph.data.states.map((s, i) => ({
    key: `s${i}`,
    start: s.start,
    end: s.end,
    label: `${labels.state(s.state)}${s.ringNo === null ? '' : ` (${t('report.column.ringNo')} ${s.ringNo})`}, ${times(s.start, s.end)}`,
    className: 'shift-bar-state',
    color: stateColor(s.state),
  }));
  const ticks = hourTicks(span);
  const every = ticks.length > 13 ? 2 : 1;
  const at = (ms: number) => `${((Math.min(Math.max(ms, span.start), span.end) - span.start) / length) * 100}%`;
  const width = (bar: Bar) => `${((Math.min(bar.end, span.end) - Math.max(bar.start, span.start)) / length) * 100}%`;

  const lane = (name: string, bars: Bar[], testId: string) => (
    <div className="shift-bar-row">
      <div className="shift-bar-name">{name}</div>
      <div className="shift-bar-lane" role="list" aria-label={name} data-testid={testId}>
        {bars.map((bar) => (
          <div
            key={bar.key}
            role="listitem"
            className={`shift-bar-seg ${bar.className}`}
            style={{ left: at(bar.start), width: width(bar), ...(bar.color ? { background: bar.color } : {}) }}
            title={bar.label}
            aria-label={bar.label}
          />
        ))}
      </div>
    </div>
  );

  return (
    <div className="shift-bar" data-testid="shift-time-bar">
      {lane(t('report.shiftPage.bar.records'), records, 'shift-bar-records')}
      {lane(t('report.shiftPage.bar.machine'), states, 'shift-bar-states')}
      <div className="shift-bar-row">
        <div className="shift-bar-name" />
        <div className="shift-bar-axis" aria-hidden>
          {ticks.map((tick, i) => (
            <span key={tick} className="shift-bar-tick" style={{ left: at(tick) }}>
              {i % every === 0 ? wallTime(tick, span.timeZone) : ''}
            </span>
          ))}
        </div>
      </div>
      <ul className="shift-bar-legend">
        {(['advance', 'ringBuild'] as const).map((code) => (
          <li key={code}>
            <span className="shift-swatch" style={{ background: PROCESS_COLORS[code] }} />
            {labels.process(code)}
          </li>
        ))}
        <li>
          <span className="shift-swatch shift-bar-stop" />
          {t('report.shiftPage.records.stop')}
        </li>
        <li>
          <span className="shift-swatch shift-bar-unexplained" />
          {t('report.shiftPage.records.unexplainedStop')}
        </li>
        <li>
          <span className="shift-swatch" style={{ background: stateColor('waiting') }} />
          {labels.state('waiting')}
        </li>
      </ul>
    </div>
  );
}
