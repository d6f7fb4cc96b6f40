import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS, stockContract as s } from '@boreline/contracts';
import { Alert, Button, Card, DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { formatInstant, formatLocalDate } from '../../../core/format.js';
import { issueText } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { DataTable, type DataTableColumn } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import {
  addStockIn,
  addStockOut,
  correctStockIn,
  correctStockOut,
  type InPageInput,
  NO_SOURCE,
  type Sheet,
  STOCK_KEYS,
  type StockInInput,
  type StockOutInput,
  useParts,
  usePeople,
  useStockIns,
  useStockOuts,
} from '../api.js';
import { IN_TYPE_LABELS, NONE, STATE_LABELS } from '../labels.js';
import { SheetDetail, SheetState } from './SheetDetail.js';
import { StockInDialog, type StockInSave } from './StockInDialog.js';
import { StockNav } from './StockNav.js';
import { StockOutDialog, type StockOutSave } from './StockOutDialog.js';

const LOCAL_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** A sheet list's address: dates, person, part, type (stock-in), state, keyword, page. */
export const SheetFilterParams = ListParamsSchema.extend({
  from: LOCAL_DATE.optional().catch(undefined),
  to: LOCAL_DATE.optional().catch(undefined),
  person: z.string().max(50).optional(),
  partId: z.coerce.number().int().positive().optional().catch(undefined),
  type: z.enum(['first', 'restock']).optional().catch(undefined),
  state: z.enum(['valid', 'corrected']).optional().catch(undefined),
  keyword: z.string().trim().max(100).optional(),
});
type SheetFilters = z.output<typeof SheetFilterParams>;

/** The filters of the address as the sheet queries take them (only those set; the type only for stock-ins). */
export function sheetInputOf(kind: 'in' | 'out', runId: number, f: SheetFilters): InPageInput {
  return {
    runId,
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.person ? { person: f.person } : {}),
    ...(f.partId ? { partId: f.partId } : {}),
    ...(kind === 'in' && f.type ? { type: f.type } : {}),
    ...(f.state ? { state: f.state } : {}),
    ...(f.keyword ? { keyword: f.keyword } : {}),
    page: f.page,
    pageSize: f.pageSize,
  };
}

type Dialog = { kind: 'add'; at: number } | { kind: 'correct'; sheet: Sheet } | null;

