import { LIMITS, statisticContract as s } from '@boreline/contracts';
import { Form, InputNumber } from 'antd';
import { useEffect } from 'react';
import type { RingRange } from './ringRange.js';
import { parseQuery, showServerFields, statRule } from './statForm.js';
import { ApplyButton } from './ApplyButton.js';
import { useT } from '../../../core/i18n.js';

interface RangeFields {
  ringStart: number | null;
  ringEnd: number | null;
}

export interface RingRangeFormProps {
  runId: number;
  range: RingRange | null;
  /** The failed answer of the page's query, whose field problems go onto the fields. */
  error: unknown;
  onApply(range: RingRange): void;
  'data-testid': string;
}

/**
 * Start and end ring, checked as the server checks the efficiency range (both required, start not
 * above end, at most 200 rings) before anything is sent. Enter in either field shows the range.
 */
export function RingRangeForm({ runId, range, error, onApply, 'data-testid': testId }: RingRangeFormProps) {
  const t = useT();
  const [form] = Form.useForm<RangeFields>();
  const input = () => {
    const v = form.getFieldsValue();
    return { runId, ringStart: v.ringStart ?? undefined, ringEnd: v.ringEnd ?? undefined };
  };
  useEffect(() => {
    if (error) showServerFields(error, form);
  }, [error]);
  const apply = () => {
    const parsed = parseQuery(s.RingRangeQuerySchema, input(), form, t);
    if (parsed) onApply({ ringStart: parsed.ringStart, ringEnd: parsed.ringEnd });
  };
  return (
    <Form<RangeFields>
      form={form}
      layout="inline"
      className="stat-form"
      initialValues={{ ringStart: range?.ringStart ?? null, ringEnd: range?.ringEnd ?? null }}
      onFinish={apply}
      data-testid={testId}
    >
      <Form.Item name="ringStart" label={t('field.ringStart')} rules={[statRule(s.RingRangeQuerySchema, input, 'ringStart', t)]}>
        <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 120 }} data-testid="ring-start" />
      </Form.Item>
      <Form.Item name="ringEnd" label={t('field.ringEnd')} dependencies={['ringStart']} rules={[statRule(s.RingRangeQuerySchema, input, 'ringEnd', t)]}>
        <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 120 }} data-testid="ring-end" />
      </Form.Item>
      <ApplyButton />
    </Form>
  );
}
