import { EyeOutlined, ImportOutlined, PlusOutlined } from '@ant-design/icons';
import { DATE_FORMATS, stockContract as s } from '@boreline/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Form, Space, Statistic } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { z } from 'zod';
import { formatLocalDate, useFormat } from '../../../core/format.js';
import { issueText } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema, listParamsOf, tableStateOf, useQueryParams } from '../../../core/queryParams.js';
import { canUse, type CurrentRun, useFramework } from '../../../core/session.js';
import { useMutationWithNotice } from '../../../core/useMutationWithNotice.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { DataTable } from '../../../ui/DataTable.js';
import { ImportDialog } from '../../../ui/ImportDialog.js';
import { QueryForm } from '../../../ui/QueryForm.js';
import {
  addStockOut,
  type ConsumptionInput,
  type ConsumptionRow,
  downloadConsumptionTemplate,
  importConsumption,
  NO_SOURCE,
  STOCK_KEYS,
  type StockOutInput,
  useConsumption,
} from '../api.js';
import { ConsumptionDetailDrawer } from '../components/ConsumptionDetailDrawer.js';
import { PartFilterItems } from '../components/PartFilterItems.js';
import { StockNav } from '../components/StockNav.js';
import { StockOutDialog } from '../components/StockOutDialog.js';
import { NONE, quantityText } from '../labels.js';
import '../stock.css';

const LOCAL_DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The consumption page's address: period (local dates; the last 30 days when not set), keyword, system, page. */
export const ConsumptionFilterParams = ListParamsSchema.extend({
  from: LOCAL_DATE.optional().catch(undefined),
  to: LOCAL_DATE.optional().catch(undefined),
  keyword: z.string().trim().max(100).optional(),
  system: z.string().max(50).optional(),
});
type ConsumptionFilters = z.output<typeof ConsumptionFilterParams>;

export function consumptionInputOf(runId: number, f: ConsumptionFilters): ConsumptionInput {
  return {
    runId,
    ...(f.from ? { from: f.from } : {}),
    ...(f.to ? { to: f.to } : {}),
    ...(f.keyword ? { keyword: f.keyword } : {}),
    ...(f.system ? { system: f.system } : {}),
    page: f.page,
    pageSize: f.pageSize,
  };
}

/** How many parts the chart of use per ring shows. */
const TOP_PARTS = 10;

/** Spare-part consumption of the run normalised by the machine's work (spec §2 `fw1/stock/stats`: query, add, detail, export, import). */
export function ConsumptionPage() {
  const run = useFramework((st) => st.run);
  return run ? <Consumption key={run.runId} run={run} /> : <ChooseProject />;
}

