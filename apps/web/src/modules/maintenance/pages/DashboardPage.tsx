import { DATE_FORMATS, mtcePlanContract as p } from '@boreline/contracts';
import { Alert, Card, Col, DatePicker, List, Row, Skeleton, Space, Statistic, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { formatInstant, formatLocalDate, localToday, useFormat } from '../../../core/format.js';
import { useT } from '../../../core/i18n.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { ExportButton } from '../../../ui/ExportButton.js';
import { type ComplianceRow, type MaintenancePlan, type MaintenanceRecord, type PlanDashboard, useDashboard } from '../api.js';
import { MaintenanceNav } from '../components/MaintenanceNav.js';
import { StateTag } from '../components/PlanTags.js';
import { ConditionTag, RecordDetail } from '../components/RecordDetail.js';
import '../maintenance.css';

/** DOMAIN.md: the compliance target of preventive maintenance. */
export const COMPLIANCE_TARGET = 90;
const NONE = '—';

/** The maintenance dashboard of the current run (spec §2 stm_smtce/dashboard). */
export function DashboardPage() {
  const run = useFramework((s) => s.run);
  return run ? <Dashboard key={run.runId} run={run} /> : <ChooseProject />;
}

/** The months of the compliance rows, oldest first, and the systems, alphabetical. */
export function complianceAxes(rows: readonly ComplianceRow[]): { months: string[]; systems: string[] } {
  return { months: [...new Set(rows.map((r) => r.month))].sort(), systems: [...new Set(rows.map((r) => r.system))].sort((a, b) => a.localeCompare(b)) };
}

function Dashboard({ run }: { run: CurrentRun }) {
  const t = useT();
  const dashboard = useDashboard(run.runId);
  const [recordId, setRecordId] = useState<number | null>(null);
  const data = dashboard.data;
  return (
    <div className="mtce-page" data-testid="mtce-dashboard">
      <MaintenanceNav extra={<ComplianceExport run={run} />} />
      {dashboard.error ? <Alert type="error" showIcon title={t('ui.table.loadFailed')} description={dashboard.error.message} /> : null}
      {data ? <Figures data={data} /> : <Skeleton active paragraph={{ rows: 2 }} />}
      {data ? (
        <>
          <ComplianceCard rows={data.complianceBySystem} />
          <Row gutter={12}>
            <Col xs={24} lg={12}>
              <PlanList title={t('maintenanceWeb.dashboard.dueThisWeek')} plans={data.dueThisWeekPlans} empty={t('maintenanceWeb.dashboard.noneDue')} timeZone={run.timeZone} testId="dashboard-due" />
            </Col>
            <Col xs={24} lg={12}>
              <PlanList title={t('maintenanceWeb.dashboard.overdue')} plans={data.overduePlans} empty={t('maintenanceWeb.dashboard.noneOverdue')} timeZone={run.timeZone} testId="dashboard-overdue" />
            </Col>
          </Row>
          <Row gutter={12}>
            <Col xs={24} lg={12}>
              <RecordList title={t('maintenanceWeb.dashboard.abnormal')} records={data.abnormal} empty={t('maintenanceWeb.dashboard.noneAbnormal')} timeZone={run.timeZone} onOpen={setRecordId} testId="dashboard-abnormal" />
            </Col>
            <Col xs={24} lg={12}>
              <RecordList title={t('maintenanceWeb.dashboard.lastRecords')} records={data.lastRecords} empty={t('maintenanceWeb.record.empty')} timeZone={run.timeZone} onOpen={setRecordId} testId="dashboard-records" />
            </Col>
          </Row>
        </>
      ) : null}
      <RecordDetail runId={run.runId} timeZone={run.timeZone} recordId={recordId} onClose={() => setRecordId(null)} />
    </div>
  );
}

function Figures({ data }: { data: PlanDashboard }) {
  const t = useT();
  const f = useFormat();
  const low = data.compliance !== null && data.compliance < COMPLIANCE_TARGET;
  return (
    <div className="mtce-figures" data-testid="dashboard-figures">
      <Card size="small">
        <Statistic title={t('maintenanceWeb.dashboard.dueThisWeek')} value={data.dueThisWeek} data-testid="figure-dueThisWeek" />
      </Card>
      <Card size="small">
        <Statistic title={t('maintenanceWeb.dashboard.overdue')} value={data.overdue} styles={{ content: data.overdue > 0 ? { color: '#cf1322' } : {} }} data-testid="figure-overdue" />
      </Card>
      <Card size="small">
        <Statistic title={t('maintenanceWeb.dashboard.doneOnTime')} value={data.doneOnTime} suffix={t('maintenanceWeb.dashboard.doneLateSuffix', { count: data.doneLate })} data-testid="figure-doneOnTime" />
      </Card>
      <Card size="small">
        <Statistic
          title={t('maintenanceWeb.dashboard.compliance', { target: COMPLIANCE_TARGET })}
          value={data.compliance === null ? NONE : `${f.number(data.compliance, 1)} %`}
          styles={{ content: low ? { color: '#cf1322' } : {} }}
          data-testid="figure-compliance"
        />
      </Card>
    </div>
  );
}

/** About this many systems' names fit a line of the chart's legend, a line this high. */
const LEGEND_PER_LINE = 6;
const LEGEND_LINE_PX = 22;

/** Compliance by the 10 % rule per system and month: a chart with the 90 % target, and the figures as a table. */
function ComplianceCard({ rows }: { rows: readonly ComplianceRow[] }) {
  const t = useT();
  const f = useFormat();
  const { months, systems } = complianceAxes(rows);
  const cell = (system: string, month: string) => rows.find((r) => r.system === system && r.month === month);
  const monthLabel = (month: string) => formatLocalDate(`${month}-01`, DATE_FORMATS.monthYear);
  const legendPx = LEGEND_LINE_PX * Math.ceil((systems.length + 1) / LEGEND_PER_LINE);
  const option: ChartOption = {
    animation: false,
    // A system per bar: the legend wraps to as many lines as it needs, above the plot.
    grid: { left: 8, right: 16, top: 32 + legendPx, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    legend: { type: 'plain', top: 0 },
    xAxis: { type: 'category', data: months.map(monthLabel) },
    yAxis: { type: 'value', min: 0, max: 100, axisLabel: { formatter: '{value} %' } },
    series: [
      ...systems.map((system) => ({ type: 'bar' as const, name: system, data: months.map((month) => cell(system, month)?.percent ?? null) })),
      {
        type: 'line' as const,
        name: t('maintenanceWeb.dashboard.target', { target: COMPLIANCE_TARGET }),
        data: months.map(() => COMPLIANCE_TARGET),
        symbol: 'none',
        lineStyle: { type: 'dashed', color: '#cf1322' },
        itemStyle: { color: '#cf1322' },
      },
    ],
  };
  const percent = (row: ComplianceRow | undefined) => {
    if (!row || row.percent === null) return NONE;
    return (
      <span className={row.percent < COMPLIANCE_TARGET ? 'mtce-compliance-low' : undefined} title={t('maintenanceWeb.dashboard.onTimeOfDue', { onTime: row.onTime, due: row.due })}>
        {f.number(row.percent, 1)} %
      </span>
    );
  };
  return (
    <Card size="small" title={t('maintenanceWeb.dashboard.complianceTitle')} data-testid="dashboard-compliance">
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('maintenanceWeb.dashboard.noneCompliance')}</Typography.Text>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Chart option={option} height={240 + legendPx} label={t('maintenanceWeb.dashboard.complianceTitle')} data-testid="compliance-chart" />
          <Table
            size="small"
            pagination={false}
            rowKey="system"
            scroll={{ x: true }}
            dataSource={systems.map((system) => ({ system }))}
            data-testid="compliance-table"
            columns={[
              { key: 'system', title: t('maintenanceWeb.field.system'), dataIndex: 'system', fixed: 'left' },
              ...months.map((month) => ({ key: month, title: monthLabel(month), render: (_: unknown, row: { system: string }) => percent(cell(row.system, month)) })),
            ]}
          />
        </Space>
      )}
    </Card>
  );
}

