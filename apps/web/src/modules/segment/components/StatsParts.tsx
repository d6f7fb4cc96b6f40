import { type segmentContract as s } from '@boreline/contracts';
import { Alert, Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { formatPercent, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import type { ImportRange } from '../api.js';
import { RingList } from './SegmentImport.js';

type WithinTolerance = z.output<typeof s.WithinToleranceSchema>;

/** The default range of a statistics page: the newest rings recorded, as many as one query may hold. */
export const DEFAULT_STAT_RINGS = 50;

/** The range of the address (`ringStart`, `ringEnd`), else the newest `DEFAULT_STAT_RINGS` rings up to `newest`. */
export function useStatRange(newest: number | null): [ImportRange | null, (range: ImportRange) => void] {
  const [params, setParams] = useSearchParams();
  const int = (name: string) => {
    const text = params.get(name);
    return text !== null && /^\d+$/.test(text) ? Number(text) : null;
  };
  const start = int('ringStart');
  const end = int('ringEnd');
  const range = start !== null && end !== null ? { ringStart: start, ringEnd: end } : newest !== null ? { ringStart: Math.max(0, newest - DEFAULT_STAT_RINGS + 1), ringEnd: newest } : null;
  return [range, (next) => setParams({ ringStart: String(next.ringStart), ringEnd: String(next.ringEnd) })];
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div data-testid={testId}>
      <div className="seg-figure-label">{label}</div>
      <div className="seg-figure-value">{value}</div>
    </div>
  );
}

/** The share of rings within tolerance over the last 10, the last 50 and all rings of the range, and the rings per band. */
export function ToleranceFigures({ within, bands }: { within: WithinTolerance; bands: { ok: number; warning: number; alarm: number } }) {
  const t = useT();
  const { locale } = useFormat();
  const share = (v: number | null) => (v === null ? '—' : formatPercent(v, locale, 0));
  return (
    <Card size="small" title={t('segmentWeb.stat.withinTitle')}>
      <div className="seg-figures">
        <Figure label={t('segmentWeb.stat.last10')} value={share(within.last10)} testId="within-10" />
        <Figure label={t('segmentWeb.stat.last50')} value={share(within.last50)} testId="within-50" />
        <Figure label={t('segmentWeb.stat.all')} value={share(within.all)} testId="within-all" />
        <Figure label={t('segmentWeb.band.ok')} value={bands.ok} testId="bands-ok" />
        <Figure label={t('segmentWeb.band.warning')} value={bands.warning} testId="bands-warning" />
        <Figure label={t('segmentWeb.band.alarm')} value={bands.alarm} testId="bands-alarm" />
      </div>
    </Card>
  );
}

/** Rings of the range without a record: listed, never filled. */
export function MissingRings({ rings }: { rings: readonly number[] }) {
  const t = useT();
  if (rings.length === 0) return null;
  return <Alert type="warning" showIcon data-testid="stat-missing" title={t('segmentWeb.stat.missing', { count: rings.length })} description={<RingList rings={rings} testId="stat-missing-rings" />} />;
}

/** What a statistics page shows under its form: loading, no ring yet, a failure, an empty range, or the answer. */
export function StatsBody<D extends { rings: readonly unknown[] }>({ loading, noRange, error, data, children }: { loading: boolean; noRange: boolean; error: unknown; data: D | undefined; children: (data: D) => ReactNode }) {
  const t = useT();
  if (loading)
    return (
      <Card size="small">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  if (noRange) return <Result status="info" title={t('segmentWeb.stat.noRecords')} data-testid="seg-stat-none" />;
  if (!data) return error instanceof Error ? <Result status="warning" title={error.message || t('common.error.noData')} data-testid="seg-stat-failed" /> : null;
  if (data.rings.length === 0) return <Result status="info" title={t('segmentWeb.stat.emptyRange')} data-testid="seg-stat-empty" />;
  return <>{children(data)}</>;
}
