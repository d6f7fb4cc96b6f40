import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS, FILE_TYPES, LIMITS, repairContract as c } from '@boreline/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Modal, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { call } from '../../../core/api/client.js';
import { formatInstant } from '../../../core/format.js';
import { issueText, showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { type UploadedFile, UploadField } from '../../../ui/UploadField.js';
import { RepairNav } from '../components/RepairNav.js';
import { addKnowledge, deleteKnowledge, editKnowledge, type Knowledge, type KnowledgePageInput, REPAIR_KEYS, uploadFor, useKnowledge } from '../api.js';
import { FilePreview } from '../components/FileViews.js';
import { Marked } from '../components/Marked.js';
import { EXTRACTION_COLOURS, EXTRACTION_LABELS } from '../labels.js';
import '../repair.css';

const NONE = '—';

/** The knowledge list's address: words, system, page; `open`/`openRun` preview one item. */
export const KnowledgeFilterSchema = ListParamsSchema.extend({
  keyword: z.string().trim().max(500).optional(),
  system: z.string().max(50).optional(),
  open: z.coerce.number().int().positive().optional().catch(undefined),
  openRun: z.coerce.number().int().positive().optional().catch(undefined),
});
type KnowledgeFilters = z.output<typeof KnowledgeFilterSchema>;

export function knowledgeInputOf(runId: number, f: KnowledgeFilters): KnowledgePageInput {
  return { runId, ...(f.keyword ? { keyword: f.keyword } : {}), ...(f.system ? { system: f.system } : {}), page: f.page, pageSize: f.pageSize };
}

/** The knowledge base of the current run (spec §2 stm_smtce): documents found by their words, previewed in the browser. */
export function KnowledgePage() {
  const run = useFramework((s) => s.run);
  return run ? <KnowledgeBase key={run.runId} run={run} /> : <ChooseProject />;
}

type ListedKnowledge = Knowledge;

function KnowledgeBase({ run }: { run: CurrentRun }) {
  const t = useT();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'maintenance.knowledge.write'));
  const params = useQueryParams(KnowledgeFilterSchema);
  const { open, openRun, ...filters } = params.values;
  const input = knowledgeInputOf(run.runId, filters);
  const checked = c.knowledgePage.input.safeParse(input);
  const items = useKnowledge(input, checked.success);
  const [dialog, setDialog] = useState<{ item: ListedKnowledge | null; at: number } | null>(null);
  const [preview, setPreview] = useState<{ runId: number; id: number } | null>(open ? { runId: openRun ?? run.runId, id: open } : null);
  const refresh = () => client.invalidateQueries({ queryKey: REPAIR_KEYS.run(run.runId) });
  const formParams = { values: filters, apply: (values: Record<string, unknown>) => params.apply({ ...values, open: undefined, openRun: undefined }) };

  return (
    <div className="repair-page" data-testid="knowledge-page">
      <RepairNav />
      <Card size="small">
        <QueryForm params={formParams} data-testid="knowledge-filters">
          <Form.Item name="keyword">
            <Input allowClear style={{ width: 280 }} placeholder={t('repairWeb.knowledge.searchPlaceholder')} aria-label={t('repairWeb.filter.keyword')} data-testid="knowledge-search" />
          </Form.Item>
          <Form.Item name="system">
            <Input allowClear style={{ width: 150 }} placeholder={t('repairWeb.field.system')} aria-label={t('repairWeb.field.system')} />
          </Form.Item>
        </QueryForm>
        {checked.success ? null : <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={issueText(checked.error.issues[0], t)} data-testid="knowledge-invalid" />}
        <DataTable<ListedKnowledge>
          source={checked.success ? items : { data: undefined, isPending: false, error: null, refetch: () => undefined }}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          emptyText={t('repairWeb.knowledge.empty')}
          toolbar={
            canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ item: null, at: Date.now() })} data-testid="knowledge-add">
                {t('repairWeb.knowledge.add')}
              </Button>
            ) : null
          }
          data-testid="knowledge-table"
          columns={[
            {
              key: 'name',
              title: t('repairWeb.field.name'),
              render: (_: unknown, item) => (
                <Space orientation="vertical" size={2}>
                  <Typography.Text strong>{item.name}</Typography.Text>
                  {item.snippet ? <Marked snippet={item.snippet} data-testid="knowledge-snippet" /> : null}
                </Space>
              ),
            },
            { key: 'code', title: t('repairWeb.field.code'), width: 130, dataIndex: 'code' },
            { key: 'system', title: t('repairWeb.field.system'), width: 130, render: (_: unknown, item) => item.system ?? NONE },
            { key: 'file', title: t('repairWeb.field.file'), width: 180, render: (_: unknown, item) => item.file?.name ?? NONE },
            {
              key: 'extraction',
              title: t('repairWeb.field.extraction'),
              width: 120,
              render: (_: unknown, item) => (
                <Tag color={EXTRACTION_COLOURS[item.extraction]} data-testid="knowledge-extraction">
                  {t(EXTRACTION_LABELS[item.extraction])}
                </Tag>
              ),
            },
            { key: 'updatedAt', title: t('repairWeb.field.updatedAt'), width: 140, render: (_: unknown, item) => formatInstant(item.updatedAt, run.timeZone, DATE_FORMATS.dateTime) },
            {
              key: 'actions',
              title: '',
              width: canWrite ? 240 : 90,
              render: (_: unknown, item) => (
                <Space size={4}>
                  <Button size="small" icon={<EyeOutlined />} onClick={() => setPreview({ runId: item.runId, id: item.id })} data-testid="knowledge-preview">
                    {t('repairWeb.knowledge.preview')}
                  </Button>
                  {canWrite ? (
                    <>
                      <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ item, at: Date.now() })} data-testid="knowledge-edit">
                        {t('repairWeb.knowledge.edit')}
                      </Button>
                      <DeleteButton
                        size="small"
                        title={t('repairWeb.knowledge.deleteConfirm', { name: item.name })}
                        onConfirm={() =>
                          deleteKnowledge(run.runId, item.id)
                            .then(refresh)
                            .catch((error: unknown) => showApiError(error))
                        }
                        data-testid="knowledge-delete"
                      />
                    </>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <KnowledgeDialog key={dialog?.at ?? 'closed'} run={run} open={dialog !== null} item={dialog?.item ?? null} onSaved={refresh} onClose={() => setDialog(null)} />
      <KnowledgePreview target={preview} onClose={() => setPreview(null)} />
    </div>
  );
}

const heldFile = (file: NonNullable<Knowledge['file']>): UploadedFile => ({ id: file.id, name: file.name, size: file.size, contentType: file.contentType });

/** Adds or changes a knowledge item: name, code, system, remark and one file (purpose `knowledge`). */
function KnowledgeDialog({ run, open, item, onSaved, onClose }: { run: CurrentRun; open: boolean; item: Knowledge | null; onSaved: () => Promise<unknown>; onClose: () => void }) {
  const t = useT();
  return (
    <FormDialog
      open={open}
      name="knowledge"
      title={item ? t('repairWeb.knowledge.edit') : t('repairWeb.knowledge.add')}
      schema={c.knowledgeAdd.input}
      initialValues={
        item
          ? { name: item.name, code: item.code, system: item.system ?? '', remark: item.remark ?? '', fileId: (item.file ? [heldFile(item.file)] : []) as unknown as string }
          : { fileId: [] as unknown as string }
      }
      hiddenValues={{ runId: run.runId }}
      toInput={(values) => ({ ...values, fileId: Array.isArray(values.fileId) ? (values.fileId as UploadedFile[])[0]?.id : undefined })}
      successText={t('repairWeb.knowledge.saved')}
      onSubmit={async (input) => {
        await (item ? editKnowledge({ ...input, id: item.id }) : addKnowledge(input));
        await onSaved();
      }}
      onClose={onClose}
      width={720}
      data-testid="knowledge-dialog"
    >
      {(Field) => (
        <>
          <Space size={12} wrap align="start">
            <Field name="name" label={t('repairWeb.field.name')}>
              <Input style={{ width: 320 }} autoComplete="off" data-testid="knowledge-name" />
            </Field>
            <Field name="code" label={t('repairWeb.field.code')}>
              <Input style={{ width: 180 }} autoComplete="off" data-testid="knowledge-code" />
            </Field>
            <Field name="system" label={t('repairWeb.field.system')}>
              <Input style={{ width: 160 }} autoComplete="off" />
            </Field>
          </Space>
          <Field name="remark" label={t('repairWeb.field.remark')}>
            <Input.TextArea rows={2} maxLength={LIMITS.remarkMaxLength} />
          </Field>
          <Field name="fileId" label={t('repairWeb.field.file')} extra={t('repairWeb.knowledge.fileHint')}>
            <UploadField types={FILE_TYPES.knowledge} maxBytes={LIMITS.knowledgeFileMaxBytes} maxCount={1} upload={uploadFor('knowledge', run.runId)} />
          </Field>
        </>
      )}
    </FormDialog>
  );
}

/** A knowledge item's file shown in the browser, with its fields and extraction state. */
function KnowledgePreview({ target, onClose }: { target: { runId: number; id: number } | null; onClose: () => void }) {
  const t = useT();
  const detail = useQuery({
    queryKey: ['repair', target?.runId ?? 0, 'knowledgeItem', target?.id ?? 0],
    queryFn: () => call(c.knowledgeDetail, { runId: target?.runId ?? 0, id: target?.id ?? 0 }),
    enabled: target !== null,
  });
  const item = detail.data;
  return (
    <Modal open={target !== null} onCancel={onClose} footer={null} width={900} title={item ? `${item.name} · ${item.code}` : t('repairWeb.knowledge.preview')} destroyOnHidden data-testid="knowledge-preview-dialog">
      {detail.isError ? (
        <Alert type="error" showIcon title={detail.error instanceof Error ? detail.error.message : t('repairWeb.common.failed')} />
      ) : !item ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Tag color={EXTRACTION_COLOURS[item.extraction]}>{t(EXTRACTION_LABELS[item.extraction])}</Tag>
            {item.system ? <Tag>{item.system}</Tag> : null}
            {item.remark ? <Typography.Text type="secondary">{item.remark}</Typography.Text> : null}
          </Space>
          {item.file ? <FilePreview file={item.file} /> : <Typography.Text type="secondary">{t('repairWeb.knowledge.noFile')}</Typography.Text>}
        </Space>
      )}
    </Modal>
  );
}
