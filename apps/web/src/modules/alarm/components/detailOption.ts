import type { ChartOption } from '../../../ui/chart/Chart.js';
import { zonedTimeAxis } from '../../../ui/chart/zonedTime.js';
import type { AlarmDetail } from '../api.js';
import { LEVEL_COLOURS } from '../labels.js';

export interface LimitNames {
  lowAlarm: string;
  lowWarn: string;
  highWarn: string;
  highAlarm: string;
}

/**
 * The point's values around the alarm with its limits as dashed lines (alarm red, warning amber)
 * and the alarm's span shaded; the time axis reads the project's clock.
 */
export function detailOption(detail: AlarmDetail, timeZone: string, names: { value: string; alarmSpan: string; limits: LimitNames }): ChartOption | null {
  const { series, limits, alarm } = detail;
  if (!series || series.ts.length === 0) return null;
  const first = series.ts[0] ?? alarm.startTs;
  const last = series.ts.at(-1) ?? alarm.startTs;
  const limitLines = limits
    ? (['lowAlarm', 'lowWarn', 'highWarn', 'highAlarm'] as const).flatMap((key) => {
        const value = limits[key];
        if (value === null) return [];
        const colour = key.endsWith('Alarm') ? LEVEL_COLOURS.alarm : LEVEL_COLOURS.warning;
        return [
          {
            type: 'line' as const,
            name: names.limits[key],
            data: [
              [first, value],
              [last, value],
            ],
            symbol: 'none',
            lineStyle: { type: 'dashed' as const, color: colour, width: 1 },
            itemStyle: { color: colour },
            tooltip: { show: false },
          },
        ];
      })
    : [];
  const withDate = last - first > 12 * 3_600_000;
  return {
    grid: { left: 48, right: 16, top: 40, bottom: 28 },
    legend: { top: 0, type: 'plain' },
    tooltip: { trigger: 'axis' },
    xAxis: zonedTimeAxis(timeZone, { min: first, max: last, withDate }),
    yAxis: { type: 'value', scale: true, name: alarm.unit ?? '' },
    series: [
      {
        type: 'line',
        name: names.value,
        showSymbol: false,
        connectNulls: false,
        data: series.ts.map((ts, i) => [ts, series.values[i] ?? null]),
        lineStyle: { color: '#1d5fa8' },
        itemStyle: { color: '#1d5fa8' },
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(207, 19, 34, 0.08)' },
          label: { position: 'insideTopRight', color: LEVEL_COLOURS.alarm },
          data: [[{ name: names.alarmSpan, xAxis: alarm.startTs }, { xAxis: alarm.endTs ?? last }]],
        },
      },
      ...limitLines,
    ],
  };
}
