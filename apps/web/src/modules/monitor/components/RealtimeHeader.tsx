import { ClockCircleOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { Alert, Badge, Card, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { formatInstant, useFormat } from '../../../core/format.js';
import { StatusTag } from '../../../ui/StatusTag.js';
import { NearestRiskZone } from '../../risk/index.js';
import type { DeviceSummary } from './deviceSummary.js';
import type { DiagramStatus } from './diagramSvg.js';
import { useT } from '../../../core/i18n.js';

export interface RealtimeHeaderProps {
  projectName: string;
  tbmCode: string;
  timeZone: string;
  summary: DeviceSummary;
  texts: DiagramStatus;
  /** Machine time of the newest frame shown. */
  frameTs: number | null;
  /** When the newest data arrived (null: never). */
  lastDataAt: number | null;
  stale: boolean;
  /** The first values are still being read: neither live nor stale yet. */
  loading: boolean;
  now: number;
  /** The run whose nearest risk zone is shown (not in the H5 view). */
  runId?: number;
  /** The run's current alarms (alarm module), when the user may read them. */
  alarms?: ReactNode;
}

/** Which machine, what it does and since when, where it is, and whether what is shown is live. */
export function RealtimeHeader(props: RealtimeHeaderProps) {
  const t = useT();
  const { summary, texts, stale, loading, frameTs } = props;
  const live = !loading && !stale;
  return (
    <>
      <Card size="small" styles={{ body: { padding: '6px 12px' } }} data-testid="rta-header">
        <div className="rt-header">
          <Typography.Text strong ellipsis={{ tooltip: props.projectName }} className="rt-header-project">
            {props.projectName} · {props.tbmCode}
          </Typography.Text>
          <span className="rt-header-item" data-testid="rta-state">
            {summary.status === null ? '--' : <StatusTag status={summary.status} />}
            <span title={t('realtime.header.stateDuration')} data-testid="rta-state-duration">
              <ClockCircleOutlined /> {texts.since}
            </span>
          </span>
          <span className="rt-header-item">
            <Typography.Text type="secondary">{t('project.list.currentRing')}</Typography.Text>
            <strong data-testid="rta-ring">{texts.ring}</strong>
          </span>
          <span className="rt-header-item">
            <Typography.Text type="secondary">{t('project.list.currentChainage')}</Typography.Text>
            <strong data-testid="rta-chainage">{texts.chainage}</strong>
          </span>
          {props.runId === undefined ? null : (
            <span className="rt-header-item">
              <NearestRiskZone runId={props.runId} />
            </span>
          )}
          {props.alarms ? (
            <span className="rt-header-item" data-testid="rta-alarms">
              {props.alarms}
            </span>
          ) : null}
          <span className="rt-header-item rt-header-end" data-testid="rta-connection" data-connected={summary.connected ?? undefined}>
            {summary.connected === null ? null : <Badge status={summary.connected ? 'success' : 'error'} text={texts.connection} />}
          </span>
          <span className="rt-header-item" data-testid="rta-live" data-live={live}>
            {loading ? null : live ? <Badge status="processing" text={t('realtime.header.live')} /> : <Tag color="warning">{t('realtime.header.notLive')}</Tag>}
          </span>
          <Typography.Text type="secondary" data-testid="rta-frame-time" data-ts={frameTs ?? undefined}>
            {t('realtime.header.dataTime', { time: frameTs === null ? '--' : dayjs(frameTs).tz(props.timeZone).format('HH:mm:ss') })}
          </Typography.Text>
        </div>
      </Card>
      {!loading && stale ? <StaleAlert lastDataAt={props.lastDataAt} timeZone={props.timeZone} now={props.now} /> : null}
    </>
  );
}

/** Said in words, so nobody takes the values on screen for the machine's present state. */
function StaleAlert({ lastDataAt, timeZone, now }: { lastDataAt: number | null; timeZone: string; now: number }) {
  const t = useT();
  const f = useFormat();
  let message: string;
  if (lastDataAt === null) message = t('realtime.stale.noData');
  else {
    const age = Math.max(0, now - lastDataAt);
    const noDataFor = age < 60_000 ? t('realtime.stale.noDataForSeconds', { seconds: Math.floor(age / 1000) }) : t('realtime.stale.noDataFor', { duration: f.duration(age) });
    message = `${noDataFor} · ${t('realtime.stale.lastData', { time: formatInstant(lastDataAt, timeZone, DATE_FORMATS.dateTimeSeconds) })}`;
  }
  return <Alert type="warning" showIcon title={message} className="rt-stale-alert" data-testid="stale-alert" role="alert" />;
}
