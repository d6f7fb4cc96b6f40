import { CloseOutlined } from '@ant-design/icons';
import type { LiveValues, TagDef } from '@boreline/contracts';
import { Button, Card, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatNumber } from '../../../core/format.js';
import { Chart } from '../../../ui/chart/Chart.js';
import { TREND_WINDOW_MS, useTrendHistory } from '../api.js';
import { useTagName } from '../hooks/useTagName.js';
import { TREND_MAX_TAGS } from './TagTable.js';
import { type Point, TREND_COLORS, type TrendLine, trendOption } from './trendOption.js';
import { useLocale, useT } from '../../../core/i18n.js';

export interface LiveTrendProps {
  runId: number;
  timeZone: string;
  /** The chosen tags, in the order they were chosen. */
  tags: readonly TagDef[];
  values: LiveValues;
  /** Machine time of the newest frame: each new one adds a point to every line. */
  ts: number | null;
  onRemove(code: string): void;
}

type Buffers = Record<string, Point[]>;

/** Appends the newest frame's values and forgets what fell out of the window. */
function append(buffers: Buffers, codes: readonly string[], values: LiveValues, ts: number): Buffers {
  const next: Buffers = {};
  for (const code of codes) {
    const kept = (buffers[code] ?? []).filter((p) => p[0] > ts - TREND_WINDOW_MS && p[0] < ts);
    const value = values[code];
    next[code] = typeof value === 'number' ? [...kept, [ts, value]] : kept;
  }
  return next;
}

/**
 * The chosen tags over the last ten minutes: the stored history first, then a point per live
 * message, so the lines move with the machine without reading the history again.
 */
export function LiveTrend({ runId, timeZone, tags, values, ts, onRemove }: LiveTrendProps) {
  const t = useT();
  const locale = useLocale();
  const nameOf = useTagName();
  const codes = useMemo(() => tags.map((tag) => tag.code), [tags]);
  const history = useTrendHistory(runId, codes);
  const [buffers, setBuffers] = useState<Buffers>({});
  const ticks = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 3 }), [locale]);

  useEffect(() => {
    if (ts !== null) setBuffers((current) => append(current, codes, values, ts));
    // Only a new frame adds points (values and choice are read as they are then).
  }, [ts]);

  const end = ts ?? Date.now();
  const lines: TrendLine[] = tags.map((tag, index) => {
    const live = buffers[tag.code] ?? [];
    const firstLive = live[0]?.[0] ?? Infinity;
    const stored = history.data?.series.find((s) => s.code === tag.code)?.points ?? [];
    const points = [...stored.filter((p) => p[0] < firstLive), ...live].filter((p) => p[0] >= end - TREND_WINDOW_MS);
    return {
      code: tag.code,
      name: nameOf(tag),
      unit: tag.unit,
      decimals: tag.kind === 'analog' || tag.kind === 'counter' ? tag.precision : 0,
      color: TREND_COLORS[index % TREND_COLORS.length] ?? TREND_COLORS[0],
      points,
    };
  });

  if (tags.length === 0) {
    return (
      <div className="rt-trend-empty" data-testid="trend-empty">
        <Typography.Text type="secondary">{t('realtime.trend.empty', { max: TREND_MAX_TAGS })}</Typography.Text>
      </div>
    );
  }

  const option = trendOption({
    lines,
    window: [end - TREND_WINDOW_MS, end],
    timeZone,
    formatValue: (value, decimals) => formatNumber(value, locale, decimals),
    formatTick: (value) => ticks.format(value),
  });
  return (
    <Card size="small" className="rt-trend" title={t('realtime.trend.title')} data-testid="live-trend" styles={{ body: { padding: '4px 8px' } }}>
      <ul className="rt-legend" aria-label={t('realtime.trend.title')}>
        {lines.map((line) => (
          <li key={line.code} data-testid="trend-legend-item">
            <span className="rt-swatch" style={{ background: line.color }} />
            <span>
              {line.name}
              {line.unit ? ` (${line.unit})` : ''}
            </span>
            <Button
              type="text"
              size="small"
              icon={<CloseOutlined />}
              aria-label={t('realtime.trend.remove', { name: line.name })}
              onClick={() => onRemove(line.code)}
            />
          </li>
        ))}
      </ul>
      <Chart option={option} height={200} label={t('realtime.trend.title')} data-testid="trend-chart" />
    </Card>
  );
}
