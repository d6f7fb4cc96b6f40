import type { IndexPageData } from '@boreline/contracts';
import { Card, Descriptions, Progress } from 'antd';
import { useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';

/** How far the drive is: rings built against the planned rings of the tunnel. */
export function DriveProgress({ data }: { data: IndexPageData }) {
  const t = useT();
  const f = useFormat();
  const remaining = Math.max(0, data.planned.rings - data.total.rings);
  return (
    <Card size="small" title={t('project.home.driveProgress')} style={{ height: '100%' }}>
      <div style={{ display: 'flex', justifyContent: 'center', paddingBlock: 8 }}>
        <Progress
          type="dashboard"
          percent={data.progress * 100}
          format={() => f.percent(data.progress)}
          size={132}
          aria-label={t('project.home.driveProgress')}
          data-testid="drive-progress"
        />
      </div>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'built', label: t('project.home.ringsBuilt'), children: `${f.number(data.total.rings, 0)} / ${f.number(data.planned.rings, 0)}` },
          { key: 'remaining', label: t('project.home.ringsRemaining'), children: f.number(remaining, 0) },
        ]}
      />
    </Card>
  );
}