/** The stock-in or stock-out sheets of the current run (spec §2 `fw1/stock/in`, `fw1/stock/out`). */
export function SheetList({ run, kind }: { run: CurrentRun; kind: 'in' | 'out' }) {
  const t = useT();
  const canWrite = useFramework((st) => canUse(st, 'stock.record.write'));
  const params = useQueryParams(SheetFilterParams);
  const input = sheetInputOf(kind, run.runId, params.values);
  const checked = (kind === 'in' ? s.stockInPage.input : s.stockOutPage.input).safeParse(input);
  const ins = useStockIns(input, kind === 'in' && checked.success);
  const outs = useStockOuts(input, kind === 'out' && checked.success);
  const sheets = kind === 'in' ? ins : outs;
  const people = usePeople(run.runId, kind);
  const parts = useParts(run.runId);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const invalidate = [STOCK_KEYS.run(run.runId)];
  const saveIn = useMutationWithNotice({
    mutationFn: (saved: StockInSave) => ('reason' in saved ? correctStockIn(saved) : addStockIn(saved as StockInInput)),
    success: null,
    invalidate,
  });
  const saveOut = useMutationWithNotice({
    mutationFn: (saved: StockOutSave) => ('reason' in saved ? correctStockOut(saved) : addStockOut(saved as StockOutInput)),
    success: null,
    invalidate,
  });
  const date = (d: string | null) => (d ? formatLocalDate(d, DATE_FORMATS.date) : NONE);

  const { from, to, ...rest } = params.values;
  const formParams = {
    values: { ...rest, range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined },
    apply: (values: Record<string, unknown>) => {
      const range = Array.isArray(values.range) ? values.range : [];
      const start: unknown = range[0];
      const end: unknown = range[1];
      params.apply({ ...values, range: undefined, from: dayjs.isDayjs(start) ? start.format('YYYY-MM-DD') : undefined, to: dayjs.isDayjs(end) ? end.format('YYYY-MM-DD') : undefined });
    },
  };

  const numberTitle = t(kind === 'in' ? 'stockWeb.field.inNumber' : 'stockWeb.field.outNumber');
  const columns: DataTableColumn<Sheet>[] = [
    { key: 'number', title: numberTitle, width: 170, render: (_: unknown, sheet) => <span data-testid="sheet-number">{sheet.number}</span> },
    { key: 'date', title: t(kind === 'in' ? 'stockWeb.field.inDate' : 'stockWeb.field.outDate'), width: 110, render: (_: unknown, sheet) => date(sheet.date) },
    ...(kind === 'in'
      ? [
          { key: 'type', title: t('stockWeb.field.type'), width: 110, render: (_: unknown, sheet: Sheet) => sheet.typeName ?? NONE },
          { key: 'handler', title: t('stockWeb.field.handler'), width: 130, dataIndex: 'handler' },
          { key: 'reorderDate', title: t('stockWeb.field.reorderDate'), width: 110, render: (_: unknown, sheet: Sheet) => date(sheet.reorderDate) },
        ]
      : [
          { key: 'recipient', title: t('stockWeb.field.recipient'), width: 130, render: (_: unknown, sheet: Sheet) => sheet.recipient ?? NONE },
          { key: 'issuer', title: t('stockWeb.field.issuer'), width: 130, dataIndex: 'handler' },
          {
            key: 'maintenanceRecord',
            title: t('stockWeb.field.maintenanceRecord'),
            render: (_: unknown, sheet: Sheet) =>
              sheet.maintenanceRecord ? (
                <Link to="/fw1/maintain/record" data-testid="sheet-record">
                  {`${formatInstant(sheet.maintenanceRecord.time, run.timeZone, DATE_FORMATS.date)} · ${sheet.maintenanceRecord.content}`}
                </Link>
              ) : (
                NONE
              ),
          },
        ]),
    { key: 'lineCount', title: t('stockWeb.field.lineCount'), width: 80, align: 'right', dataIndex: 'lineCount' },
    { key: 'state', title: t('stockWeb.field.state'), width: 230, render: (_: unknown, sheet) => <SheetState sheet={sheet} /> },
    {
      key: 'actions',
      title: '',
      width: 190,
      render: (_: unknown, sheet) => (
        <Space size={4}>
          <Button size="small" icon={<EyeOutlined />} onClick={() => setDetailId(sheet.id)} data-testid="sheet-detail-open">
            {t('stockWeb.sheet.detail')}
          </Button>
          {canWrite && sheet.state === 'valid' ? (
            <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ kind: 'correct', sheet })} data-testid="sheet-correct">
              {t('stockWeb.sheet.correct')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];

  const dialogKey = dialog === null ? 'closed' : dialog.kind === 'add' ? `add-${dialog.at}` : `correct-${dialog.sheet.id}`;
  const correcting = dialog?.kind === 'correct' ? dialog.sheet : null;
  return (
    <div className="stock-page" data-testid={`stock-${kind}`}>
      <StockNav />
      <Card size="small">
        <QueryForm params={formParams} searchOnChange={['person', 'partId', 'type', 'state']} data-testid="sheet-filters">
          <Form.Item name="range">
            <DatePicker.RangePicker format={DATE_FORMATS.date} allowEmpty={[true, true]} placeholder={[t('stockWeb.filter.from'), t('stockWeb.filter.to')]} data-testid="filter-range" />
          </Form.Item>
          <Form.Item name="person">
            <Select
              allowClear
              showSearch
              style={{ width: 160 }}
              placeholder={t(kind === 'in' ? 'stockWeb.filter.allHandlers' : 'stockWeb.filter.allRecipients')}
              aria-label={t(kind === 'in' ? 'stockWeb.field.handler' : 'stockWeb.field.recipient')}
              options={(people.data ?? []).map((p) => ({ value: p.name, label: p.name }))}
              data-testid="filter-person"
            />
          </Form.Item>
          <Form.Item name="partId">
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              style={{ width: 220 }}
              placeholder={t('stockWeb.filter.allParts')}
              aria-label={t('stockWeb.field.part')}
              options={(parts.data ?? []).map((p) => ({ value: p.id, label: `${p.code} · ${p.name}` }))}
              data-testid="filter-part"
            />
          </Form.Item>
          {kind === 'in' ? (
            <Form.Item name="type">
              <Select
                allowClear
                style={{ width: 150 }}
                placeholder={t('stockWeb.filter.allTypes')}
                aria-label={t('stockWeb.field.type')}
                options={(['first', 'restock'] as const).map((v) => ({ value: v, label: t(IN_TYPE_LABELS[v]) }))}
                data-testid="filter-type"
              />
            </Form.Item>
          ) : null}
          <Form.Item name="state">
            <Select
              allowClear
              style={{ width: 140 }}
              placeholder={t('stockWeb.filter.allStates')}
              aria-label={t('stockWeb.field.state')}
              options={(['valid', 'corrected'] as const).map((v) => ({ value: v, label: t(STATE_LABELS[v]) }))}
              data-testid="filter-state"
            />
          </Form.Item>
          <Form.Item name="keyword">
            <Input allowClear style={{ width: 200 }} placeholder={t('stockWeb.filter.sheetKeyword')} aria-label={t('stockWeb.filter.sheetKeyword')} data-testid="filter-keyword" />
          </Form.Item>
        </QueryForm>
        {checked.success ? null : <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={issueText(checked.error.issues[0], t)} data-testid="sheet-invalid" />}
        <DataTable<Sheet>
          source={checked.success ? sheets : NO_SOURCE}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          emptyText={t(kind === 'in' ? 'stockWeb.in.empty' : 'stockWeb.out.empty')}
          toolbar={
            canWrite ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add', at: Date.now() })} data-testid="sheet-add">
                {t(kind === 'in' ? 'stockWeb.in.add' : 'stockWeb.out.add')}
              </Button>
            ) : null
          }
          data-testid="sheet-table"
          columns={columns}
        />
      </Card>
      {kind === 'in' ? (
        <StockInDialog key={dialogKey} run={run} open={dialog !== null} correcting={correcting} onSave={(saved) => saveIn.mutateAsync(saved)} onClose={() => setDialog(null)} />
      ) : (
        <StockOutDialog key={dialogKey} run={run} open={dialog !== null} correcting={correcting} onSave={(saved) => saveOut.mutateAsync(saved)} onClose={() => setDialog(null)} />
      )}
      <SheetDetail runId={run.runId} timeZone={run.timeZone} kind={kind} sheetId={detailId} onClose={() => setDetailId(null)} />
    </div>
  );
}