function Consumption({ run }: { run: CurrentRun }) {
  const t = useT();
  const format = useFormat();
  const client = useQueryClient();
  const canWrite = useFramework((st) => canUse(st, 'stock.record.write'));
  const params = useQueryParams(ConsumptionFilterParams);
  const input = consumptionInputOf(run.runId, params.values);
  const checked = s.consumptionPage.input.safeParse(input);
  const answer = useConsumption(input, checked.success);
  const [adding, setAdding] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [detailId, setDetailId] = useState<number | null>(null);
  const saveOut = useMutationWithNotice({ mutationFn: (saved: StockOutInput) => addStockOut(saved), success: null, invalidate: [STOCK_KEYS.run(run.runId)] });
  const rate = (v: number | null) => (v === null ? NONE : format.number(v, 3));
  const work = answer.data?.work;
  const { from, to, keyword, system } = params.values;
  const exportInput = checked.success ? { runId: run.runId, ...(from ? { from } : {}), ...(to ? { to } : {}), ...(keyword ? { keyword } : {}), ...(system ? { system } : {}) } : null;

  const formParams = {
    values: { keyword, system, range: from || to ? [from ? dayjs(from) : null, to ? dayjs(to) : null] : undefined },
    apply: (values: Record<string, unknown>) => {
      const range = Array.isArray(values.range) ? values.range : [];
      const start: unknown = range[0];
      const end: unknown = range[1];
      params.apply({ ...values, range: undefined, from: dayjs.isDayjs(start) ? start.format('YYYY-MM-DD') : undefined, to: dayjs.isDayjs(end) ? end.format('YYYY-MM-DD') : undefined });
    },
  };

  const top = [...(answer.data?.records ?? [])]
    .filter((row) => row.perRing !== null)
    .sort((a, b) => (b.perRing ?? 0) - (a.perRing ?? 0))
    .slice(0, TOP_PARTS)
    .reverse();
  const option: ChartOption = {
    animation: false,
    grid: { left: 160, right: 24, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value' },
    yAxis: { type: 'category', data: top.map((row) => `${row.name}${row.unit ? ` (${row.unit})` : ''}`) },
    series: [{ type: 'bar', name: t('stockWeb.field.perRing'), data: top.map((row) => row.perRing), barMaxWidth: 18, itemStyle: { color: '#1d5fa8' } }],
  };

  return (
    <div className="stock-page" data-testid="stock-stats">
      <StockNav />
      <Card size="small">
        <QueryForm params={formParams} searchOnChange={['system']} data-testid="stats-filters">
          <Form.Item name="range">
            <DatePicker.RangePicker format={DATE_FORMATS.date} allowEmpty={[true, true]} placeholder={[t('stockWeb.filter.from'), t('stockWeb.filter.to')]} data-testid="filter-range" />
          </Form.Item>
          <PartFilterItems runId={run.runId} />
        </QueryForm>
        {checked.success ? null : <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={issueText(checked.error.issues[0], t)} data-testid="stats-invalid" />}
        {work ? (
          <div className="stock-figures" data-testid="stats-work">
            <Statistic title={t('stockWeb.stats.period')} value={`${formatLocalDate(work.from, DATE_FORMATS.date)} – ${formatLocalDate(work.to, DATE_FORMATS.date)}`} />
            <Statistic title={t('stockWeb.stats.rings')} value={work.rings} data-testid="work-rings" />
            <Statistic title={t('stockWeb.stats.metres')} value={format.number(work.metres, 1)} />
            <Statistic title={t('stockWeb.stats.volume')} value={work.volumeM3 === null ? NONE : format.number(work.volumeM3, 0)} />
          </div>
        ) : null}
      </Card>
      {top.length > 0 ? (
        <Card size="small" title={t('stockWeb.stats.topChart', { count: top.length })}>
          <Chart option={option} height={Math.max(160, top.length * 28 + 40)} label={t('stockWeb.stats.topChart', { count: top.length })} data-testid="stats-top-chart" />
        </Card>
      ) : null}
      <Card size="small">
        <DataTable<ConsumptionRow, typeof s.consumptionExport.input>
          source={checked.success ? answer : NO_SOURCE}
          rowKey="partId"
          size="middle"
          state={tableStateOf(params.values)}
          onStateChange={(next) => params.set(listParamsOf({ ...next, sort: null }))}
          emptyText={t('stockWeb.stats.empty')}
          exportButton={{
            endpoint: s.consumptionExport,
            input: exportInput,
            fallbackName: `${run.tbmCode}-consumption.xlsx`,
            label: t('stockWeb.common.export'),
            empty: answer.data?.total === 0,
            'data-testid': 'stats-export',
          }}
          toolbar={
            canWrite ? (
              <Space>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(Date.now())} data-testid="stats-add">
                  {t('stockWeb.out.add')}
                </Button>
                <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="stats-import">
                  {t('stockWeb.stats.import')}
                </Button>
              </Space>
            ) : null
          }
          data-testid="stats-table"
          columns={[
            { key: 'code', title: t('stockWeb.field.code'), width: 130, dataIndex: 'code' },
            { key: 'name', title: t('stockWeb.field.name'), dataIndex: 'name' },
            { key: 'used', title: t('stockWeb.stats.used'), width: 100, align: 'right', render: (_: unknown, row) => quantityText(row.used, format.locale) },
            { key: 'unit', title: t('stockWeb.field.unit'), width: 70, render: (_: unknown, row) => row.unit ?? NONE },
            { key: 'perRing', title: t('stockWeb.field.perRing'), width: 100, align: 'right', render: (_: unknown, row) => <span data-testid="per-ring">{rate(row.perRing)}</span> },
            { key: 'perMetre', title: t('stockWeb.field.perMetre'), width: 100, align: 'right', render: (_: unknown, row) => rate(row.perMetre) },
            { key: 'per100m3', title: t('stockWeb.field.per100m3'), width: 110, align: 'right', render: (_: unknown, row) => rate(row.per100m3) },
            { key: 'perDay', title: t('stockWeb.field.perDay'), width: 100, align: 'right', render: (_: unknown, row) => rate(row.perDay) },
            { key: 'sheets', title: t('stockWeb.stats.sheets'), width: 90, align: 'right', dataIndex: 'sheets' },
            {
              key: 'actions',
              title: '',
              width: 100,
              render: (_: unknown, row) => (
                <Button size="small" icon={<EyeOutlined />} onClick={() => setDetailId(row.partId)} data-testid="stats-detail-open">
                  {t('stockWeb.sheet.detail')}
                </Button>
              ),
            },
          ]}
        />
      </Card>
      <StockOutDialog
        key={adding ?? 'closed'}
        run={run}
        open={adding !== null}
        correcting={null}
        onSave={(saved) => saveOut.mutateAsync(saved as StockOutInput)}
        onClose={() => setAdding(null)}
      />
      <ImportDialog
        open={importing}
        title={t('stockWeb.stats.importTitle')}
        onClose={() => setImporting(false)}
        onDownloadTemplate={downloadConsumptionTemplate}
        maxBytes={s.STOCK_LIMITS.importMaxBytes}
        upload={(file, onProgress) => importConsumption(run.runId, file, 'all', onProgress)}
        onImportValid={(file, onProgress) => importConsumption(run.runId, file, 'validOnly', onProgress)}
        onImported={() => void client.invalidateQueries({ queryKey: STOCK_KEYS.run(run.runId) })}
      />
      <ConsumptionDetailDrawer runId={run.runId} partId={detailId} from={from} to={to} onClose={() => setDetailId(null)} />
    </div>
  );
}
