import { ClearOutlined, DeleteOutlined, ImportOutlined, PlusOutlined, SaveOutlined, SnippetsOutlined } from '@ant-design/icons';
import { type CurrentRun, type ownTagsContract, RESULT_CODE, SUBSYSTEM_NAME_KEYS, tagCatalogue, telemetryContract as c, type TagDef } from '@boreline/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Input, Modal, Popconfirm, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { ApiError } from '../../../core/api/client.js';
import { fieldProblems, issueText, showApiError } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { notify } from '../../../core/notify.js';
import { canUse, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DataTable } from '../../../ui/DataTable.js';
import { ImportDialog } from '../../../ui/ImportDialog.js';
import { downloadTemplate, IMPORT_MAX_BYTES, importMappings, mappingsKey, saveMappings, unmappedKey, useMappings, useOwnTags } from '../api.js';
import { OwnTags } from '../components/OwnTags.js';
import { PasteDialog } from '../components/PasteDialog.js';
import { UnmappedNames } from '../components/UnmappedNames.js';
import { type DraftRow, isDirty, mergeRows, newRow, rowsOf } from '../draft.js';
import { useTagName } from '../useTagName.js';

type RowErrors = Record<string, { rawName?: string; tagCode?: string }>;

const PAGE_SIZE = 20;

/** The tag mapping (data linker) of the current run; without one the user picks a project first. */
export function TagMappingPage() {
  const run = useFramework((s) => s.run);
  return run ? <TagMapping key={run.runId} run={run} /> : <ChooseProject />;
}

