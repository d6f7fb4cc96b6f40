import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { DataZoomInsideComponent, GridComponent, LegendPlainComponent, MarkAreaComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
// The ESM core build: the CommonJS `lib/` build breaks the production bundle, and the core entry
// lets the registrations above decide what is bundled.
import ReactEChartsCore from 'echarts-for-react/esm/core';
import type { ChartOption } from './chartOption.js';

// Mark areas shade a ring's machine states behind its curves (statistics). The zoom slider does not
// fit the chunk's 200 KB budget: zooming is by wheel or pinch, reset by the page's own button.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendPlainComponent,
  DataZoomInsideComponent,
  MarkAreaComponent,
  CanvasRenderer,
]);

/** Screenshot tests run under automation: a chart caught mid-animation would differ from run to run. */
const animate = typeof navigator === 'undefined' || !navigator.webdriver;

export interface ChartCoreProps {
  option: ChartOption;
  height: number;
}

/** ECharts on a canvas; this module and ECharts itself form the lazily loaded chart chunk. */
export function ChartCore({ option, height }: ChartCoreProps) {
  return (
    <ReactEChartsCore
      echarts={echarts}
      option={{ ...option, animation: animate && option.animation !== false }}
      notMerge
      lazyUpdate
      opts={{ renderer: 'canvas' }}
      style={{ height, width: '100%' }}
    />
  );
}
