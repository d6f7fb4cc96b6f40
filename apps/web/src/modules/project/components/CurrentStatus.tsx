import { DATE_FORMATS, type IndexPageData, type projectContract } from '@boreline/contracts';
import { Card, Descriptions, Space, Typography } from 'antd';
import type { z } from 'zod';
import { formatInstant, formatLocalDate, useFormat } from '../../../core/format.js';
import { useNow } from '../../../core/useNow.js';
import { StatusTag } from '../../../ui/StatusTag.js';
import { useT } from '../../../core/i18n.js';

type RunState = z.output<typeof projectContract.RunStateSchema>;

export interface CurrentStatusProps {
  data: IndexPageData;
  /** The live state (read every 30 s); the board's figures stand in until it arrives. */
  state: RunState | undefined;
  timeZone: string;
}

/** What the machine is doing now and for how long, where it is, and when the drive should end. */
export function CurrentStatus({ data, state, timeZone }: CurrentStatusProps) {
  const t = useT();
  const f = useFormat();
  const now = useNow(15_000);
  const status = state?.status ?? data.status;
  const since = state ? state.since : data.statusSince;
  const ring = state?.ringNo ?? data.currentRing;
  const chainage = state?.chainage ?? data.currentChainage;
  return (
    <Card size="small" title={t('project.home.currentStatus')} style={{ height: '100%' }} data-testid="current-status">
      <Space orientation="vertical" size={2} style={{ paddingBlock: 8 }}>
        <Space size="middle" align="center">
          <StatusTag status={status} />
          {since === null ? null : (
            <Typography.Text strong style={{ fontSize: 20 }} data-testid="status-duration">
              {f.duration(now - since)}
            </Typography.Text>
          )}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {since === null ? '\u00a0' : t('project.status.since', { time: formatInstant(since, timeZone, DATE_FORMATS.dateTime) })}
        </Typography.Text>
      </Space>
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'ring', label: t('project.list.currentRing'), children: <span data-testid="home-ring">{ring ?? '—'}</span> },
          { key: 'chainage', label: t('project.list.currentChainage'), children: <span data-testid="home-chainage">{f.chainage(chainage)}</span> },
          {
            key: 'forecast',
            label: t('project.home.forecastFinish'),
            children:
              data.forecastFinish !== null ? (
                <span data-testid="home-forecast">
                  {formatLocalDate(data.forecastFinish, DATE_FORMATS.date)}
                  {data.pace.ringsPerDay === null ? null : (
                    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                      {t('project.home.forecastPace', { days: data.pace.days, rate: f.number(data.pace.ringsPerDay, 2) })}
                    </Typography.Text>
                  )}
                </span>
              ) : data.progress >= 1 ? (
                t('project.home.driveComplete')
              ) : (
                t('project.home.noForecast', { days: data.pace.days })
              ),
          },
        ]}
      />
    </Card>
  );
}