function TagMapping({ run }: { run: CurrentRun }) {
  const t = useT();
  const tagName = useTagName();
  const client = useQueryClient();
  const canWrite = useFramework((s) => canUse(s, 'telemetry.tagMapping.write'));
  const own = useOwnTags(run.runId).data;
  // The machine type's catalogue, then the run's own tags: a gateway name may be mapped to either.
  const catalogue = useMemo(() => [...tagCatalogue(run.machineType), ...(own ?? []).map(ownTagDef)], [run.machineType, own]);
  const byCode = useMemo(() => new Map(catalogue.map((tag) => [tag.code, tag])), [catalogue]);
  const mappings = useMappings(run.runId);
  const saved = mappings.data;

  // The draft follows the saved list while the user has changed nothing; a list read again
  // meanwhile (another user saved, the window regained focus) never overwrites unsaved edits.
  const [draft, setDraft] = useState<DraftRow[]>([]);
  const [syncedFrom, setSyncedFrom] = useState<typeof saved>(undefined);
  if (saved !== syncedFrom) {
    setSyncedFrom(saved);
    if (!isDirty(draft, syncedFrom ?? [])) setDraft(rowsOf(saved ?? []));
  }
  const dirty = saved !== undefined && isDirty(draft, saved);
  const [errors, setErrors] = useState<RowErrors>({});
  const [page, setPage] = useState({ page: 1, pageSize: PAGE_SIZE, sort: null });
  const [pasting, setPasting] = useState(false);
  const [importing, setImporting] = useState(false);
  const [confirmRemoved, setConfirmRemoved] = useState<string[] | null>(null);

  const tagOptions = useMemo(() => tagOptionsOf(catalogue, tagName, t), [catalogue, tagName, t]);

  const update = (key: string, change: Partial<DraftRow>) => {
    setDraft((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));
    setErrors((all) => {
      const { [key]: _cleared, ...rest } = all;
      return rest;
    });
  };
  const showRow = (index: number) => setPage((p) => ({ ...p, page: Math.floor(index / p.pageSize) + 1 }));
  const add = (rows: { rawName: string; tagCode: string | null }[]) => {
    const next = mergeRows(draft, rows);
    setDraft(next);
    const first = rows[0];
    const at = first ? next.findIndex((r) => r.rawName.trim() === first.rawName) : -1;
    if (at >= 0) showRow(at);
  };
  const addEmpty = () => {
    setDraft((rows) => [...rows, newRow()]);
    showRow(draft.length);
  };

  /** Problems by row: the contract's (`mappings.3.tagCode`) or the server's, at their row. */
  const errorsAt = (problems: { path: (string | number)[]; message: string }[], rows: DraftRow[]) => {
    const found: RowErrors = {};
    for (const p of problems) {
      const [list, index, field] = p.path;
      const row = list === 'mappings' && typeof index === 'number' ? rows[index] : undefined;
      if (!row || (field !== 'rawName' && field !== 'tagCode')) continue;
      found[row.key] = { ...found[row.key], [field]: p.message };
    }
    return found;
  };

  const save = useMutation({
    mutationFn: (input: { rows: DraftRow[]; mappings: { rawName: string; tagCode: string }[] }) => saveMappings(run.runId, input.mappings),
    onSuccess: async (result) => {
      client.setQueryData(mappingsKey(run.runId), result);
      setDraft(rowsOf(result));
      setErrors({});
      notify.show('success', t('common.outcome.editSuccess'));
      await client.invalidateQueries({ queryKey: unmappedKey(run.runId) });
    },
    onError: (error, input) => {
      const problems = fieldProblems(error).map((p) => ({ path: p.field.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s)), message: p.message }));
      const found = errorsAt(problems, input.rows);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        const first = input.rows.findIndex((r) => found[r.key]);
        if (first >= 0) showRow(first);
      }
      if (error instanceof ApiError && (error.code === RESULT_CODE.unauthenticated || error.code === RESULT_CODE.forbidden)) return;
      showApiError(error);
    },
  });

  const submit = () => {
    const rows = draft;
    const mappings = rows.map((r) => ({ rawName: r.rawName.trim(), tagCode: r.tagCode ?? '' }));
    const parsed = c.TagMappingSaveSchema.safeParse({ runId: run.runId, mappings });
    if (!parsed.success) {
      const found = errorsAt(
        parsed.error.issues.map((issue) => ({ path: issue.path.filter((p) => typeof p !== 'symbol'), message: issueText(issue, t) })),
        rows,
      );
      setErrors(found);
      const first = rows.findIndex((r) => found[r.key]);
      if (first >= 0) showRow(first);
      return;
    }
    const kept = new Set(mappings.map((m) => m.rawName));
    const removed = (saved ?? []).filter((m) => !kept.has(m.rawName)).map((m) => m.rawName);
    if (removed.length > 0 && confirmRemoved === null) {
      setConfirmRemoved(removed);
      return;
    }
    setConfirmRemoved(null);
    save.mutate({ rows, mappings: parsed.data.mappings });
  };

  const draftNames = useMemo(() => new Set(draft.map((r) => r.rawName.trim())), [draft]);

  const columns = [
    {
      key: 'rawName',
      title: t('tagMapping.column.rawName'),
      width: '30%',
      render: (_: unknown, row: DraftRow) =>
        canWrite ? (
          <CellError message={errors[row.key]?.rawName}>
            <Input value={row.rawName} status={errors[row.key]?.rawName ? 'error' : ''} aria-label={t('tagMapping.column.rawName')} onChange={(e) => update(row.key, { rawName: e.target.value })} />
          </CellError>
        ) : (
          <Typography.Text code>{row.rawName}</Typography.Text>
        ),
    },
    {
      key: 'tag',
      title: t('tagMapping.column.tag'),
      render: (_: unknown, row: DraftRow) => {
        const tag = row.tagCode ? byCode.get(row.tagCode) : undefined;
        return canWrite ? (
          <CellError message={errors[row.key]?.tagCode}>
            <Select
              value={row.tagCode ?? undefined}
              options={tagOptions}
              showSearch={{ optionFilterProp: 'search' }}
              placeholder={t('tagMapping.tagPlaceholder')}
              status={errors[row.key]?.tagCode ? 'error' : ''}
              aria-label={t('tagMapping.column.tag')}
              style={{ width: '100%', minWidth: 260 }}
              onChange={(code: string) => update(row.key, { tagCode: code })}
            />
          </CellError>
        ) : tag ? (
          <span>
            {tagName(tag)} <Typography.Text type="secondary">{tag.code}</Typography.Text>
          </span>
        ) : (
          row.tagCode
        );
      },
    },
    { key: 'unit', title: t('tagMapping.column.unit'), width: 90, render: (_: unknown, row: DraftRow) => (row.tagCode ? byCode.get(row.tagCode)?.unit : '') || '—' },
    {
      key: 'subsystem',
      title: t('tagMapping.column.subsystem'),
      width: 150,
      render: (_: unknown, row: DraftRow) => {
        const tag = row.tagCode ? byCode.get(row.tagCode) : undefined;
        return tag ? t(SUBSYSTEM_NAME_KEYS[tag.subsystem]) : '—';
      },
    },
    ...(canWrite
      ? [
          {
            key: 'remove',
            title: '',
            width: 56,
            render: (_: unknown, row: DraftRow) => {
              const remove = () => setDraft((rows) => rows.filter((r) => r.key !== row.key));
              const button = <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('tagMapping.action.remove')} onClick={row.saved ? undefined : remove} />;
              // A saved mapping is asked about; a row not saved yet just goes.
              return row.saved ? (
                <Popconfirm title={t('tagMapping.removeConfirm', { name: row.rawName })} okText={t('tagMapping.action.remove')} okButtonProps={{ danger: true }} onConfirm={remove}>
                  {button}
                </Popconfirm>
              ) : (
                button
              );
            },
          },
        ]
      : []),
  ];

  const toolbar = canWrite ? (
    <>
      <Button icon={<PlusOutlined />} onClick={addEmpty}>
        {t('tagMapping.action.add')}
      </Button>
      <Button icon={<SnippetsOutlined />} onClick={() => setPasting(true)}>
        {t('tagMapping.action.paste')}
      </Button>
      <Tooltip title={dirty ? t('tagMapping.saveFirst') : undefined}>
        <Button icon={<ImportOutlined />} disabled={dirty} onClick={() => setImporting(true)}>
          {t('tagMapping.action.import')}
        </Button>
      </Tooltip>
      <Button type="primary" icon={<SaveOutlined />} disabled={!dirty} loading={save.isPending} onClick={submit}>
        {t('tagMapping.action.save')}
      </Button>
      {dirty ? (
        <Popconfirm title={t('tagMapping.discardConfirm')} onConfirm={() => setDraft(rowsOf(saved ?? []))}>
          <Button icon={<ClearOutlined />}>{t('tagMapping.action.discard')}</Button>
        </Popconfirm>
      ) : null}
      {dirty ? <Tag color="orange">{t('tagMapping.unsaved')}</Tag> : null}
    </>
  ) : null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="tag-mapping">
      <Card title={t('tagMapping.title')} extra={<Typography.Text type="secondary">{t('tagMapping.count', { count: draft.length })}</Typography.Text>}>
        <Typography.Paragraph type="secondary">{t('tagMapping.intro')}</Typography.Paragraph>
        {canWrite ? null : <Alert type="info" showIcon title={t('tagMapping.readOnly')} style={{ marginBottom: 12 }} />}
        <DataTable<DraftRow>
          source={{ data: draft, isPending: mappings.isPending, isFetching: mappings.isFetching, error: mappings.error, refetch: mappings.refetch }}
          columns={columns}
          rowKey="key"
          state={page}
          onStateChange={(next) => setPage({ page: next.page, pageSize: next.pageSize, sort: null })}
          toolbar={toolbar}
          emptyText={t('tagMapping.empty')}
          size="small"
          data-testid="mapping-table"
        />
      </Card>
      <UnmappedNames run={run} canWrite={canWrite} inDraft={draftNames} byCode={byCode} onMap={(rawName, tagCode) => add([{ rawName, tagCode }])} />
      <OwnTags run={run} canWrite={canWrite} />
      <PasteDialog
        open={pasting}
        catalogue={catalogue}
        onClose={() => setPasting(false)}
        onAdd={add}
      />
      <ImportDialog
        open={importing}
        title={t('tagMapping.importTitle')}
        onClose={() => setImporting(false)}
        onDownloadTemplate={downloadTemplate}
        maxBytes={IMPORT_MAX_BYTES}
        upload={importMappings(run.runId, 'all')}
        onImportValid={importMappings(run.runId, 'validOnly')}
        onImported={() => {
          void client.invalidateQueries({ queryKey: mappingsKey(run.runId) });
          void client.invalidateQueries({ queryKey: unmappedKey(run.runId) });
        }}
      />
      <Modal
        open={confirmRemoved !== null}
        title={t('tagMapping.removedConfirm', { count: confirmRemoved?.length ?? 0 })}
        okText={t('tagMapping.action.save')}
        okButtonProps={{ danger: true }}
        onOk={submit}
        onCancel={() => setConfirmRemoved(null)}
      >
        <Typography.Paragraph>{(confirmRemoved ?? []).slice(0, 20).join(', ')}</Typography.Paragraph>
      </Modal>
    </Space>
  );
}

