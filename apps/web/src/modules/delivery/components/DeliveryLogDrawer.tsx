import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { Button, Drawer, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { saveFile } from '../../../core/api/download.js';
import { showApiError } from '../../../core/forms.js';
import { formatInstant } from '../../../core/format.js';
import { dataText, useT } from '../../../core/i18n.js';
import type { TableState } from '../../../core/queryParams.js';
import { DataTable } from '../../../ui/DataTable.js';
import { type Delivery, downloadDeliveryFile, type Subscription, useDeliveryLog } from '../api.js';
import { CHANNEL_LABELS, STATE_COLOURS, STATE_LABELS, TRIGGER_LABELS } from '../labels.js';

const FIRST_PAGE: TableState = { page: 1, pageSize: 10, sort: null };

/** A delivery's state as a coloured tag. */
export function DeliveryStateTag({ state }: { state: Delivery['state'] }) {
  const t = useT();
  return (
    <Tag color={STATE_COLOURS[state]} data-testid="delivery-state">
      {t(STATE_LABELS[state])}
    </Tag>
  );
}

const CHANNEL_COLOURS = { pending: 'blue', sent: 'green', failed: 'red' } as const;

/** The rendered file of a delivery, read with the session and handed to the browser's downloads. */
function FileButton({ delivery }: { delivery: Delivery }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const { fileId, fileName } = delivery;
  if (!fileId) return <Typography.Text type="secondary">—</Typography.Text>;
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadDeliveryFile(fileId);
      saveFile(file.blob, fileName ?? file.fileName ?? fileId);
    } catch (error) {
      showApiError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" icon={<DownloadOutlined />} loading={busy} onClick={() => void download()} title={fileName ?? undefined} className="delivery-file" data-testid="delivery-file">
      <span className="delivery-file-name">{fileName ?? t('deliveryWeb.log.file')}</span>
    </Button>
  );
}

/**
 * The delivery log of one subscription, newest first: when each delivery was due and why, how it
 * went on each channel (with the far side's answer when it failed), when it is tried again, and
 * its file. Read again by itself while a delivery is still pending.
 */
export function DeliveryLogDrawer({ subscription, timeZone, onClose }: { subscription: Subscription | null; timeZone: string; onClose: () => void }) {
  const t = useT();
  const [state, setState] = useState<TableState>(FIRST_PAGE);
  const [shown, setShown] = useState<number | null>(null);
  const id = subscription?.id ?? null;
  // Another subscription's log starts at its first page.
  if (id !== shown) {
    setShown(id);
    setState(FIRST_PAGE);
  }
  const log = useDeliveryLog(id, state.page, state.pageSize);
  const at = (ms: number | null) => (ms === null ? '—' : formatInstant(ms, timeZone, DATE_FORMATS.dateTime));
  return (
    <Drawer
      open={subscription !== null}
      onClose={onClose}
      size="large"
      title={subscription ? t('deliveryWeb.log.title', { name: subscription.name }) : ''}
      destroyOnHidden
      data-testid="delivery-log"
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void log.refetch()} loading={log.isFetching} data-testid="delivery-log-refresh">
          {t('deliveryWeb.log.refresh')}
        </Button>
      }
    >
      <DataTable<Delivery>
        source={log}
        rowKey="id"
        state={state}
        onStateChange={setState}
        size="small"
        emptyText={t('deliveryWeb.log.empty')}
        data-testid="delivery-log-table"
        columns={[
          { key: 'dueAt', title: t('deliveryWeb.log.dueAt'), width: 130, render: (_: unknown, d: Delivery) => at(d.dueAt) },
          { key: 'trigger', title: t('deliveryWeb.log.trigger'), width: 90, render: (_: unknown, d: Delivery) => t(TRIGGER_LABELS[d.trigger]) },
          {
            key: 'state',
            title: t('deliveryWeb.log.state'),
            width: 190,
            render: (_: unknown, d: Delivery) => (
              <Space orientation="vertical" size={0}>
                <DeliveryStateTag state={d.state} />
                <Typography.Text type="secondary">{t('deliveryWeb.log.attempts', { count: d.attempts })}</Typography.Text>
                {d.nextAttemptAt !== null ? <Typography.Text type="secondary">{t('deliveryWeb.log.nextAttempt', { time: at(d.nextAttemptAt) })}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            key: 'channels',
            title: t('deliveryWeb.log.channels'),
            render: (_: unknown, d: Delivery) => (
              <Space orientation="vertical" size={2} data-testid="delivery-channels">
                {d.error ? (
                  <Typography.Text type="danger" data-testid="delivery-error">
                    {dataText(t, d.error)}
                  </Typography.Text>
                ) : null}
                {d.channels.map((ch) => (
                  <div key={ch.channel} data-testid={`delivery-channel-${ch.channel}`}>
                    <Tag color={CHANNEL_COLOURS[ch.state]}>
                      {t(CHANNEL_LABELS[ch.channel])} · {t(STATE_LABELS[ch.state])}
                    </Tag>
                    {ch.attempts > 1 ? <Typography.Text type="secondary">{t('deliveryWeb.log.attempts', { count: ch.attempts })}</Typography.Text> : null}
                    {ch.error ? (
                      <Typography.Text type="danger" style={{ display: 'block', wordBreak: 'break-word' }}>
                        {dataText(t, ch.error)}
                      </Typography.Text>
                    ) : null}
                  </div>
                ))}
              </Space>
            ),
          },
          { key: 'file', title: t('deliveryWeb.log.file'), width: 180, render: (_: unknown, d: Delivery) => <FileButton delivery={d} /> },
        ]}
      />
    </Drawer>
  );
}
