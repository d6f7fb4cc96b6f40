import { alarmContract as a, DATE_FORMATS } from '@boreline/contracts';
import { Alert, Card, Col, DatePicker, List, Row, Select, Skeleton, Space, Table, Tag, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatInstant, formatLocalDate, useFormat } from '../../../core/format.js';
import { issueText } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { Chart, type ChartOption } from '../../../ui/chart/Chart.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { type AlarmPerformance, type PerformanceInput, useAlarmPerformance } from '../api.js';
import { AlarmNav } from '../components/AlarmNav.js';
import { DAY_MS, DEFAULT_SPAN_DAYS, PERFORMANCE_TARGETS } from '../components/performance.js';
import { instantOf, pickerValueOf } from '../components/zonedPicker.js';
import { LEVEL_COLOURS } from '../labels.js';
import '../alarm.css';

const NONE = '—';

/** Alarm performance of the current run after ISA-18.2 / EEMUA 191 (alarm/performance). */
export function PerformancePage() {
  const run = useFramework((s) => s.run);
  return run ? <Performance run={run} /> : <ChooseProject />;
}

const numberParam = (params: URLSearchParams, name: string): number | null => {
  const value = Number(params.get(name) ?? '');
  return params.has(name) && Number.isInteger(value) ? value : null;
};

function Performance({ run }: { run: CurrentRun }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  const from = numberParam(params, 'from') ?? now - DEFAULT_SPAN_DAYS * DAY_MS;
  const to = numberParam(params, 'to') ?? now;
  // One shift of the span: its date (the project's calendar) and number, both or neither.
  const shiftDate = params.get('shiftDate');
  const shiftNo = numberParam(params, 'shiftNo');
  const shift = shiftDate && shiftNo !== null ? { shiftDate, shiftNo } : {};
  const input: PerformanceInput = { runId: run.runId, from, to, ...shift };
  const checked = a.alarmPerformance.input.safeParse(input);
  const performance = useAlarmPerformance(checked.success ? input : null);
  const data = performance.data;

  const choose = (values: [Dayjs | null, Dayjs | null] | null) => {
    const start = values?.[0];
    const end = values?.[1];
    if (!start || !end) {
      setParams({});
      return;
    }
    setParams({ from: String(instantOf(start.startOf('day'), run.timeZone)), to: String(instantOf(end.endOf('day'), run.timeZone)) });
  };
  const chooseShift = (date: string | null, no: number | null) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of [
      ['shiftDate', date],
      ['shiftNo', no === null ? null : String(no)],
    ] as const) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    setParams(next);
  };

  return (
    <div className="alarm-page" data-testid="alarm-performance">
      <AlarmNav />
      <Card size="small">
        <Space wrap>
          <span>{t('alarmWeb.performance.span')}</span>
          <DatePicker.RangePicker
            value={[pickerValueOf(from, run.timeZone), pickerValueOf(to, run.timeZone)]}
            format={DATE_FORMATS.date}
            onChange={(values) => choose(values)}
            aria-label={t('alarmWeb.performance.span')}
            data-testid="performance-span"
          />
          <DatePicker
            value={shiftDate ? dayjs(shiftDate) : null}
            format={DATE_FORMATS.date}
            placeholder={t('alarmWeb.performance.shiftDate')}
            aria-label={t('alarmWeb.performance.shiftDate')}
            onChange={(value: Dayjs | null) => chooseShift(value ? value.format('YYYY-MM-DD') : null, shiftNo)}
            data-testid="performance-shift-date"
          />
          <Select<number>
            allowClear
            style={{ width: 130 }}
            value={shiftNo ?? undefined}
            placeholder={t('alarmWeb.performance.allShifts')}
            aria-label={t('alarmWeb.performance.shiftNo')}
            onChange={(value) => chooseShift(shiftDate, value ?? null)}
            options={[1, 2, 3, 4].map((no) => ({ value: no, label: t('alarmWeb.performance.shiftOption', { shift: no }) }))}
            data-testid="performance-shift-no"
          />
          <Typography.Text type="secondary">{t('alarmWeb.performance.standard')}</Typography.Text>
        </Space>
      </Card>
      {!checked.success ? (
        <Alert type="warning" showIcon title={issueText(checked.error.issues[0], t)} data-testid="performance-invalid" />
      ) : performance.isError ? (
        <Alert type="error" showIcon title={performance.error instanceof Error ? performance.error.message : t('alarmWeb.detail.failed')} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <PerformanceFigures data={data} timeZone={run.timeZone} />
      )}
    </div>
  );
}