/** An own tag as a tag of the picker (its name already in the reader's language). */
const ownTagDef = (tag: ownTagsContract.OwnTag): TagDef => ({
  code: tag.code,
  subsystem: tag.subsystem,
  kind: 'analog',
  unit: tag.unit,
  plcVar: tag.code,
  address: '',
  min: tag.rangeMin,
  max: tag.rangeMax,
  precision: tag.precision,
  name: { subject: 'ownTags.tab', quantity: 'ownTags.tab' },
  label: tag.name,
});

function CellError({ message, children }: { message: string | undefined; children: ReactNode }) {
  return (
    <div>
      {children}
      {message ? (
        <Typography.Text type="danger" role="alert" style={{ fontSize: 12 }}>
          {message}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The catalogue grouped by subsystem; an option is found by its name, code, PLC variable or unit. */
function tagOptionsOf(catalogue: readonly TagDef[], tagName: (tag: TagDef) => string, t: ReturnType<typeof useT>) {
  const groups = new Map<string, { label: string; options: { value: string; label: string; search: string }[] }>();
  for (const tag of catalogue) {
    const group = groups.get(tag.subsystem) ?? { label: t(SUBSYSTEM_NAME_KEYS[tag.subsystem]), options: [] };
    const name = tagName(tag);
    group.options.push({ value: tag.code, label: `${name}${tag.unit ? ` (${tag.unit})` : ''} · ${tag.code}`, search: `${name} ${tag.code} ${tag.plcVar} ${tag.unit}` });
    groups.set(tag.subsystem, group);
  }
  return [...groups.values()];
}
