import type { LiveValues, MachineType } from '@boreline/contracts';
import { Card, Result, Skeleton } from 'antd';
import type { DiagramStatus } from './diagramSvg.js';
import { KeyFigures } from './KeyFigures.js';
import { MachineDiagram } from './MachineDiagram.js';
import { useT } from '../../../core/i18n.js';

export interface OverviewTabProps {
  machineType: MachineType;
  /** The diagram's SVG text; undefined while it loads. */
  svg: string | undefined;
  svgFailed: boolean;
  values: LiveValues;
  stale: boolean;
  status: DiagramStatus;
}

/** The machine diagram with its live values, and the key figures beside it. */
export function OverviewTab({ machineType, svg, svgFailed, values, stale, status }: OverviewTabProps) {
  const t = useT();
  return (
    <div className="rt-overview" data-testid="overview-tab">
      <Card size="small" styles={{ body: { padding: 8 } }}>
        {svg !== undefined ? (
          <MachineDiagram svg={svg} machineType={machineType} values={values} stale={stale} status={status} />
        ) : svgFailed ? (
          <Result status="warning" title={t('realtime.overview.diagramError')} />
        ) : (
          <Skeleton active paragraph={{ rows: 8 }} />
        )}
      </Card>
      <KeyFigures machineType={machineType} values={values} stale={stale} />
    </div>
  );
}
