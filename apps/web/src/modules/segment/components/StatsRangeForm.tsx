import { segmentContract as s } from '@boreline/contracts';
import { Button, Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import { fieldProblems, parseForm, zodFormRule } from '../../../core/forms.js';
import { useT } from '../../../core/i18n.js';
import type { ImportRange } from '../api.js';

interface RangeFields {
  ringStart: number | null;
  ringEnd: number | null;
}

/** The statistics' query as the server checks it: start and end required, start not above end, at most 200 rings. */
const SCHEMA = s.segStatistics.input;

export interface StatsRangeFormProps {
  runId: number;
  range: ImportRange | null;
  /** The failed answer of the page's query: its field problems go onto the fields. */
  error: unknown;
  onApply: (range: ImportRange) => void;
}

/** Start and end ring of a statistics page, checked with the server's rules and messages before anything is sent. */
export function StatsRangeForm({ runId, range, error, onApply }: StatsRangeFormProps) {
  const t = useT();
  const [form] = Form.useForm<RangeFields>();
  const input = () => {
    const v = form.getFieldsValue();
    return { runId, ringStart: v.ringStart ?? undefined, ringEnd: v.ringEnd ?? undefined };
  };
  useEffect(() => {
    const problems = fieldProblems(error).flatMap((p) => {
      const name: keyof RangeFields | null = p.field === 'ringStart' ? 'ringStart' : p.field === 'ringEnd' ? 'ringEnd' : null;
      return name ? [{ name, errors: [p.message] }] : [];
    });
    if (problems.length > 0) form.setFields(problems);
  }, [error, form]);
  const apply = () => {
    const parsed = parseForm(SCHEMA, input(), form, t);
    if (parsed) onApply({ ringStart: parsed.ringStart, ringEnd: parsed.ringEnd });
  };
  return (
    <Form<RangeFields> form={form} layout="inline" initialValues={{ ringStart: range?.ringStart ?? null, ringEnd: range?.ringEnd ?? null }} onFinish={apply} data-testid="seg-stat-form">
      <Form.Item name="ringStart" label={t('field.ringStart')} required rules={[zodFormRule(SCHEMA, input, 'ringStart', t)]}>
        <InputNumber style={{ width: 120 }} data-testid="stat-ring-start" />
      </Form.Item>
      <Form.Item name="ringEnd" label={t('field.ringEnd')} required dependencies={['ringStart']} rules={[zodFormRule(SCHEMA, input, 'ringEnd', t)]}>
        <InputNumber style={{ width: 120 }} data-testid="stat-ring-end" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" data-testid="seg-stat-apply">
          {t('segmentWeb.stat.apply')}
        </Button>
      </Form.Item>
    </Form>
  );
}
