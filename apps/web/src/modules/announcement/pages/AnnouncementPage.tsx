import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { announcementContract as c, LIMITS } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Checkbox, DatePicker, Empty, Form, Input, Select, Space, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { ANNOUNCEMENT_KEY, addAnnouncement, deleteAnnouncement, editAnnouncement, useAudienceOptions, useCurrentAnnouncements, useInstant, useManagedAnnouncements } from '../api.js';
import { AnnouncementView } from '../components/AnnouncementView.js';
import { SafeHtml } from '../components/SafeHtml.js';

type Managed = c.ManagedAnnouncement;
type Dialog = { mode: 'add' } | { mode: 'edit'; row: Managed } | null;

const WRITE = 'messages.announcement.write';
const msOf = (value: unknown): unknown => (value && typeof value === 'object' && 'valueOf' in value && dayjs.isDayjs(value) ? (value as Dayjs).valueOf() : value);

/** The announcement page: writers manage announcements; readers without the write code see the current ones. */
export function AnnouncementPage() {
  const canWrite = useFramework((s) => canUse(s, WRITE));
  return canWrite ? <ManageAnnouncements /> : <CurrentAnnouncements />;
}

function CurrentAnnouncements() {
  const t = useT();
  const current = useCurrentAnnouncements();
  const list = current.data ?? [];
  return (
    <Card title={t('announcementWeb.page.currentTitle')} loading={current.isPending} data-testid="announcement-current">
      {list.length === 0 ? <Empty description={t('announcementWeb.page.none')} /> : list.map((a) => <AnnouncementView key={a.id} announcement={a} />)}
    </Card>
  );
}

