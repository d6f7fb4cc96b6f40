import type { TooltipComponentFormatterCallbackParams } from 'echarts';

/** Line colours, one per tag (single ring) or per ring (several rings): ten distinct hues for ten rings. */
export const SERIES_COLORS = ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#faad14', '#13c2c2', '#eb2f96', '#2f54eb', '#a0d911', '#8c8c8c'] as const;

export const colorAt = (index: number): string => SERIES_COLORS[index % SERIES_COLORS.length] ?? SERIES_COLORS[0];

/**
 * Zoom inside a chart (no slider: the chart chunk's budget). The wheel zooms only with Ctrl held and
 * dragging pans: these pages are long, and a plain wheel must keep scrolling the page, not the chart.
 */
export const insideZoom = (xAxisIndex: number | number[] = 0) => ({
  type: 'inside' as const,
  xAxisIndex,
  filterMode: 'none' as const,
  zoomOnMouseWheel: 'ctrl' as const,
  moveOnMouseWheel: false,
  moveOnMouseMove: true,
});

export const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The tooltip's entries as a list, whatever ECharts hands over (one entry or several). */
export type TooltipParam = Extract<TooltipComponentFormatterCallbackParams, { seriesIndex?: number }>;
export const tooltipList = (params: TooltipComponentFormatterCallbackParams): TooltipParam[] => (Array.isArray(params) ? params : [params]);

/** The entry's coloured dot, as ECharts draws it. */
export const markerOf = (p: TooltipParam): string => (typeof p.marker === 'string' ? p.marker : '');

/** The y value of an entry: bars and lines of categories carry a number, [x, y] pairs their second item. */
export function valueOf(p: TooltipParam): number | null {
  const value: unknown = Array.isArray(p.value) ? p.value[1] : p.value;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The x of an entry of [x, y] pairs. */
export function xOf(p: TooltipParam | undefined): number | null {
  const value: unknown = p && Array.isArray(p.value) ? p.value[0] : null;
  return typeof value === 'number' ? value : null;
}

/** A tooltip line: `● Total thrust: 12,340 kN`. */
export const tooltipRow = (marker: string, name: string, value: string, unit = ''): string =>
  `${marker}${escapeHtml(name)}: <b>${escapeHtml(value)}</b>${unit ? ` ${escapeHtml(unit)}` : ''}`;
