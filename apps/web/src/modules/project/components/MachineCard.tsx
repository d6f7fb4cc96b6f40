import { LoginOutlined } from '@ant-design/icons';
import { DATE_FORMATS, type RunListItem } from '@boreline/contracts';
import { Button, Card, Descriptions, Progress, Space, Typography } from 'antd';
import { formatInstant, useFormat } from '../../../core/format.js';
import { StatusTag } from '../../../ui/StatusTag.js';
import { useT } from '../../../core/i18n.js';

export interface MachineCardProps {
  run: RunListItem;
  entering: boolean;
  onEnter(runId: number): void;
}

/** One machine on the board: its state and since when (on the site's clock), ring, chainage, progress. */
export function MachineCard({ run, entering, onEnter }: MachineCardProps) {
  const t = useT();
  const f = useFormat();
  return (
    <Card
      size="small"
      data-testid="machine-card"
      title={
        <Space orientation="vertical" size={0} style={{ minWidth: 0, paddingBlock: 6 }}>
          <Typography.Text strong ellipsis={{ tooltip: run.projectName }}>
            {run.projectName}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {run.tbmCode} · {run.lineName}
          </Typography.Text>
        </Space>
      }
      extra={<StatusTag status={run.status} />}
      actions={[
        <Button key="enter" type="link" size="small" icon={<LoginOutlined />} loading={entering} onClick={() => onEnter(run.runId)}>
          {t('project.list.enter')}
        </Button>,
      ]}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {run.statusSince === null ? '\u00a0' : t('project.status.since', { time: formatInstant(run.statusSince, run.timeZone, DATE_FORMATS.dayMonthTime) })}
      </Typography.Text>
      <Progress percent={run.progress * 100} format={() => f.percent(run.progress)} size="small" aria-label={t('project.list.progress')} />
      <Descriptions
        size="small"
        column={2}
        colon={false}
        style={{ marginTop: 4 }}
        items={[
          { key: 'ring', label: t('project.list.currentRing'), children: run.currentRing ?? '—' },
          { key: 'chainage', label: t('project.list.currentChainage'), children: f.chainage(run.currentChainage) },
        ]}
      />
    </Card>
  );
}
