import { PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { shiftReportContract as c } from '@boreline/contracts';
import { Alert, Button, Input, Space, Table, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { issueText, showApiError } from '../../../../core/forms.js';
import { useFormat } from '../../../../core/format.js';
import { notify } from '../../../../core/notify.js';
import { type SlotRef, useSaveShiftRecords, settle } from '../../shiftApi.js';
import { DeleteCell, KindCell, TimeCell, WhatCell } from './RecordCells.js';
import { useShiftLabels } from './shiftLabels.js';
import { checkRecords, firstGap, type RecordRow, type ShiftSpan, toRecordInputs, toRow, wallTime } from './shiftTime.js';
import { isEditExpired } from './useEditWindow.js';
import { useT } from '../../../../core/i18n.js';

export interface ShiftRecordsEditorProps {
  slotRef: SlotRef;
  shiftRecId: number;
  span: ShiftSpan;
  records: c.ShiftRecord[];
  editable: boolean;
  onExpired(): void;
  onDirtyChange(dirty: boolean): void;
}

const byStart = (a: RecordRow, b: RecordRow) => (a.start ?? Number.MAX_SAFE_INTEGER) - (b.start ?? Number.MAX_SAFE_INTEGER);
let newRows = 0;

/**
 * The processes and stops of the shift, edited as a whole and saved together. Primary records
 * (generated advance and ring building) are locked; the rest follow the server's rules, checked here
 * first with the same messages so a refusal rarely needs the round trip.
 */
export function ShiftRecordsEditor({ slotRef, shiftRecId, span, records, editable, onExpired, onDirtyChange }: ShiftRecordsEditorProps) {
  const t = useT();
  const f = useFormat();
  const labels = useShiftLabels();
  const initial = useMemo(() => records.map(toRow).sort(byStart), [records]);
  const [rows, setRows] = useState(initial);
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveShiftRecords(slotRef);

  const dirty = JSON.stringify(rows) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const name = (row: RecordRow) => `${labels.record(row)} ${row.start === null ? '' : wallTime(row.start, span.timeZone)}–${row.end === null ? '' : wallTime(row.end, span.timeZone)}`;
  const check = checkRecords(span, rows, {
    required: t('validation.required'),
    endBeforeStart: t('report.shift.endBeforeStart'),
    outsideShift: t('report.shift.outsideShift', { start: wallTime(span.start, span.timeZone), end: wallTime(span.end, span.timeZone) }),
    stopReasonRequired: t('report.shift.stopReasonRequired'),
    processRequired: t('report.shift.processRequired'),
    overlap: (first, second) => t('report.shift.overlap', { first: name(first), second: name(second) }),
  });
  const unexplained = rows.filter((r) => r.kind === 'stop' && r.stopReason === null).length;
  const shiftMs = span.end - span.start;

  const change = (key: string, patch: Partial<RecordRow>) => setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = (kind: c.RecordKind) => {
    const gap = firstGap(span, rows);
    newRows += 1;
    setRows((all) => [...all, { key: `n${newRows}`, recordId: null, kind, process: null, stopReason: null, start: gap?.start ?? null, end: gap?.end ?? null, remark: '', primary: false }]);
  };

  const handleSave = () => {
    setTried(true);
    setRefusal(null);
    const first = check.messages[0];
    if (first) {
      notify.show('error', first);
      return;
    }
    const parsed = c.ShiftRecordsSaveSchema.safeParse({ runId: slotRef.runId, shiftRecId, records: toRecordInputs(rows) });
    if (!parsed.success) {
      notify.show('error', issueText(parsed.error.issues[0], t));
      return;
    }
    settle(save.mutateAsync(parsed.data), {
      onSuccess: () => {
        setTried(false);
        notify.show('success', t('common.outcome.editSuccess'));
      },
      onError: (error) => {
        if (isEditExpired(error)) onExpired();
        else if (error instanceof Error) setRefusal(error.message);
        showApiError(error);
      },
    });
  };

  const problems = (row: RecordRow) => (tried ? check.byRow.get(row.key) : undefined);
  const canEdit = (row: RecordRow) => editable && !row.primary;
  const columns: TableColumnsType<RecordRow> = [
    { key: 'kind', title: t('report.shiftPage.records.kind'), width: 110, render: (_v, row) => <KindCell row={row} /> },
    {
      key: 'start',
      title: t('report.shiftPage.records.start'),
      width: 150,
      render: (_v, row) => <TimeCell row={row} edge="start" span={span} editable={canEdit(row)} error={problems(row)?.start} onChange={(start) => change(row.key, { start })} />,
    },
    {
      key: 'end',
      title: t('report.shiftPage.records.end'),
      width: 150,
      render: (_v, row) => <TimeCell row={row} edge="end" span={span} editable={canEdit(row)} error={problems(row)?.end} onChange={(end) => change(row.key, { end })} />,
    },
    {
      key: 'duration',
      title: t('report.shiftPage.records.duration'),
      width: 110,
      render: (_v, row) => (row.start !== null && row.end !== null && row.end > row.start ? f.duration(row.end - row.start) : '—'),
    },
    {
      key: 'share',
      title: t('report.shiftPage.records.share'),
      width: 80,
      align: 'right',
      render: (_v, row) => (row.start !== null && row.end !== null && row.end > row.start && shiftMs > 0 ? f.percent((row.end - row.start) / shiftMs) : '—'),
    },
    {
      key: 'what',
      title: t('report.shiftPage.records.processOrReason'),
      render: (_v, row) => (
        <WhatCell
          row={row}
          editable={canEdit(row)}
          error={row.kind === 'stop' ? problems(row)?.stopReason : problems(row)?.process}
          onProcess={(process) => change(row.key, { process })}
          onReason={(stopReason) => change(row.key, { stopReason })}
        />
      ),
    },
    {
      key: 'remark',
      title: t('report.shiftPage.records.remark'),
      render: (_v, row) =>
        canEdit(row) ? (
          <Input size="small" value={row.remark} aria-label={t('report.shiftPage.records.remark')} onChange={(e) => change(row.key, { remark: e.target.value })} />
        ) : (
          row.remark
        ),
    },
    {
      key: 'actions',
      width: 48,
      className: 'no-print',
      render: (_v, row) => (canEdit(row) ? <DeleteCell row={row} onDelete={() => setRows((all) => all.filter((r) => r.key !== row.key))} /> : null),
    },
  ];

  return (
    <div className="shift-records" data-testid="shift-records">
      {unexplained > 0 ? (
        <Alert type="warning" showIcon title={t('report.shiftPage.records.unexplainedCount', { n: unexplained })} className="shift-records-alert" data-testid="shift-unexplained" />
      ) : null}
      {tried && check.messages.length > 0 ? (
        <Alert
          type="error"
          showIcon
          className="shift-records-alert"
          data-testid="shift-record-problems"
          title={<ul className="shift-problem-list">{check.messages.map((m) => <li key={m}>{m}</li>)}</ul>}
        />
      ) : null}
      {refusal ? <Alert type="error" showIcon className="shift-records-alert" title={refusal} data-testid="shift-record-refusal" /> : null}
      <Table<RecordRow>
        size="small"
        rowKey="key"
        pagination={false}
        columns={columns}
        dataSource={rows}
        rowClassName={(row) => (row.primary ? 'shift-row-primary' : row.kind === 'stop' && row.stopReason === null ? 'shift-row-unexplained' : '')}
        locale={{ emptyText: t('report.shiftPage.records.empty') }}
        scroll={{ x: 900 }}
      />
      {editable ? (
        <Space className="shift-records-actions no-print" wrap>
          <Button icon={<PlusOutlined />} onClick={() => add('process')}>
            {t('report.shiftPage.records.addProcess')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => add('stop')}>
            {t('report.shiftPage.records.addStop')}
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={handleSave}>
            {t('report.shiftPage.records.save')}
          </Button>
        </Space>
      ) : null}
    </div>
  );
}
