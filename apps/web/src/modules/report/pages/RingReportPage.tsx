import { LIMITS, periodReportContract as pr } from '@boreline/contracts';
import { Button, Empty, Form, InputNumber, Result, Skeleton, Space } from 'antd';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { numberFromText, parseForm, zodFormRule } from '../../../core/forms.js';
import { type CurrentRun, useFramework } from '../../../core/session.js';
import { ChooseProject } from '../../../ui/ChooseProject.js';
import { ObjectStar } from '../../collection/index.js';
import { ExportButton } from '../components/period/ExportButton.js';
import { PrintButton } from '../components/period/PrintButton.js';
import { ReportHeader } from '../components/period/ReportHeader.js';
import { RingTable } from '../components/period/RingTable.js';
import { ReportNav } from '../components/ReportNav.js';
import { type RingRange, useCompletedRings, useRingReport } from '../periodApi.js';
import '../report.css';
import { useT } from '../../../core/i18n.js';

/** The range shown when none is asked for: the newest rings, as many as a screen of the table. */
export const DEFAULT_RING_COUNT = 50;

interface RangeFields {
  ringStart: number | null;
  ringEnd: number | null;
}

/** A range from the address (`?ringStart=412&ringEnd=461`), when it is one the server would accept. */
function rangeFromParams(params: URLSearchParams, runId: number): RingRange | null {
  const parsed = pr.RingRangeSchema.safeParse({ runId, ringStart: numberFromText(params.get('ringStart')), ringEnd: numberFromText(params.get('ringEnd')) });
  return parsed.success ? { ringStart: parsed.data.ringStart, ringEnd: parsed.data.ringEnd } : null;
}

/** The ring report of a ring range of the current run (spec §2 report/ring). */
export function RingReportPage() {
  const run = useFramework((s) => s.run);
  return run ? <RingReport run={run} /> : <ChooseProject />;
}

function RingReport({ run }: { run: CurrentRun }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const completed = useCompletedRings(run.runId);
  const asked = rangeFromParams(params, run.runId);
  const newest = completed.data ? [...completed.data].sort((a, b) => a.ringNo - b.ringNo).slice(-DEFAULT_RING_COUNT) : [];
  const first = newest[0];
  const last = newest.at(-1);
  const fallback: RingRange | null = first && last ? { ringStart: first.ringNo, ringEnd: last.ringNo } : null;
  const range = asked ?? fallback;
  const report = useRingReport(run.runId, range);
  const data = report.data;
  const current = data && !report.isPlaceholderData && range ? range : null;
  return (
    <div className="report-page report-page-ring" data-testid="ring-report">
      <ReportNav
        extra={
          <Space>
            <ExportButton
              input={current && data && data.rows.length > 0 ? { report: 'ring', runId: run.runId, ...current } : null}
              fallbackName={range ? `${run.tbmCode}-rings-${range.ringStart}-${range.ringEnd}.xlsx` : `${run.tbmCode}-rings.xlsx`}
            />
            <PrintButton disabled={!current} />
            {current && current.ringStart === current.ringEnd ? (
              <Suspense fallback={null}>
                <ObjectStar
                  kind="ringReport"
                  runId={run.runId}
                  target={String(current.ringStart)}
                  title={`${t('report.ringPage.range', { start: current.ringStart, end: current.ringEnd })} · ${run.projectName}`}
                />
              </Suspense>
            ) : null}
          </Space>
        }
      />
      {/* Keyed by the range so the fields show the range in force when it changes from outside (the default, the back button). */}
      <RangeForm key={range ? `${range.ringStart}-${range.ringEnd}` : 'none'} runId={run.runId} range={range} onApply={(next) => setParams({ ringStart: String(next.ringStart), ringEnd: String(next.ringEnd) })} />
      {completed.isLoading || report.isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : !range && completed.error ? (
        // Without the list of completed rings there is no default range; the fields still work.
        <Result status="warning" title={completed.error.message || t('common.error.noData')} />
      ) : !range ? (
        <Empty description={t('report.ringPage.noRings')} data-testid="ring-none" />
      ) : !data ? (
        <Result status="warning" title={report.error?.message || t('common.error.noData')} />
      ) : (
        <article className="report-sheet">
          <ReportHeader
            title={t('report.nav.ring')}
            projectName={data.projectName}
            tbmCode={data.tbmCode}
            period={t('report.ringPage.range', { start: range.ringStart, end: range.ringEnd })}
            generatedAt={report.dataUpdatedAt}
            timeZone={data.timeZone}
          />
          {data.rows.length === 0 ? (
            <Empty description={t('report.ringPage.emptyRange')} data-testid="ring-empty" />
          ) : (
            <RingTable rows={data.rows} timeZone={data.timeZone} loading={report.isFetching} />
          )}
        </article>
      )}
    </div>
  );
}

interface RangeFormProps {
  runId: number;
  range: RingRange | null;
  onApply(range: RingRange): void;
}

/** Start and end ring, checked as the server checks them: required, start not above end, at most 2,000 rings. */
function RangeForm({ runId, range, onApply }: RangeFormProps) {
  const t = useT();
  const [form] = Form.useForm<RangeFields>();
  const input = () => ({ runId, ...form.getFieldsValue() });
  const required = { required: true, message: t('validation.required') };
  const handleFinish = (values: RangeFields) => {
    const parsed = parseForm(pr.RingRangeSchema, { runId, ...values }, form, t);
    if (parsed) onApply({ ringStart: parsed.ringStart, ringEnd: parsed.ringEnd });
  };
  return (
    <Form<RangeFields>
      form={form}
      layout="inline"
      className="report-toolbar no-print"
      initialValues={{ ringStart: range?.ringStart ?? null, ringEnd: range?.ringEnd ?? null }}
      onFinish={handleFinish}
      data-testid="ring-range-form"
    >
      <Form.Item name="ringStart" label={t('field.ringStart')} rules={[required, zodFormRule(pr.RingRangeSchema, input, 'ringStart', t)]}>
        <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item
        name="ringEnd"
        label={t('field.ringEnd')}
        dependencies={['ringStart']}
        rules={[required, zodFormRule(pr.RingRangeSchema, input, 'ringEnd', t)]}
      >
        <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 120 }} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="ring-range-apply">
          {t('report.ringPage.apply')}
        </Button>
      </Form.Item>
    </Form>
  );
}
