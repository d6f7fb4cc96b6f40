import type { BarSeriesOption, LineSeriesOption, PieSeriesOption } from 'echarts/charts';
import type { DataZoomComponentOption, GridComponentOption, LegendComponentOption, MarkAreaComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';

/** The plain legend only: the scrolling one is not registered (it would fail at run time, drawing nothing). */
type PlainLegendOption = LegendComponentOption & { type?: 'plain' };

/** What a chart may draw: exactly the series and components the chart chunk registers. */
export type ChartOption = ComposeOption<
  BarSeriesOption | LineSeriesOption | PieSeriesOption | GridComponentOption | TooltipComponentOption | PlainLegendOption | DataZoomComponentOption | MarkAreaComponentOption
>;
