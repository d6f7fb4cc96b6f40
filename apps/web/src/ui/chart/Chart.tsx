import { Skeleton } from 'antd';
import { Suspense } from 'react';
import { lazyComponent } from '../../core/routing.js';
import type { ChartOption } from './chartOption.js';

export type { ChartOption };

const ChartCore = lazyComponent(() => import('./ChartCore.js'), (m) => m.ChartCore);

export interface ChartProps {
  option: ChartOption;
  /** Pixels; the chart takes the width of its container. */
  height?: number;
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  'data-testid'?: string;
}

/**
 * A chart of any page. ECharts is loaded on first use, in its own chunk, so pages without charts
 * (and the sign-in page) never download it.
 */
export function Chart({ option, height = 280, label, 'data-testid': testId }: ChartProps) {
  return (
    <div role="img" aria-label={label} data-testid={testId} style={{ height, width: '100%' }}>
      <Suspense fallback={<Skeleton active paragraph={{ rows: Math.max(2, Math.round(height / 60)) }} title={false} />}>
        <ChartCore option={option} height={height} />
      </Suspense>
    </div>
  );
}
