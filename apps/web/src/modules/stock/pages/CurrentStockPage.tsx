import { CheckCircleOutlined, EditOutlined, PlusOutlined, WarningFilled } from '@ant-design/icons';
import { DATE_FORMATS, stockContract as s } from '@boreline/contracts';
import { Alert, Button, Card, Form, Radio, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { z } from 'zod';
import { formatLocalDate, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DeleteButton } from '../../../ui/ConfirmDelete.js';
import { DataTable } from '../../../ui/DataTable.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import { addPart, type CurrentInput, type CurrentRow, deletePart, editPart, type Part, setFloor, STOCK_KEYS, useCurrentStock, useLedgerCheck } from '../api.js';
import { FloorDialog } from '../components/FloorDialog.js';
import { PartDialog } from '../components/PartDialog.js';
import { PartFilterItems } from '../components/PartFilterItems.js';
import { StockNav } from '../components/StockNav.js';
import { AVAILABILITY_LABELS, NONE, quantityText } from '../labels.js';
import '../stock.css';

/** The current stock's address: availability, keyword, system, page. */
export const CurrentFilterParams = ListParamsSchema.extend({
  availability: z.enum(['all', 'outOfStock', 'inStock', 'belowLine']).default('all').catch('all'),
  keyword: z.string().trim().max(100).optional(),
  system: z.string().max(50).optional(),
});
type CurrentFilters = z.output<typeof CurrentFilterParams>;

export function currentInputOf(runId: number, f: CurrentFilters): CurrentInput {
  return {
    runId,
    availability: f.availability,
    ...(f.keyword ? { keyword: f.keyword } : {}),
    ...(f.system ? { system: f.system } : {}),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** The current stock of the run (spec §2 `fw1/stock/stockCurrent`: query, remind, export). */
export function CurrentStockPage() {
  const run = useFramework((st) => st.run);
  return run ? <CurrentStock key={run.runId} run={run} /> : <ChooseProject />;
}

type PartDialogState = { part: Part | null; at: number } | null;

function CurrentStock({ run }: { run: CurrentRun }) {
  const t = useT();
  const format = useFormat();
  const canWriteParts = useFramework((st) => canUse(st, 'stock.part.write'));
  const params = useQueryParams(CurrentFilterParams);
  const input = currentInputOf(run.runId, params.values);
  const checked = s.currentPage.input.safeParse(input);
  const stock = useCurrentStock(input, checked.success);
  const [floorOf, setFloorOf] = useState<CurrentRow | null>(null);
  const [partDialog, setPartDialog] = useState<PartDialogState>(null);
  const invalidate = [STOCK_KEYS.run(run.runId)];
  const remove = useMutationWithNotice({ mutationFn: (id: number) => deletePart(run.runId, id), success: t('stockWeb.part.deleted'), invalidate });
  const saveFloor = useMutationWithNotice({ mutationFn: setFloor, success: null, invalidate });
  const savePart = useMutationWithNotice({
    mutationFn: (saved: Parameters<typeof addPart>[0] & { id?: number }) => (saved.id === undefined ? addPart(saved) : editPart({ ...saved, id: saved.id })),
    success: null,
    invalidate,
  });
  const counts = stock.data?.counts;
  const qty = (value: number | null) => (value === null ? NONE : quantityText(value, format.locale));
  const date = (d: string | null) => (d ? formatLocalDate(d, DATE_FORMATS.date) : NONE);
  const { keyword, system, availability } = params.values;

  return (
    <div className="stock-page" data-testid="stock-current">
      <StockNav />
      <Card size="small">
        <QueryForm params={{ values: { keyword, system, availability }, apply: (values) => params.apply(values) }} searchOnChange={['availability', 'system']} data-testid="current-filters">
          <Form.Item name="availability">
            <Radio.Group optionType="button" data-testid="filter-availability">
              {(['all', 'outOfStock', 'inStock', 'belowLine'] as const).map((value) => (
                <Radio.Button key={value} value={value} data-testid={`availability-${value}`}>
                  {counts ? t('stockWeb.availability.withCount', { label: t(AVAILABILITY_LABELS[value]), count: counts[value] }) : t(AVAILABILITY_LABELS[value])}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <PartFilterItems runId={run.runId} />
        </QueryForm>
        <LedgerNote runId={run.runId} />
        {stock.data?.pace ? (
          <Typography.Paragraph type="secondary" data-testid="current-pace">
            {t('stockWeb.current.pace', { days: stock.data.pace.days, rings: stock.data.pace.rings })}
          </Typography.Paragraph>
        ) : null}
        <DataTable<CurrentRow, typeof s.currentExport.input>
          source={checked.success ? stock : { data: undefined, isPending: false, error: null, refetch: () => undefined }}
          rowKey="id"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          rowClassName={(row) => (row.belowLine ? 'stock-row-below' : '')}
          emptyText={t(availability === 'all' && !keyword && !system ? 'stockWeb.current.empty' : 'stockWeb.current.emptyFiltered')}
          exportButton={{
            endpoint: s.currentExport,
            input: checked.success ? { runId: run.runId, availability, ...(keyword ? { keyword } : {}), ...(system ? { system } : {}) } : null,
            fallbackName: `${run.tbmCode}-stock.xlsx`,
            label: t('stockWeb.common.export'),
            empty: stock.data?.total === 0,
            'data-testid': 'current-export',
          }}
          toolbar={
            canWriteParts ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setPartDialog({ part: null, at: Date.now() })} data-testid="part-add">
                {t('stockWeb.part.add')}
              </Button>
            ) : null
          }
          data-testid="current-table"
          columns={[
            { key: 'code', title: t('stockWeb.field.code'), width: 130, dataIndex: 'code' },
            { key: 'name', title: t('stockWeb.field.name'), dataIndex: 'name' },
            { key: 'spec', title: t('stockWeb.field.spec'), width: 120, render: (_: unknown, row) => row.spec ?? NONE },
            { key: 'unit', title: t('stockWeb.field.unit'), width: 70, render: (_: unknown, row) => row.unit ?? NONE },
            { key: 'location', title: t('stockWeb.field.location'), width: 110, render: (_: unknown, row) => row.location ?? NONE },
            {
              key: 'stock',
              title: t('stockWeb.field.stock'),
              width: 150,
              align: 'right',
              render: (_: unknown, row) => (
                <span data-testid="current-stock">
                  {qty(row.stock)}
                  {row.belowLine ? (
                    <span className="stock-below" data-testid="below-line">
                      {' '}
                      <WarningFilled /> {t(row.stock === 0 ? 'stockWeb.current.outOfStock' : 'stockWeb.current.belowLine')}
                    </span>
                  ) : null}
                </span>
              ),
            },
            { key: 'warningLine', title: t('stockWeb.field.warningLine'), width: 100, align: 'right', render: (_: unknown, row) => (row.warningLine > 0 ? qty(row.warningLine) : NONE) },
            {
              key: 'suggestedLine',
              title: t('stockWeb.field.suggestedLine'),
              width: 110,
              align: 'right',
              render: (_: unknown, row) =>
                row.suggestedLine === null ? (
                  NONE
                ) : (
                  <Tooltip title={t('stockWeb.current.suggestedHint', { perRing: qty(row.perRing), leadTime: row.leadTimeUsed ?? NONE })}>
                    <span>{format.number(row.suggestedLine, 1)}</span>
                  </Tooltip>
                ),
            },
            { key: 'daysOfCover', title: t('stockWeb.field.daysOfCover'), width: 100, align: 'right', render: (_: unknown, row) => (row.daysOfCover === null ? NONE : format.number(row.daysOfCover, 0)) },
            {
              key: 'lastMove',
              title: t('stockWeb.field.lastMove'),
              width: 130,
              render: (_: unknown, row) => (
                <span>
                  {date(row.lastIn)} / {date(row.lastOut)}
                </span>
              ),
            },
            ...(canWriteParts
              ? [
                  {
                    key: 'actions',
                    title: '',
                    width: 250,
                    render: (_: unknown, row: CurrentRow) => (
                      <Space size={4}>
                        <Button size="small" onClick={() => setFloorOf(row)} data-testid="part-remind">
                          {t('stockWeb.floor.action')}
                        </Button>
                        <Button size="small" icon={<EditOutlined />} onClick={() => setPartDialog({ part: row, at: Date.now() })} data-testid="part-edit">
                          {t('stockWeb.part.editAction')}
                        </Button>
                        <DeleteButton size="small" title={t('stockWeb.part.deleteConfirm', { name: row.name, code: row.code })} onConfirm={() => remove.mutateAsync(row.id)} data-testid="part-delete" />
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <FloorDialog runId={run.runId} part={floorOf} onSave={(saved) => saveFloor.mutateAsync(saved)} onClose={() => setFloorOf(null)} />
      <PartDialog
        key={partDialog?.at ?? 'closed'}
        runId={run.runId}
        open={partDialog !== null}
        part={partDialog?.part ?? null}
        onSave={(saved) => savePart.mutateAsync(saved)}
        onClose={() => setPartDialog(null)}
      />
    </div>
  );
}

/** The ledger check: a small note when every part's stock is the sum of its moves, a warning naming the parts otherwise. */
function LedgerNote({ runId }: { runId: number }) {
  const t = useT();
  const check = useLedgerCheck(runId);
  if (!check.data) return null;
  const { mismatches, parts, moves } = check.data;
  return mismatches.length === 0 ? (
    <Typography.Paragraph type="success" data-testid="ledger-ok">
      <CheckCircleOutlined /> {t('stockWeb.ledger.verified', { parts, moves })}
    </Typography.Paragraph>
  ) : (
    <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={t('stockWeb.ledger.mismatch', { codes: mismatches.map((m) => m.code).join(', ') })} data-testid="ledger-mismatch" />
  );
}
