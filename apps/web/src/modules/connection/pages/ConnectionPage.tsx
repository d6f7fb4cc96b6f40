import { CopyOutlined, KeyOutlined } from '@ant-design/icons';
import { type ConnectionStatus, connectionContract as cc, DATE_FORMATS, type IngestSource, type Refusal, type RefusalReason, telemetryContract } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, Input, Modal, Row, Space, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../core/api/client.js';
import { formatInstant, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { useConfirmAction } from '../../../ui/useConfirmAction.js';

const SOURCE_NAMES: Record<IngestSource, MessageKey> = {
  http: 'connection.source.http',
  mqtt: 'connection.source.mqtt',
  simulator: 'connection.source.simulator',
};

const REASON_NAMES: Record<RefusalReason, MessageKey> = {
  notJson: 'connection.reason.notJson',
  badPayload: 'connection.reason.badPayload',
  noKey: 'connection.reason.noKey',
  wrongKey: 'connection.reason.wrongKey',
  noKeyIssued: 'connection.reason.noKeyIssued',
  runClosed: 'connection.reason.runClosed',
  tooLarge: 'connection.reason.tooLarge',
};

/** The page reads the status again this often (frames per minute, last frame, refusals). */
export const CONNECTION_REFRESH_MS = 5_000;

/** How a machine sends data to the current run, and what of it was refused (issue 18). */
export function ConnectionPage() {
  const run = useFramework((s) => s.run);
  return run ? <Connection run={run} /> : <ChooseProject />;
}

function useCopy() {
  const t = useT();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      notify.show('success', t('connection.copied'));
    } catch {
      notify.show('warning', t('connection.copyFailed'));
    }
  };
}

/** A value to copy as it is: an address, a key, an example. */
function CopyText({ value, label, multiline = false, testId }: { value: string; label: string; multiline?: boolean; testId: string }) {
  const t = useT();
  const copy = useCopy();
  return (
    <Space.Compact style={{ width: '100%' }}>
      {multiline ? (
        <Input.TextArea readOnly value={value} aria-label={label} autoSize={{ minRows: 1, maxRows: 6 }} style={{ fontFamily: 'monospace' }} data-testid={testId} />
      ) : (
        <Input readOnly value={value} aria-label={label} style={{ fontFamily: 'monospace' }} data-testid={testId} />
      )}
      <Button icon={<CopyOutlined />} onClick={() => void copy(value)} aria-label={`${t('connection.copy')} ${label}`}>
        {t('connection.copy')}
      </Button>
    </Space.Compact>
  );
}