function ManageAnnouncements() {
  const t = useT();
  const client = useQueryClient();
  const instant = useInstant();
  const params = useQueryParams(ListParamsSchema);
  const { page, pageSize } = params.values;
  const list = useManagedAnnouncements(page, pageSize, true);
  const [dialog, setDialog] = useState<Dialog>(null);
  const audience = useAudienceOptions(dialog !== null);
  const [preview, setPreview] = useState('');
  const remove = useMutationWithNotice({ mutationFn: deleteAnnouncement, success: t('announcementWeb.page.deleted'), invalidate: [ANNOUNCEMENT_KEY] });
  const editing = dialog?.mode === 'edit' ? dialog.row : null;
  const now = Date.now();
  const stateOf = (a: Managed) => (a.start > now ? 'upcoming' : a.end <= now ? 'ended' : 'current');
  const STATE_COLOR = { upcoming: 'blue', current: 'green', ended: 'default' } as const;
  const STATE_TEXT = { upcoming: t('announcementWeb.state.upcoming'), current: t('announcementWeb.state.current'), ended: t('announcementWeb.state.ended') } as const;

  const open = (next: Dialog) => {
    setPreview(next?.mode === 'edit' ? next.row.content : '');
    setDialog(next);
  };

  return (
    <Card title={t('announcementWeb.page.title')} data-testid="announcement-page">
      <DataTable<Managed>
        source={list}
        rowKey="id"
        state={tableStateOf(params.values)}
        onStateChange={(next) => params.set(listParamsOf(next))}
        data-testid="announcement-table"
        toolbar={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ mode: 'add' })} data-testid="announcement-add">
            {t('announcementWeb.page.add')}
          </Button>
        }
        columns={[
          {
            key: 'title',
            title: t('announcementWeb.field.title'),
            render: (_: unknown, a: Managed) => (
              <Space size={4}>
                <span>{a.title}</span>
                {a.pinned ? <Tag color="gold">{t('announcementWeb.pinned')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'audience', title: t('announcementWeb.field.audience'), render: (_: unknown, a: Managed) => [...a.orgs, ...a.runs].map((x) => x.name).join(', ') },
          { key: 'window', title: t('announcementWeb.field.window'), width: 300, render: (_: unknown, a: Managed) => `${instant(a.start)} – ${instant(a.end)}` },
          { key: 'state', title: t('announcementWeb.field.state'), width: 110, render: (_: unknown, a: Managed) => <Tag color={STATE_COLOR[stateOf(a)]}>{STATE_TEXT[stateOf(a)]}</Tag> },
          {
            key: 'actions',
            title: '',
            width: 110,
            render: (_: unknown, a: Managed) => (
              <Space size={4}>
                <Button size="small" icon={<EditOutlined />} aria-label={t('announcementWeb.page.edit')} onClick={() => open({ mode: 'edit', row: a })} data-testid="announcement-edit" />
                <DeleteButton size="small" title={t('announcementWeb.page.deleteConfirm', { title: a.title })} onConfirm={() => remove.mutateAsync(a.id)} data-testid="announcement-delete" />
              </Space>
            ),
          },
        ]}
      />
      <FormDialog
        open={dialog !== null}
        name="announcement"
        title={editing ? t('announcementWeb.page.edit') : t('announcementWeb.page.add')}
        schema={editing ? c.AnnouncementEditSchema : c.AnnouncementAddSchema}
        initialValues={
          (editing
            ? { title: editing.title, content: editing.content, start: dayjs(editing.start), end: dayjs(editing.end), orgIds: editing.orgIds, runIds: editing.runIds, pinned: editing.pinned }
            : { orgIds: [], runIds: [], pinned: false, start: dayjs().startOf('minute'), end: dayjs().startOf('minute').add(7, 'day') }) as unknown as Partial<c.AnnouncementAdd>
        }
        hiddenValues={(editing ? { id: editing.id } : {}) as Partial<c.AnnouncementAdd>}
        toInput={(values) => ({ ...values, start: msOf(values.start), end: msOf(values.end), orgIds: values.orgIds ?? [], runIds: values.runIds ?? [], pinned: values.pinned === true })}
        successText={t('announcementWeb.page.saved')}
        onSubmit={async (input) => {
          await (editing ? editAnnouncement(input as c.AnnouncementEdit) : addAnnouncement(input as c.AnnouncementAdd));
          await client.invalidateQueries({ queryKey: ANNOUNCEMENT_KEY });
        }}
        onClose={() => setDialog(null)}
        width={760}
        data-testid="announcement-dialog"
      >
        {(Field) => (
          <>
            <Field name="title" label={t('announcementWeb.field.title')}>
              <Input maxLength={LIMITS.announcementTitleMaxLength} autoComplete="off" data-testid="announcement-title" />
            </Field>
            <Field name="content" label={t('announcementWeb.field.content')} extra={t('announcementWeb.page.contentHint')}>
              <Input.TextArea rows={6} onChange={(e) => setPreview(e.target.value)} data-testid="announcement-content" />
            </Field>
            {preview ? (
              <Form.Item label={t('announcementWeb.page.preview')}>
                <SafeHtml html={preview} className="bl-announcement-body" data-testid="announcement-preview" />
              </Form.Item>
            ) : null}
            <Space size={12} wrap align="start">
              <Field name="start" label={t('announcementWeb.field.start')} dependencies={['end']}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="announcement-start" />
              </Field>
              <Field name="end" label={t('announcementWeb.field.end')} dependencies={['start']}>
                <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="announcement-end" />
              </Field>
              <Field name="pinned" label={t('announcementWeb.field.pinned')} valuePropName="checked">
                <Checkbox data-testid="announcement-pinned" />
              </Field>
            </Space>
            <Field name="orgIds" label={t('announcementWeb.field.orgs')} dependencies={['runIds']}>
              <Select
                mode="multiple"
                allowClear
                loading={audience.isPending}
                optionFilterProp="label"
                options={(audience.data?.orgs ?? []).map((o) => ({ value: o.id, label: `${'· '.repeat(o.depth)}${o.name}` }))}
                data-testid="announcement-orgs"
              />
            </Field>
            <Field name="runIds" label={t('announcementWeb.field.runs')}>
              <Select mode="multiple" allowClear loading={audience.isPending} optionFilterProp="label" options={(audience.data?.runs ?? []).map((r) => ({ value: r.id, label: r.name }))} data-testid="announcement-runs" />
            </Field>
            <Typography.Text type="secondary">{t('announcementWeb.page.audienceHint')}</Typography.Text>
          </>
        )}
      </FormDialog>
    </Card>
  );
}
