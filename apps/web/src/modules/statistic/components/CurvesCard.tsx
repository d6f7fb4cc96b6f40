import { ZoomOutOutlined } from '@ant-design/icons';
import { DATE_FORMATS, MACHINE_STATES, MACHINE_STATE_KEYS } from '@boreline/contracts';
import { Alert, Button, Card, Empty, Space } from 'antd';
import { useState } from 'react';
import { formatHm, formatInstant } from '../../../core/format.js';
import { Chart } from '../../../ui/chart/Chart.js';
import type { RingAxis, RingCurves } from '../api.js';
import { curveTags, useCurveText } from './curveText.js';
import { multiRingHeight, multiRingOption, singleRingOption, STATE_COLORS } from './curvesOption.js';
import type { NamedTag } from './tags.js';
import { useT } from '../../../core/i18n.js';

export interface CurvesCardProps {
  data: RingCurves;
  index: Map<string, NamedTag>;
  stale: boolean;
}

/** The tags the answer holds, in the order asked (a previous answer on screen may hold others than the form). */
const answeredTags = (data: RingCurves): string[] => data.rings.find((ring) => ring.series.length > 0)?.series.map((line) => line.code) ?? [];

/**
 * Zoom is by wheel, pinch or drag inside the chart; this puts the whole ring back. A new chart is
 * mounted (the key), which is what every other change of the curves does too.
 */
function ResetZoom({ onReset }: { onReset(): void }) {
  const t = useT();
  return (
    <Space size="small">
      <span className="stat-hint">{t('statistic.curves.zoomHint')}</span>
      <Button size="small" icon={<ZoomOutOutlined />} onClick={onReset} data-testid="curves-reset-zoom">
        {t('statistic.curves.resetZoom')}
      </Button>
    </Space>
  );
}

/** One ring's curves with its times and the legend of the shaded machine states. */
export function SingleRingCard({ data, index, stale }: CurvesCardProps) {
  const t = useT();
  const text = useCurveText();
  const [zoomKey, setZoomKey] = useState(0);
  const ring = data.rings[0];
  if (!ring) return <Empty className="stat-empty" description={t('statistic.page.emptyRange')} data-testid="curves-empty" />;
  if (ring.frames === 0) {
    return <Empty className="stat-empty" description={t('statistic.curves.noFrames', { ringNo: ring.ringNo })} data-testid="curves-empty" />;
  }
  const option = singleRingOption(ring, curveTags(answeredTags(data), index), data.axis, data.timeZone, text);
  const present = new Set(ring.bands.map((band) => band.state));
  return (
    <Card
      size="small"
      className={stale ? 'stat-stale' : undefined}
      title={
        <span className="stat-ring-line" data-testid="curves-ring-line">
          {t('statistic.curves.ringLine', {
            ringNo: ring.ringNo,
            start: formatInstant(ring.start, data.timeZone, DATE_FORMATS.dateTime),
            end: formatInstant(ring.end, data.timeZone, DATE_FORMATS.dateTime),
            duration: formatHm(ring.end - ring.start),
          })}
        </span>
      }
      extra={<ResetZoom onReset={() => setZoomKey((k) => k + 1)} />}
    >
      <Chart key={zoomKey} option={option} height={420} label={t('statistic.curves.chartSingle', { ringNo: ring.ringNo })} data-testid="single-ring-chart" />
      {data.axis === 'time' && present.size > 0 ? (
        <ul className="stat-states" aria-label={t('statistic.curves.state')} data-testid="curves-states">
          {MACHINE_STATES.filter((state) => present.has(state)).map((state) => (
            <li key={state}>
              <span className="stat-swatch" style={{ background: STATE_COLORS[state] }} />
              {t(MACHINE_STATE_KEYS[state])}
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

/** Several rings overlaid, one panel per tag; rings without frames are named above the chart. */
export function MultiRingCard({ data, index, stale }: CurvesCardProps) {
  const t = useT();
  const text = useCurveText();
  const [zoomKey, setZoomKey] = useState(0);
  const empty = data.rings.filter((ring) => ring.frames === 0);
  if (data.rings.length === 0 || empty.length === data.rings.length) {
    const first = data.rings[0];
    return (
      <Empty
        className="stat-empty"
        description={data.rings.length === 1 && first ? t('statistic.curves.noFrames', { ringNo: first.ringNo }) : t('statistic.curves.noFramesAny')}
        data-testid="curves-empty"
      />
    );
  }
  const chosen = curveTags(answeredTags(data), index);
  const axis: RingAxis = data.axis;
  return (
    <Card size="small" className={stale ? 'stat-stale' : undefined} title={t('statistic.curves.chartMulti', { number: data.rings.length - empty.length })} extra={<ResetZoom onReset={() => setZoomKey((k) => k + 1)} />}>
      {empty.length > 0 ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('statistic.curves.noFramesSome', { rings: empty.map((ring) => ring.ringNo).join(', ') })}
          data-testid="curves-missing"
        />
      ) : null}
      <Chart
        key={zoomKey}
        option={multiRingOption(data.rings, chosen, axis, text)}
        height={multiRingHeight(chosen.length)}
        label={t('statistic.curves.chartMulti', { number: data.rings.length - empty.length })}
        data-testid="multi-ring-chart"
      />
    </Card>
  );
}