function Connection({ run }: { run: CurrentRun }) {
  const t = useT();
  const format = useFormat();
  const canRotate = useFramework((s) => canUse(s, 'telemetry.ingestKey.write'));
  const [confirming, setConfirming] = useState(false);
  /** The key just issued: shown once, and put into the examples while the page stays open. */
  const [issuedKey, setIssuedKey] = useState<string | null>(null);
  const [showKey, setShowKey] = useState(false);
  const status = useQuery({
    queryKey: ['connectionStatus', run.runId],
    queryFn: () => call(cc.connectionStatusQuery, { runId: run.runId }),
    refetchInterval: CONNECTION_REFRESH_MS,
  });
  const rotate = useMutationWithNotice({
    mutationFn: () => call(telemetryContract.ingestKeyRotate, { runId: run.runId }),
    success: null,
    invalidate: [['connectionStatus', run.runId]],
    onSuccess: ({ key }) => {
      setIssuedKey(key);
      setShowKey(true);
    },
  });
  const { pending, handleOk } = useConfirmAction(() => rotate.mutateAsync(undefined), () => setConfirming(false));
  const at = (ms: number | null) => (ms === null ? '—' : formatInstant(ms, run.timeZone, DATE_FORMATS.dateTimeSeconds));
  const withKey = (text: string) => (issuedKey ? text.split(cc.INGEST_KEY_PLACEHOLDER).join(issuedKey) : text);
  const sourceName = (source: IngestSource | 'http' | 'mqtt' | null) => (source === null ? '—' : t(SOURCE_NAMES[source]));
  const data: ConnectionStatus | undefined = status.data;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="connection-page">
      <Card
        title={t('connection.title')}
        loading={status.isLoading}
        extra={
          <Typography.Text type="secondary">
            {run.projectName} · {run.tbmCode}
          </Typography.Text>
        }
      >
        {status.isError ? <Alert type="error" showIcon title={t('connection.loadFailed')} /> : null}
        {data ? (
          <Row gutter={[16, 16]} data-testid="connection-figures">
            <Col xs={12} md={6}>
              <Statistic title={t('connection.status.lastFrame')} value={data.lastFrameAt === null ? t('connection.status.never') : at(data.lastFrameAt)} />
              {data.lastFrameAt !== null ? (
                <Typography.Text type="secondary">{t('connection.status.ago', { duration: format.duration(Math.max(0, Date.now() - data.lastFrameAt)) })}</Typography.Text>
              ) : null}
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('connection.status.source')} value={sourceName(data.lastSource)} />
              <Typography.Text type="secondary">
                {t('connection.status.machineTime', { time: at(data.lastFrameTs) })}
              </Typography.Text>
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('connection.status.framesPerMinute')} value={data.framesPerMinute} />
              <Typography.Text type="secondary">{t('connection.status.rateNote')}</Typography.Text>
            </Col>
            <Col xs={12} md={6}>
              <Statistic title={t('connection.status.refused')} value={data.refusedTotal} styles={data.refusedTotal > 0 ? { content: { color: '#cf1322' } } : undefined} />
              <Typography.Text type="secondary">{t('connection.refresh', { seconds: CONNECTION_REFRESH_MS / 1000 })}</Typography.Text>
            </Col>
          </Row>
        ) : null}
      </Card>

      {data ? (
        <>
          <Card title={t('connection.key.title')} data-testid="connection-key">
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text data-testid="connection-key-state">
                {data.key.issued
                  ? data.key.issuedAt === null
                    ? t('connection.key.issuedUnknown')
                    : t('connection.key.issuedAt', { time: at(data.key.issuedAt) })
                  : t('connection.key.none')}
              </Typography.Text>
              {canRotate ? (
                <Button icon={<KeyOutlined />} danger={data.key.issued} onClick={() => setConfirming(true)} data-testid="connection-rotate">
                  {data.key.issued ? t('connection.key.rotate') : t('connection.key.issue')}
                </Button>
              ) : null}
              {issuedKey ? <Alert type="info" showIcon title={t('connection.key.examplesFilled')} /> : null}
            </Space>
          </Card>

          <Card title={t('connection.address.title')} data-testid="connection-addresses">
            <Descriptions column={1} bordered size="small" styles={{ label: { width: 220 } }}>
              <Descriptions.Item label={t('connection.address.http')}>
                <CopyText value={data.http.url} label={t('connection.address.http')} testId="connection-http-url" />
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0, marginTop: 8 }}>
                  {t('connection.address.httpKey')}
                </Typography.Paragraph>
              </Descriptions.Item>
              <Descriptions.Item label={t('connection.address.mqttTopic')}>
                <CopyText value={data.mqtt.topic} label={t('connection.address.mqttTopic')} testId="connection-mqtt-topic" />
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0, marginTop: 8 }}>
                  {data.mqtt.trustsBrokerAcl ? t('connection.address.mqttTrusted') : t('connection.address.mqttKey')}
                </Typography.Paragraph>
                {data.mqtt.enabled ? null : <Alert type="warning" showIcon title={t('connection.address.mqttOff')} style={{ marginTop: 8 }} data-testid="connection-mqtt-off" />}
              </Descriptions.Item>
            </Descriptions>
          </Card>

          <Card title={t('connection.example.title')} data-testid="connection-examples">
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Typography.Text strong>{t('connection.example.curl')}</Typography.Text>
              <CopyText multiline value={withKey(data.http.curl)} label={t('connection.example.curl')} testId="connection-example-curl" />
              <Typography.Text strong>{t('connection.example.httpBody')}</Typography.Text>
              <CopyText multiline value={withKey(data.http.example)} label={t('connection.example.httpBody')} testId="connection-example-http" />
              <Typography.Text strong>{t('connection.example.mosquittoPub')}</Typography.Text>
              <CopyText multiline value={withKey(data.mqtt.mosquittoPub)} label={t('connection.example.mosquittoPub')} testId="connection-example-mosquitto" />
              <Typography.Text strong>{t('connection.example.mqttPayload')}</Typography.Text>
              <CopyText multiline value={withKey(data.mqtt.example)} label={t('connection.example.mqttPayload')} testId="connection-example-mqtt" />
            </Space>
          </Card>

          <Card title={t('connection.refusals.title', { count: cc.REFUSALS_KEPT })}>
            <Table<Refusal>
              data-testid="connection-refusals"
              rowKey="id"
              size="small"
              pagination={false}
              loading={status.isFetching && !status.data}
              dataSource={data.refusals}
              locale={{ emptyText: t('connection.refusals.empty') }}
              scroll={{ x: 800 }}
              columns={[
                { title: t('connection.refusals.at'), dataIndex: 'at', width: 190, render: (v: number) => at(v) },
                { title: t('connection.refusals.source'), dataIndex: 'source', width: 90, render: (v: 'http' | 'mqtt') => <Tag>{sourceName(v)}</Tag> },
                { title: t('connection.refusals.reason'), dataIndex: 'reason', width: 220, render: (v: RefusalReason) => t(REASON_NAMES[v]) },
                {
                  title: t('connection.refusals.excerpt'),
                  dataIndex: 'excerpt',
                  render: (v: string) => (
                    <Typography.Text code style={{ wordBreak: 'break-all' }}>
                      {v === '' ? '—' : v}
                    </Typography.Text>
                  ),
                },
              ]}
            />
          </Card>
        </>
      ) : null}

      <Modal
        open={confirming}
        title={data?.key.issued ? t('connection.key.confirmTitle') : t('connection.key.issue')}
        okText={data?.key.issued ? t('connection.key.confirmOk') : t('connection.key.issue')}
        cancelText={t('ui.dialog.cancel')}
        okButtonProps={{ danger: data?.key.issued === true, loading: pending }}
        cancelButtonProps={{ disabled: pending }}
        onOk={() => void handleOk()}
        onCancel={() => (pending ? undefined : setConfirming(false))}
        destroyOnHidden
      >
        <p>{data?.key.issued ? t('connection.key.confirmText') : t('connection.key.firstText')}</p>
      </Modal>

      <Modal open={showKey} title={t('connection.key.newTitle')} onCancel={() => setShowKey(false)} footer={null} destroyOnHidden>
        <Space orientation="vertical" style={{ width: '100%' }} data-testid="connection-new-key">
          <Alert type="warning" showIcon title={t('connection.key.shownOnce')} />
          <CopyText value={issuedKey ?? ''} label={t('connection.key.title')} testId="connection-key-value" />
        </Space>
      </Modal>
    </Space>
  );
}
