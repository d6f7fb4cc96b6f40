import { Empty } from 'antd';
import { formatHm, useFormat } from '../../../../core/format.js';
import type { PeriodReport } from '../../periodApi.js';
import { STOP_REASON_LABEL } from './reportFormat.js';
import { useT } from '../../../../core/i18n.js';

export interface StopReasonListProps {
  lines: PeriodReport['stopReasons'];
  /** Day 2 shows the first few only. */
  limit?: number;
}

/** Standby time by reason, longest first, as bars with duration (h:mm), share and number of stops. */
export function StopReasonList({ lines, limit }: StopReasonListProps) {
  const t = useT();
  const f = useFormat();
  // The server ranks them already; ranking again keeps the list right whatever it sends.
  const ranked = [...lines].sort((a, b) => b.durationMs - a.durationMs).slice(0, limit);
  if (ranked.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('report.periodPage.noStops')} />;
  return (
    <ol className="report-stops" data-testid="stop-reasons">
      {ranked.map((line) => (
        <li key={line.reason ?? 'unexplained'} className="report-stop" data-testid="stop-reason">
          <span className="report-stop-name">{line.reason === null ? t('report.periodPage.notExplained') : t(STOP_REASON_LABEL[line.reason])}</span>
          <span className="report-stop-bar" aria-hidden="true">
            <span style={{ width: `${Math.max(0, Math.min(1, line.share)) * 100}%` }} />
          </span>
          <span className="report-stop-duration">{formatHm(line.durationMs)}</span>
          <span className="report-stop-share">{f.percent(line.share)}</span>
          {/* Unexplained standby is machine time no record covers: it has no number of stops to show. */}
          <span className="report-stop-count">{line.reason === null ? null : t('report.periodPage.stops', { count: line.count })}</span>
        </li>
      ))}
    </ol>
  );
}
