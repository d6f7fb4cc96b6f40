import { MessageOutlined } from '@ant-design/icons';
import { DATE_FORMATS, feedbackContract as c, LIMITS } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Descriptions, Form, Image, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { formatInstant } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DataTable } from '../../../ui/DataTable.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { FEEDBACK_KEY, replyFeedback, screenshotUrl, setFeedbackState, useFeedbackList } from '../api.js';

type Item = c.FeedbackItem;

export const STATE_COLOURS: Record<c.FeedbackState, string> = { new: 'blue', inProgress: 'gold', answered: 'green', closed: 'default' };
const STATE_LABELS: Record<c.FeedbackState, `feedbackWeb.state.${c.FeedbackState}`> = {
  new: 'feedbackWeb.state.new',
  inProgress: 'feedbackWeb.state.inProgress',
  answered: 'feedbackWeb.state.answered',
  closed: 'feedbackWeb.state.closed',
};

/** The list's address: state, text, a range of days on the reader's clock, the page. */
const FeedbackFilterParams = ListParamsSchema.extend({
  state: c.FeedbackStateSchema.optional().catch(undefined),
  text: z.string().trim().max(LIMITS.feedbackNameMaxLength).optional(),
  from: z.iso.date().optional().catch(undefined),
  to: z.iso.date().optional().catch(undefined),
});

const dayOf = (value: unknown): string | undefined => (dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : undefined);
const userZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Feedback for administrators (/fw1/feedback/list): filters, states, the reply dialog, the state
 * change and the export. Senders' texts are rendered as React text children: never as markup.
 */
