import { DeleteOutlined, EditOutlined, EyeOutlined, HistoryOutlined, LinkOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { DATE_FORMATS } from '@boreline/contracts';
import { Alert, Button, Card, Empty, Space, Tag, Tooltip, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { saveFile } from '../../../core/api/download.js';
import { showApiError } from '../../../core/forms.js';
import { formatInstant } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { ConfirmDelete } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { ReportTabs } from '../../report/index.js';
import {
  deleteSubscription,
  renderPreview,
  sendSubscription,
  type Subscription,
  SUBSCRIPTION_KEYS,
  toolPageTicket,
  useDeliveryOptions,
  useSubscriptions,
} from '../api.js';
import { DeliveryLogDrawer, DeliveryStateTag } from '../components/DeliveryLogDrawer.js';
import { SecretDialog } from '../components/SecretDialog.js';
import { SubscriptionDialog } from '../components/SubscriptionDialog.js';
import { FORMAT_LABELS, SIZE_LABELS, TOOL_LABELS } from '../labels.js';
import '../delivery.css';

/** Report subscriptions of the current run (/fw1/report/subscriptions), under the reports. */
export function SubscriptionsPage() {
  const run = useFramework((s) => s.run);
  return run ? <Subscriptions run={run} /> : <ChooseProject />;
}

type Editing = { subscription: Subscription | null } | null;

function useScheduleText() {
  const t = useT();
  return (s: Subscription['schedule']): string => {
    switch (s.kind) {
      case 'shift':
        return t('deliveryWeb.schedule.afterShift');
      case 'daily':
        return t('deliveryWeb.schedule.dailyAt', { time: s.time });
      case 'weekly':
        return t('deliveryWeb.schedule.weeklyAt', { time: s.time });
    }
  };
}

function Subscriptions({ run }: { run: CurrentRun }) {
  const t = useT();
  const scheduleText = useScheduleText();
  const options = useDeliveryOptions();
  const list = useSubscriptions(run.runId);
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Subscription | null>(null);
  const [logOf, setLogOf] = useState<Subscription | null>(null);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const send = useMutationWithNotice({
    mutationFn: (s: Subscription) => sendSubscription(s.id),
    success: t('deliveryWeb.action.sent'),
    invalidate: [SUBSCRIPTION_KEYS.all],
    onSuccess: (_delivery, s) => setLogOf(s),
  });
  const remove = useMutationWithNotice({ mutationFn: deleteSubscription, success: t('common.outcome.deleteSuccess'), invalidate: [SUBSCRIPTION_KEYS.all] });
  const canRender = options.data?.render !== false;
  const at = (ms: number | null) => (ms === null ? '—' : formatInstant(ms, run.timeZone, DATE_FORMATS.dateTime));
  const rows = list.data ?? [];

  const preview = async (s: Subscription) => {
    setPreviewing(s.id);
    try {
      const file = await renderPreview(s);
      saveFile(file.blob, file.fileName ?? `${s.name}.${s.format}`);
    } catch (error) {
      showApiError(error);
    } finally {
      setPreviewing(null);
    }
  };
  const openTool = async (s: Subscription) => {
    setOpening(s.id);
    try {
      const { path } = await toolPageTicket(s);
      window.open(path, '_blank', 'noopener,noreferrer');
    } catch (error) {
      showApiError(error);
    } finally {
      setOpening(null);
    }
  };

  const channels = (s: Subscription) => (
    <Space size={[4, 4]} wrap>
      {s.channels.message ? <Tag>{t('deliveryWeb.channel.message')}</Tag> : null}
      {s.channels.emails.length > 0 ? (
        <Tooltip title={s.channels.emails.join(', ')}>
          <Tag>{t('deliveryWeb.table.emails', { count: s.channels.emails.length })}</Tag>
        </Tooltip>
      ) : null}
      {s.channels.webhookUrl ? (
        <Tooltip title={s.channels.webhookUrl}>
          <Tag>{t('deliveryWeb.channel.webhook')}</Tag>
        </Tooltip>
      ) : null}
    </Space>
  );

  const newButton = (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ subscription: null })} data-testid="subscription-new">
      {t('deliveryWeb.action.new')}
    </Button>
  );

  return (
    <div data-testid="subscriptions-page">
      <Suspense fallback={null}>
        <ReportTabs />
      </Suspense>
      <Card
        title={t('deliveryWeb.page.title')}
        extra={
          <Typography.Text type="secondary">
            {run.projectName} · {run.tbmCode} · {t('deliveryWeb.page.zone', { zone: run.timeZone })}
          </Typography.Text>
        }
      >
        <Typography.Paragraph type="secondary">{t('deliveryWeb.page.intro')}</Typography.Paragraph>
        {options.data && !options.data.render ? <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('deliveryWeb.options.noBrowser')} data-testid="option-no-browser" /> : null}
        {options.data && !options.data.email ? <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('deliveryWeb.options.noEmail')} data-testid="option-no-email" /> : null}
        {list.isSuccess && rows.length === 0 ? (
          <Empty description={t('deliveryWeb.page.empty')} data-testid="subscriptions-empty">
            {newButton}
          </Empty>
        ) : (
          <DataTable<Subscription>
            source={list}
            rowKey="id"
            toolbar={newButton}
            data-testid="subscriptions-table"
            columns={[
              { key: 'name', title: t('deliveryWeb.field.name'), render: (_: unknown, s: Subscription) => <span data-testid="subscription-row-name">{s.name}</span> },
              { key: 'tool', title: t('deliveryWeb.field.tool'), render: (_: unknown, s: Subscription) => t(TOOL_LABELS[s.tool]) },
              { key: 'schedule', title: t('deliveryWeb.field.schedule'), render: (_: unknown, s: Subscription) => scheduleText(s.schedule) },
              { key: 'format', title: t('deliveryWeb.table.formatSize'), render: (_: unknown, s: Subscription) => `${t(FORMAT_LABELS[s.format])} · ${t(SIZE_LABELS[s.size])}` },
              { key: 'channels', title: t('deliveryWeb.form.channels'), render: (_: unknown, s: Subscription) => channels(s) },
              {
                key: 'enabled',
                title: t('deliveryWeb.field.enabled'),
                width: 90,
                render: (_: unknown, s: Subscription) => (s.enabled ? <Tag color="green">{t('deliveryWeb.table.on')}</Tag> : <Tag>{t('deliveryWeb.table.off')}</Tag>),
              },
              { key: 'nextDueAt', title: t('deliveryWeb.table.nextDue'), width: 140, render: (_: unknown, s: Subscription) => at(s.nextDueAt) },
              {
                key: 'last',
                title: t('deliveryWeb.table.lastDelivery'),
                width: 150,
                render: (_: unknown, s: Subscription) =>
                  s.lastDelivery ? (
                    <Space orientation="vertical" size={0}>
                      <DeliveryStateTag state={s.lastDelivery.state} />
                      <Typography.Text type="secondary">{at(s.lastDelivery.dueAt)}</Typography.Text>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">{t('deliveryWeb.table.never')}</Typography.Text>
                  ),
              },
              {
                key: 'actions',
                title: '',
                width: 260,
                render: (_: unknown, s: Subscription) => (
                  <Space size={4} wrap>
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing({ subscription: s })} data-testid="subscription-edit">
                      {t('deliveryWeb.action.edit')}
                    </Button>
                    <Button size="small" icon={<SendOutlined />} loading={send.isPending && send.variables?.id === s.id} onClick={() => send.mutate(s)} data-testid="subscription-send">
                      {t('deliveryWeb.action.send')}
                    </Button>
                    <Button size="small" icon={<HistoryOutlined />} onClick={() => setLogOf(s)} data-testid="subscription-log">
                      {t('deliveryWeb.action.log')}
                    </Button>
                    <Tooltip title={canRender ? null : t('deliveryWeb.options.noBrowser')}>
                      <Button size="small" icon={<EyeOutlined />} disabled={!canRender} loading={previewing === s.id} onClick={() => void preview(s)} data-testid="subscription-preview">
                        {previewing === s.id ? t('deliveryWeb.action.rendering') : t('deliveryWeb.action.preview')}
                      </Button>
                    </Tooltip>
                    <Button size="small" icon={<LinkOutlined />} loading={opening === s.id} onClick={() => void openTool(s)} data-testid="subscription-open">
                      {t('deliveryWeb.action.open')}
                    </Button>
                    <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(s)} aria-label={t('ui.confirmDelete.ok')} data-testid="subscription-delete" />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <SubscriptionDialog
        open={editing !== null}
        runId={run.runId}
        editing={editing?.subscription ?? null}
        options={options.data}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          void list.refetch();
          if (saved.webhookSecret) setSecret(saved.webhookSecret);
        }}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <DeliveryLogDrawer
        subscription={logOf}
        timeZone={run.timeZone}
        onClose={() => {
          setLogOf(null);
          // What the log saw happen shows in the list's last delivery too.
          void list.refetch();
        }}
      />
      <ConfirmDelete
        open={deleting !== null}
        title={t('deliveryWeb.action.deleteTitle', { name: deleting?.name ?? '' })}
        description={t('deliveryWeb.action.deleteText')}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
