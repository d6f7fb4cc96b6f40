import { DATE_FORMATS, statisticContract as s } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { Card, DatePicker, Empty, Form, Segmented } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { formatLocalDate, localToday } from '../../../core/format.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { type ProgressQuery, useProgressList } from '../api.js';
import { ProgressChart } from '../components/ProgressChart.js';
import { ProgressFigures } from '../components/ProgressFigures.js';
import { ProgressTable } from '../components/ProgressTable.js';
import { type DateRange, defaultRange, periodFirst, periodLast, PROGRESS_UNITS, type ProgressUnit } from '../components/periods.js';
import { parseQuery, showServerFields, statRule } from '../components/statForm.js';
import { StatisticNav } from '../components/StatisticNav.js';
import { PageState } from '../components/PageState.js';
import '../statistic.css';
import { useT } from '../../../core/i18n.js';

const UNIT_LABELS: Record<ProgressUnit, MessageKey> = {
  day: 'statistic.progress.unit.day',
  week: 'statistic.progress.unit.week',
  month: 'statistic.progress.unit.month',
};

const LOCAL_DATE = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** Progress of the current run by day, week or month (spec §2 statistic/process). */
export function ProgressPage() {
  const run = useFramework((st) => st.run);
  return run ? <Progress run={run} /> : <ChooseProject />;
}

function Progress({ run }: { run: CurrentRun }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const today = localToday(run.timeZone);
  // Unit and dates live in the address: a view can be bookmarked, shared and reloaded as it is.
  const askedUnit = params.get('unit');
  const unit: ProgressUnit = PROGRESS_UNITS.find((u) => u === askedUnit) ?? 'day';
  const askedFrom = params.get('from');
  const askedTo = params.get('to');
  const range: DateRange =
    askedFrom && askedTo && LOCAL_DATE.test(askedFrom) && LOCAL_DATE.test(askedTo) ? { from: askedFrom, to: askedTo } : defaultRange(unit, today);
  const parsed = s.ProgressListQuerySchema.safeParse({ runId: run.runId, unit, ...range });
  const query: ProgressQuery | null = parsed.success ? parsed.data : null;
  const progress = useProgressList(query);
  const data = progress.data;
  return (
    <div className="stat-page" data-testid="stat-progress">
      <StatisticNav />
      <Card size="small" className="stat-toolbar">
        <ProgressForm
          key={`${unit}|${range.from}|${range.to}`}
          runId={run.runId}
          unit={unit}
          range={range}
          error={progress.error}
          checkNow={!parsed.success}
          onUnit={(next) => setParams({ unit: next })}
          onApply={(next) => setParams({ unit, from: next.from, to: next.to })}
        />
      </Card>
      <PageState loading={progress.isLoading} skeletonRows={12} invalid={query ? null : 'progress-fix'} failure={{ error: progress.error, answered: data !== undefined }}>
        {data && (
          <div className={progress.isPlaceholderData ? 'stat-page stat-stale' : 'stat-page'}>
            <ProgressFigures summary={data.summary} />
            <Card size="small" title={t('statistic.progress.chart')}>
              {data.rows.length === 0 ? <Empty description={t('statistic.progress.noPeriods')} data-testid="progress-empty" /> : <ProgressChart data={data} />}
            </Card>
            <Card size="small" title={t('statistic.progress.table')}>
              <ProgressTable data={data} loading={progress.isFetching} />
            </Card>
          </div>
        )}
      </PageState>
    </div>
  );
}

interface ProgressFormProps {
  runId: number;
  unit: ProgressUnit;
  range: DateRange;
  error: unknown;
  /** The address asked for dates the contract refuses: the problem shows at once. */
  checkNow: boolean;
  onUnit(unit: ProgressUnit): void;
  onApply(range: DateRange): void;
}

interface ProgressFields {
  unit: ProgressUnit;
  range: [Dayjs, Dayjs] | null;
}

/** The period kind and the dates; a new choice shows at once (the picker commits on Enter or a click). */
function ProgressForm({ runId, unit, range, error, checkNow, onUnit, onApply }: ProgressFormProps) {
  const t = useT();
  const [form] = Form.useForm<ProgressFields>();
  const names = { from: 'range', to: 'range' };
  const input = () => {
    const value = form.getFieldValue('range') as ProgressFields['range'];
    // Whole periods: the first day of the first one to the last day of the last one.
    return {
      runId,
      unit,
      from: value ? periodFirst(unit, value[0].format('YYYY-MM-DD')) : undefined,
      to: value ? periodLast(unit, value[1].format('YYYY-MM-DD')) : undefined,
    };
  };
  useEffect(() => {
    if (error) showServerFields(error, form, names);
    // Only a new answer of the server puts its problems on the fields.
  }, [error]);
  useEffect(() => {
    if (checkNow) parseQuery(s.ProgressListQuerySchema, input(), form, t, names);
  }, []);
  const apply = () => {
    const parsed = parseQuery(s.ProgressListQuerySchema, input(), form, t, names);
    if (parsed) onApply({ from: parsed.from, to: parsed.to });
  };
  const format =
    unit === 'week'
      ? (value: Dayjs) => formatLocalDate(periodFirst('week', value.format('YYYY-MM-DD')), DATE_FORMATS.date)
      : unit === 'month'
        ? DATE_FORMATS.monthYear
        : DATE_FORMATS.date;
  return (
    <Form<ProgressFields>
      form={form}
      layout="inline"
      className="stat-form"
      initialValues={{ unit, range: [dayjs(range.from), dayjs(range.to)] }}
      onFinish={apply}
      data-testid="progress-form"
    >
      <Form.Item name="unit" label={t('statistic.progress.unitLabel')}>
        <Segmented<ProgressUnit>
          options={PROGRESS_UNITS.map((u) => ({ value: u, label: t(UNIT_LABELS[u]) }))}
          onChange={(next) => onUnit(next)}
          data-testid="progress-unit"
        />
      </Form.Item>
      <Form.Item name="range" label={t('statistic.progress.range')} rules={[statRule(s.ProgressListQuerySchema, input, 'range', t, names)]}>
        <DatePicker.RangePicker
          picker={unit === 'day' ? 'date' : unit}
          format={format}
          allowClear={false}
          onChange={() => form.submit()}
          data-testid="progress-range"
        />
      </Form.Item>
    </Form>
  );
}