export function FeedbackListPage() {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'feedback.record.write'));
  const params = useQueryParams(FeedbackFilterParams);
  const { page, pageSize, state, text, from, to } = params.values;
  const filters = {
    ...(state ? { state } : {}),
    ...(text ? { text } : {}),
    ...(from ? { from: dayjs(from).startOf('day').valueOf() } : {}),
    ...(to ? { to: dayjs(to).endOf('day').valueOf() } : {}),
  };
  const list = useFeedbackList({ ...filters, page, pageSize });
  const [replying, setReplying] = useState<Item | null>(null);
  const [detail, setDetail] = useState<Item | null>(null);
  const changeState = useMutationWithNotice({ mutationFn: setFeedbackState, success: t('feedbackWeb.list.stateChanged'), invalidate: [FEEDBACK_KEY] });
  const zone = userZone();
  const at = (ms: number | null) => (ms === null ? '—' : formatInstant(ms, zone, DATE_FORMATS.dateTime));
  const stateTag = (s: c.FeedbackState) => (
    <Tag color={STATE_COLOURS[s]} data-testid="feedback-state">
      {t(STATE_LABELS[s])}
    </Tag>
  );

  const formParams = {
    values: { ...params.values, range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined },
    apply: (values: Record<string, unknown>) => {
      const range = Array.isArray(values.range) ? values.range : [];
      const { range: _range, ...rest } = values;
      params.apply({ ...rest, from: dayOf(range[0]), to: dayOf(range[1]) });
    },
  };

  return (
    <Card title={t('shell.menu.feedbackList')} data-testid="feedback-list-page">
      <QueryForm params={formParams} searchOnChange={['state', 'range']} data-testid="feedback-filters">
        <Form.Item name="text">
          <Input allowClear placeholder={t('feedbackWeb.list.textPlaceholder')} aria-label={t('feedbackWeb.list.text')} style={{ width: 220 }} maxLength={LIMITS.feedbackNameMaxLength} />
        </Form.Item>
        <Form.Item name="state">
          <Select allowClear placeholder={t('feedbackWeb.field.state')} aria-label={t('feedbackWeb.field.state')} style={{ width: 160 }} options={c.FEEDBACK_STATES.map((s) => ({ value: s, label: t(STATE_LABELS[s]) }))} data-testid="feedback-filter-state" />
        </Form.Item>
        <Form.Item name="range">
          <DatePicker.RangePicker allowEmpty={[true, true]} aria-label={t('feedbackWeb.field.submittedAt')} />
        </Form.Item>
      </QueryForm>
      <DataTable<Item, typeof c.exportList.input, typeof c.exportList.output>
        source={list}
        rowKey="id"
        state={tableStateOf(params.values)}
        onStateChange={(next) => params.set(listParamsOf(next))}
        data-testid="feedback-table"
        exportButton={{ endpoint: c.exportList, input: { ...filters, timeZone: zone }, fallbackName: `${t('feedbackWeb.list.exportName')}.xlsx`, label: t('feedbackWeb.list.export'), 'data-testid': 'feedback-export' }}
        columns={[
          { key: 'submittedAt', title: t('feedbackWeb.field.submittedAt'), width: 150, render: (_: unknown, f: Item) => at(f.submittedAt) },
          { key: 'name', title: t('feedbackWeb.field.name'), width: 140, render: (_: unknown, f: Item) => f.name ?? '—' },
          { key: 'contact', title: t('feedbackWeb.field.contact'), width: 170, render: (_: unknown, f: Item) => f.contact ?? '—' },
          {
            key: 'content',
            title: t('feedbackWeb.field.content'),
            render: (_: unknown, f: Item) => (
              <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }} data-testid="feedback-content">
                {f.content}
              </Typography.Paragraph>
            ),
          },
          { key: 'user', title: t('feedbackWeb.field.user'), width: 120, render: (_: unknown, f: Item) => f.userName ?? t('feedbackWeb.list.visitor') },
          { key: 'state', title: t('feedbackWeb.field.state'), width: 110, render: (_: unknown, f: Item) => stateTag(f.state) },
          {
            key: 'actions',
            title: '',
            width: 260,
            render: (_: unknown, f: Item) => (
              <Space size={4} wrap>
                <Button size="small" onClick={() => setDetail(f)} data-testid="feedback-detail">
                  {t('feedbackWeb.list.detail')}
                </Button>
                {canWrite ? (
                  <>
                    <Button size="small" icon={<MessageOutlined />} disabled={f.state === 'closed'} onClick={() => setReplying(f)} data-testid="feedback-reply">
                      {t('feedbackWeb.list.reply')}
                    </Button>
                    <Select<c.FeedbackState>
                      size="small"
                      value={f.state}
                      style={{ width: 120 }}
                      aria-label={t('feedbackWeb.list.changeState')}
                      options={c.FEEDBACK_STATES.map((s) => ({ value: s, label: t(STATE_LABELS[s]), disabled: s === 'answered' && f.reply === null }))}
                      onChange={(next) => changeState.mutate({ id: f.id, state: next })}
                      data-testid="feedback-state-select"
                    />
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <FormDialog
        open={replying !== null}
        name="feedback-reply"
        title={t('feedbackWeb.list.replyTitle')}
        schema={c.FeedbackReplySchema}
        hiddenValues={replying ? { id: replying.id } : {}}
        initialValues={{ text: replying?.reply ?? '' }}
        successText={replying?.userId ? t('feedbackWeb.list.repliedToUser') : t('feedbackWeb.list.replied')}
        onSubmit={async (input) => {
          await replyFeedback(input);
          await client.invalidateQueries({ queryKey: FEEDBACK_KEY });
        }}
        onClose={() => setReplying(null)}
        width={640}
        data-testid="feedback-reply-dialog"
      >
        {(Field) => (
          <>
            {replying ? (
              <Typography.Paragraph type="secondary" style={{ whiteSpace: 'pre-wrap' }} data-testid="feedback-reply-original">
                {replying.content}
              </Typography.Paragraph>
            ) : null}
            {replying && replying.userId === null ? <Typography.Paragraph type="warning">{t('feedbackWeb.list.visitorNote')}</Typography.Paragraph> : null}
            <Field name="text" label={t('feedbackWeb.field.reply')}>
              <Input.TextArea rows={5} maxLength={LIMITS.feedbackReplyMaxLength} showCount />
            </Field>
          </>
        )}
      </FormDialog>
      <Modal open={detail !== null} title={t('feedbackWeb.list.detail')} footer={null} onCancel={() => setDetail(null)} width={720} data-testid="feedback-detail-dialog">
        {detail ? <FeedbackDetail item={detail} at={at} stateTag={stateTag} /> : null}
      </Modal>
    </Card>
  );
}

function FeedbackDetail({ item, at, stateTag }: { item: Item; at: (ms: number | null) => string; stateTag: (s: c.FeedbackState) => React.ReactNode }) {
  const t = useT();
  return (
    <>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('feedbackWeb.field.submittedAt')}>{at(item.submittedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.field.name')}>{item.name ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.field.contact')}>{item.contact ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.field.user')}>{item.userName ?? t('feedbackWeb.list.visitor')}</Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.field.state')}>{stateTag(item.state)}</Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.field.content')}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{item.content}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('feedbackWeb.field.reply')}>
          <span style={{ whiteSpace: 'pre-wrap' }}>{item.reply ?? '—'}</span>
          {item.repliedAt ? <div className="bl-muted">{`${at(item.repliedAt)} · ${item.repliedBy ?? ''}`}</div> : null}
        </Descriptions.Item>
      </Descriptions>
      {item.screenshotIds.length > 0 ? <Screenshots id={item.id} fileIds={item.screenshotIds} /> : null}
    </>
  );
}

/** The screenshots, fetched with the session and shown from object URLs. */
function Screenshots({ id, fileIds }: { id: number; fileIds: string[] }) {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    let made: string[] = [];
    let live = true;
    void Promise.all(fileIds.map((fileId) => screenshotUrl(id, fileId).catch(() => null))).then((found) => {
      made = found.filter((u): u is string => u !== null);
      if (live) setUrls(made);
      else for (const u of made) URL.revokeObjectURL(u);
    });
    return () => {
      live = false;
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [id, fileIds]);
  return (
    <Space wrap style={{ marginTop: 12 }}>
      {urls.map((url) => (
        <Image key={url} src={url} width={120} alt="" />
      ))}
    </Space>
  );
}
