import { type ConnectionState, DATE_FORMATS, type Disconnection, monitorContract as m } from '@boreline/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Space, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { formatInstant, useFormat } from '../../../core/format.js';
import { realtime } from '../../../core/realtime/realtime.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { useT } from '../../../core/i18n.js';

/** Connection state of the machine's data service (spec §2 stm_connect_state_query): now, and the history of disconnections. */
export function ConnectStatePage() {
  const run = useFramework((s) => s.run);
  return run ? <ConnectState run={run} /> : <ChooseProject />;
}

function ConnectState({ run }: { run: CurrentRun }) {
  const t = useT();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const current = useQuery({ queryKey: ['connectState', run.runId], queryFn: () => call(m.connectStateQuery, { runId: run.runId }) });
  const history = useQuery({
    queryKey: ['connectHistory', run.runId, page, pageSize],
    queryFn: () => call(m.connectStatePage, { runId: run.runId, page, pageSize }),
  });
  // A connection event of the run changes both the state and the list.
  const { refetch: refetchCurrent } = current;
  const { refetch: refetchHistory } = history;
  useEffect(
    () =>
      realtime.subscribe('state', run.runId, (message) => {
        if (message.type === 'state' && message.event.kind === 'connection') {
          void refetchCurrent();
          void refetchHistory();
        }
      }),
    [run.runId, refetchCurrent, refetchHistory],
  );
  const state: ConnectionState | undefined = current.data?.[0];
  const at = (ms: number | null) => (ms === null ? '—' : formatInstant(ms, run.timeZone, DATE_FORMATS.dateTimeSeconds));

  return (
    <Card title={t('realtime.connection.title')} data-testid="connect-state">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Space size="large" wrap data-testid="connect-now">
          <Typography.Text strong>
            {run.projectName} · {run.tbmCode}
          </Typography.Text>
          {state ? (
            <Badge status={state.connected ? 'success' : 'error'} text={t(state.connected ? 'realtime.connection.connected' : 'realtime.connection.disconnected')} />
          ) : null}
          {state?.since ? (
            <Typography.Text type="secondary">
              {t('realtime.connection.since', { time: at(state.since), duration: format.duration(Date.now() - state.since) })}
            </Typography.Text>
          ) : null}
          {state ? <Typography.Text type="secondary">{t('realtime.connection.lastData', { time: at(state.lastFrameAt) })}</Typography.Text> : null}
        </Space>
        <Table<Disconnection>
          data-testid="connect-history"
          rowKey="id"
          size="middle"
          loading={history.isLoading}
          dataSource={history.data?.records ?? []}
          locale={{ emptyText: t('realtime.connection.noDisconnections') }}
          pagination={{
            current: page,
            pageSize,
            total: history.data?.total ?? 0,
            showSizeChanger: true,
            onChange: (p, s) => {
              setPage(p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: t('realtime.connection.disconnectedAt'), dataIndex: 'disconnectedAt', render: (v: number) => at(v), width: 200 },
            {
              title: t('realtime.connection.reconnectedAt'),
              dataIndex: 'reconnectedAt',
              width: 200,
              render: (v: number | null) => (v === null ? <Badge status="error" text={t('realtime.connection.stillDisconnected')} /> : at(v)),
            },
            { title: t('realtime.connection.duration'), dataIndex: 'durationMs', render: (v: number | null) => (v === null ? '—' : format.duration(v)) },
          ]}
        />
      </Space>
    </Card>
  );
}