function Figure({ id, label, value, target, ok }: { id: string; label: string; value: string; target?: string; ok?: boolean }) {
  return (
    <Card size="small" className="alarm-figure" data-testid={`figure-${id}`} data-ok={ok}>
      <div className="alarm-figure-label">{label}</div>
      <div className="alarm-figure-value" data-testid={`figure-${id}-value`}>
        {value}
      </div>
      {target ? (
        <div className="alarm-figure-target">
          {ok === undefined ? null : <Tag color={ok ? 'success' : 'error'}>{ok ? '✓' : '!'}</Tag>}
          {target}
        </div>
      ) : null}
    </Card>
  );
}

/** The figures of a span: totals, rates against their targets, floods, chattering and stale alarms, the top ten, per shift. */
export function PerformanceFigures({ data, timeZone }: { data: AlarmPerformance; timeZone: string }) {
  const t = useT();
  const f = useFormat();
  const time = (ts: number) => formatInstant(ts, timeZone, DATE_FORMATS.dateTime);
  const figures: ReactNode[] = [
    <Figure key="total" id="total" label={t('alarmWeb.performance.total')} value={String(data.total)} target={t('alarmWeb.performance.byLevel', { alarm: data.byLevel.alarm, warning: data.byLevel.warning })} />,
    <Figure
      key="perDay"
      id="perDay"
      label={t('alarmWeb.performance.perDay')}
      value={f.number(data.perDayAverage, 1)}
      target={t('alarmWeb.performance.perDayTarget', { max: PERFORMANCE_TARGETS.perDayAverage })}
      ok={data.perDayAverage < PERFORMANCE_TARGETS.perDayAverage}
    />,
    <Figure
      key="per10Min"
      id="per10Min"
      label={t('alarmWeb.performance.per10MinAverage')}
      value={f.number(data.per10MinAverage, 2)}
      target={t('alarmWeb.performance.per10MinTarget', { max: PERFORMANCE_TARGETS.per10MinAverage })}
      ok={data.per10MinAverage <= PERFORMANCE_TARGETS.per10MinAverage}
    />,
    <Figure
      key="per10MinMax"
      id="per10MinMax"
      label={t('alarmWeb.performance.per10MinMax')}
      value={String(data.per10MinMax)}
      target={t('alarmWeb.performance.floodTarget', { count: PERFORMANCE_TARGETS.floodAlarms })}
      ok={data.per10MinMax < PERFORMANCE_TARGETS.floodAlarms}
    />,
    <Figure
      key="floodTime"
      id="floodTime"
      label={t('alarmWeb.performance.floodTime')}
      value={`${f.number(data.floodTimePercent, 2)} %`}
      target={t('alarmWeb.performance.floodTimeTarget', { max: PERFORMANCE_TARGETS.floodTimePercent })}
      ok={data.floodTimePercent < PERFORMANCE_TARGETS.floodTimePercent}
    />,
    <Figure
      key="ackMedian"
      id="ackMedian"
      label={t('alarmWeb.performance.ackMedian')}
      value={data.ackMedianMinutes === null ? NONE : t('alarmWeb.performance.minutes', { minutes: f.number(data.ackMedianMinutes, 1) })}
    />,
  ];
  const topOption: ChartOption = {
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', inverse: true, data: data.top.map((p) => p.name), axisLabel: { width: 180, overflow: 'truncate' } },
    series: [
      {
        type: 'bar',
        name: t('alarmWeb.performance.count'),
        data: data.top.map((p) => p.count),
        itemStyle: { color: LEVEL_COLOURS.alarm },
        label: { show: true, position: 'right', formatter: (p: { dataIndex: number }) => `${f.number(data.top[p.dataIndex]?.percent ?? 0, 1)} %` },
      },
    ],
  };
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="performance-figures">
      <div className="alarm-figures">{figures}</div>
      <Row gutter={12}>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('alarmWeb.performance.top')} data-testid="performance-top">
            {data.top.length === 0 ? (
              <Typography.Text type="secondary">{t('alarmWeb.performance.none')}</Typography.Text>
            ) : (
              <>
                <Chart option={topOption} height={Math.max(160, data.top.length * 28 + 24)} label={t('alarmWeb.performance.top')} data-testid="performance-top-chart" />
                <List
                  size="small"
                  className="alarm-top-list"
                  dataSource={data.top}
                  renderItem={(p) => (
                    <List.Item data-testid="top-point" data-point={p.point}>
                      <span>{p.name}</span>
                      <span>
                        {p.count} · {f.number(p.percent, 1)} %
                      </span>
                    </List.Item>
                  )}
                />
              </>
            )}
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('alarmWeb.performance.perShift')} data-testid="performance-shifts">
            <Table
              size="small"
              pagination={false}
              rowKey={(row) => `${row.shiftDate}-${row.shiftNo}`}
              dataSource={data.perShift}
              scroll={{ y: 260 }}
              locale={{ emptyText: t('alarmWeb.performance.none') }}
              columns={[
                { key: 'date', title: t('alarmWeb.performance.shiftDate'), render: (_: unknown, row) => formatLocalDate(row.shiftDate, DATE_FORMATS.date) },
                { key: 'shift', title: t('alarmWeb.performance.shiftNo'), render: (_: unknown, row) => row.shiftNo },
                { key: 'count', title: t('alarmWeb.performance.count'), render: (_: unknown, row) => row.count },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <Row gutter={12}>
        <FigureList
          title={t('alarmWeb.performance.floods', { count: data.floods.length })}
          testId="performance-floods"
          items={data.floods}
          empty={t('alarmWeb.performance.noFloods')}
          itemTestId="flood"
          render={(flood) => `${time(flood.start)} – ${time(flood.end)} · ${t('alarmWeb.performance.alarms', { count: flood.count })}`}
        />
        <FigureList
          title={t('alarmWeb.performance.chattering', { count: data.chattering.length })}
          testId="performance-chattering"
          items={data.chattering}
          empty={t('alarmWeb.performance.none')}
          itemTestId="chattering-point"
          render={(p) => `${p.name} · ${t('alarmWeb.performance.times', { count: p.count })}`}
        />
        <FigureList
          title={t('alarmWeb.performance.stale', { count: data.stale.length })}
          testId="performance-stale"
          items={data.stale}
          empty={t('alarmWeb.performance.none')}
          itemTestId="stale-alarm"
          render={(s) => `${s.name} · ${t('alarmWeb.performance.since', { time: time(s.startTs) })}`}
        />
      </Row>
    </Space>
  );
}

/** One of the lists under the figures (floods, chattering points, stale alarms), a third of the row. */
function FigureList<T>({ title, testId, items, empty, itemTestId, render }: { title: string; testId: string; items: readonly T[]; empty: string; itemTestId: string; render: (item: T) => string }) {
  return (
    <Col xs={24} lg={8}>
      <Card size="small" title={title} data-testid={testId}>
        <List size="small" dataSource={[...items]} locale={{ emptyText: empty }} renderItem={(item) => <List.Item data-testid={itemTestId}>{render(item)}</List.Item>} />
      </Card>
    </Col>
  );
}