function PlanList({ title, plans, empty, timeZone, testId }: { title: string; plans: readonly MaintenancePlan[]; empty: string; timeZone: string; testId: string }) {
  return (
    <Card size="small" title={`${title} (${plans.length})`} data-testid={testId}>
      <List
        size="small"
        dataSource={[...plans]}
        locale={{ emptyText: empty }}
        renderItem={(plan) => (
          <List.Item extra={<StateTag state={plan.state} />} data-testid="dashboard-plan">
            <List.Item.Meta
              title={plan.title}
              description={`${plan.system}${plan.component ? ` / ${plan.component}` : ''} · ${plan.nextTime === null ? NONE : formatInstant(plan.nextTime, timeZone, DATE_FORMATS.dateTime)}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

function RecordList(props: { title: string; records: readonly MaintenanceRecord[]; empty: string; timeZone: string; onOpen: (id: number) => void; testId: string }) {
  return (
    <Card size="small" title={props.title} data-testid={props.testId}>
      <List
        size="small"
        dataSource={[...props.records]}
        locale={{ emptyText: props.empty }}
        renderItem={(record) => (
          <List.Item extra={<ConditionTag condition={record.condition} />} data-testid="dashboard-record">
            <List.Item.Meta
              title={
                <Typography.Link onClick={() => props.onOpen(record.id)}>
                  {record.system}
                  {record.component ? ` / ${record.component}` : ''}: {record.content}
                </Typography.Link>
              }
              description={`${formatInstant(record.time, props.timeZone, DATE_FORMATS.dateTime)} · ${record.maintainedBy}`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}

/** The compliance workbook of chosen months (the last six by default), on the project's calendar. */
function ComplianceExport({ run }: { run: CurrentRun }) {
  const t = useT();
  const today = dayjs(localToday(run.timeZone));
  const [range, setRange] = useState<[Dayjs, Dayjs]>([today.subtract(5, 'month').startOf('month'), today]);
  const input = { runId: run.runId, from: range[0].startOf('month').format('YYYY-MM-DD'), to: range[1].endOf('month').format('YYYY-MM-DD') };
  const valid = p.mtceComplianceExport.input.safeParse(input).success;
  return (
    <Space>
      <DatePicker.RangePicker
        picker="month"
        format={DATE_FORMATS.monthYear}
        allowClear={false}
        value={range}
        onChange={(values) => {
          if (values?.[0] && values[1]) setRange([values[0], values[1]]);
        }}
        aria-label={t('maintenanceWeb.dashboard.exportMonths')}
        data-testid="compliance-months"
      />
      <ExportButton
        endpoint={p.mtceComplianceExport}
        input={valid ? input : null}
        fallbackName={`${run.tbmCode}-maintenance-compliance.xlsx`}
        label={t('maintenanceWeb.dashboard.export')}
        data-testid="compliance-export"
      />
    </Space>
  );
}
