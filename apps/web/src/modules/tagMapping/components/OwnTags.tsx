import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type CurrentRun, LANGUAGES, ownTagsContract as o, SUBSYSTEM_NAME_KEYS, tagCatalogue } from '@boreline/contracts';
import { Button, Card, Input, InputNumber, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call } from '../../../core/api/client.js';
import { LANGUAGE_NAMES, useT } from '../../../core/i18n.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { FormDialog } from '../../../ui/FormDialog.js';
import { mappingsKey, ownTagsKey, useOwnTags } from '../api.js';

type OwnTag = o.OwnTag;
type Dialog = { mode: 'add' } | { mode: 'edit'; tag: OwnTag } | null;

const PAGE_SIZE = 10;

/**
 * The run's own tags: quantities its machine measures that the catalogue lacks. Once added, the
 * gateway may send them by code (or a name mapped above); they are stored, shown on their
 * subsystem's real-time page and offered in statistics and part alarm settings.
 */
export function OwnTags({ run, canWrite }: { run: CurrentRun; canWrite: boolean }) {
  const t = useT();
  const client = useQueryClient();
  const tags = useOwnTags(run.runId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZE, sort: null });
  // The subsystems of this machine's pages (the machine-state signals are no page of their own).
  const subsystems = useMemo(() => {
    const own = new Set(o.OWN_TAG_SUBSYSTEMS);
    return [...new Set(tagCatalogue(run.machineType).map((tag) => tag.subsystem))].filter((s) => own.has(s)).map((s) => ({ value: s, label: t(SUBSYSTEM_NAME_KEYS[s]) }));
  }, [run.machineType, t]);
  const invalidate = [ownTagsKey(run.runId), mappingsKey(run.runId), ['ownTagDefs', run.runId], ['statistic']];
  const remove = useMutationWithNotice({
    mutationFn: (code: string) => call(o.ownTagDelete, { runId: run.runId, code }),
    success: t('common.outcome.deleteSuccess'),
    invalidate,
  });

  const columns = [
    { key: 'code', title: t('ownTags.field.code'), width: 210, render: (_: unknown, tag: OwnTag) => <Typography.Text code>{tag.code}</Typography.Text> },
    { key: 'name', title: t('ownTags.field.name'), dataIndex: 'name' as const },
    { key: 'unit', title: t('ownTags.field.unit'), width: 90, render: (_: unknown, tag: OwnTag) => tag.unit || '—' },
    { key: 'subsystem', title: t('ownTags.field.subsystem'), width: 150, render: (_: unknown, tag: OwnTag) => t(SUBSYSTEM_NAME_KEYS[tag.subsystem]) },
    { key: 'range', title: `${t('ownTags.field.rangeMin')} – ${t('ownTags.field.rangeMax')}`, width: 170, render: (_: unknown, tag: OwnTag) => `${tag.rangeMin} – ${tag.rangeMax}` },
    { key: 'precision', title: t('ownTags.field.precision'), width: 110, dataIndex: 'precision' as const },
    ...(canWrite
      ? [
          {
            key: 'actions',
            title: '',
            width: 200,
            render: (_: unknown, tag: OwnTag) => (
              <Space size={4}>
                <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ mode: 'edit', tag })} aria-label={t('ownTags.edit')}>
                  {t('ownTags.edit')}
                </Button>
                <DeleteButton size="small" title={t('ownTags.deleteConfirm', { code: tag.code })} onConfirm={() => remove.mutateAsync(tag.code)} data-testid="own-tag-delete" />
              </Space>
            ),
          },
        ]
      : []),
  ];

  const editing = dialog?.mode === 'edit' ? dialog.tag : null;
  const initialValues = editing
    ? {
        code: editing.code,
        ...Object.fromEntries(LANGUAGES.map((l) => [o.ownTagNameField(l), editing.names[l] ?? ''])),
        unit: editing.unit,
        subsystem: editing.subsystem,
        rangeMin: editing.rangeMin,
        rangeMax: editing.rangeMax,
        precision: editing.precision,
      }
    : { code: 'own.', unit: '', precision: 1 };

  return (
    <Card title={t('ownTags.tab')} data-testid="own-tags">
      <Typography.Paragraph type="secondary">{t('ownTags.intro')}</Typography.Paragraph>
      <DataTable<OwnTag>
        source={{ data: tags.data ?? [], isPending: tags.isPending, isFetching: tags.isFetching, error: tags.error, refetch: tags.refetch }}
        columns={columns}
        rowKey="code"
        state={page}
        onStateChange={(next) => setPage({ page: next.page, pageSize: next.pageSize, sort: null })}
        toolbar={
          canWrite ? (
            <Button icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'add' })} data-testid="own-tag-add">
              {t('ownTags.add')}
            </Button>
          ) : null
        }
        emptyText={t('ownTags.empty')}
        size="small"
        data-testid="own-tag-table"
      />
      <FormDialog
        open={dialog !== null}
        title={editing ? t('ownTags.edit') : t('ownTags.add')}
        schema={editing ? o.OwnTagEditSchema : o.OwnTagAddSchema}
        initialValues={initialValues}
        hiddenValues={editing ? { runId: run.runId, code: editing.code } : { runId: run.runId }}
        successText={editing ? t('common.outcome.editSuccess') : t('common.outcome.addSuccess')}
        onSubmit={async (input) => {
          await call(editing ? o.ownTagEdit : o.ownTagAdd, input);
          await Promise.all(invalidate.map((queryKey) => client.invalidateQueries({ queryKey })));
        }}
        onClose={() => setDialog(null)}
        width={640}
        data-testid="own-tag-dialog"
      >
        {(Field) => (
          <>
            <Field name="code" label={t('ownTags.field.code')}>
              <Input disabled={editing !== null} autoComplete="off" />
            </Field>
            <Typography.Paragraph type="secondary">{t('ownTags.nameHint')}</Typography.Paragraph>
            {LANGUAGES.map((l) => (
              <Field key={l} name={o.ownTagNameField(l)} label={t('ownTags.field.nameIn', { language: LANGUAGE_NAMES[l] })}>
                <Input autoComplete="off" />
              </Field>
            ))}
            <Space size={12} wrap>
              <Field name="unit" label={t('ownTags.field.unit')}>
                <Input style={{ width: 120 }} />
              </Field>
              <Field name="subsystem" label={t('ownTags.field.subsystem')}>
                <Select options={subsystems} style={{ width: 220 }} showSearch={{ optionFilterProp: 'label' }} />
              </Field>
            </Space>
            <Space size={12} wrap>
              <Field name="rangeMin" label={t('ownTags.field.rangeMin')} dependencies={['rangeMax']}>
                <InputNumber style={{ width: 150 }} />
              </Field>
              <Field name="rangeMax" label={t('ownTags.field.rangeMax')} dependencies={['rangeMin']}>
                <InputNumber style={{ width: 150 }} />
              </Field>
              <Field name="precision" label={t('ownTags.field.precision')}>
                <InputNumber min={0} max={o.OWN_TAG_PRECISION_MAX} precision={0} style={{ width: 120 }} />
              </Field>
            </Space>
          </>
        )}
      </FormDialog>
    </Card>
  );
}
