import { LIMITS, statisticContract as s } from '@boreline/contracts';
import { Form, InputNumber } from 'antd';
import type { PointGroups } from '../api.js';
import { parseQuery, statRule, useFormChecks } from './statForm.js';
import { TagPicker } from './TagPicker.js';
import type { NamedTag } from './tags.js';
import { ApplyButton } from './ApplyButton.js';
import { useT } from '../../../core/i18n.js';

/** The filter part of the ring statistics query; sorting and paging come from the table. */
export interface RingStatsFilter {
  ringStart: number;
  ringEnd: number;
  tags: string[];
  minDurationMinutes?: number | undefined;
  maxDurationMinutes?: number | undefined;
}

interface FilterFields {
  ringStart: number | null;
  ringEnd: number | null;
  tags: string[];
  minDurationMinutes: number | null;
  maxDurationMinutes: number | null;
}

export interface RingStatsFormProps {
  runId: number;
  filter: RingStatsFilter | null;
  groups: PointGroups | undefined;
  index: Map<string, NamedTag>;
  error: unknown;
  checkNow?: boolean;
  onApply(filter: RingStatsFilter): void;
}

/** Ring range (at most 2,000), tags (at most 50) and the duration filter, checked as the server checks them. */
export function RingStatsForm({ runId, filter, groups, index, error, checkNow = false, onApply }: RingStatsFormProps) {
  const t = useT();
  const [form] = Form.useForm<FilterFields>();
  const input = () => {
    const v = form.getFieldsValue(true) as FilterFields;
    return {
      runId,
      view: 'ringTable' as const,
      range: { by: 'ring' as const, ringStart: v.ringStart ?? undefined, ringEnd: v.ringEnd ?? undefined },
      tags: v.tags ?? [],
      minDurationMinutes: v.minDurationMinutes ?? undefined,
      maxDurationMinutes: v.maxDurationMinutes ?? undefined,
    };
  };
  useFormChecks(form, error, checkNow, () => parseQuery(s.RingStatsQuerySchema, input(), form, t));
  const apply = () => {
    const parsed = parseQuery(s.RingStatsQuerySchema, input(), form, t);
    if (parsed && parsed.range.by === 'ring') {
      onApply({
        ringStart: parsed.range.ringStart,
        ringEnd: parsed.range.ringEnd,
        tags: parsed.tags,
        minDurationMinutes: parsed.minDurationMinutes,
        maxDurationMinutes: parsed.maxDurationMinutes,
      });
    }
  };
  const rule = (field: string) => statRule(s.RingStatsQuerySchema, input, field, t);
  return (
    <Form<FilterFields>
      form={form}
      layout="inline"
      className="stat-form"
      initialValues={{
        ringStart: filter?.ringStart ?? null,
        ringEnd: filter?.ringEnd ?? null,
        tags: filter?.tags ?? [],
        minDurationMinutes: filter?.minDurationMinutes ?? null,
        maxDurationMinutes: filter?.maxDurationMinutes ?? null,
      }}
      onFinish={apply}
      data-testid="ring-stats-form"
    >
      <Form.Item name="ringStart" label={t('field.ringStart')} rules={[rule('ringStart')]}>
        <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 110 }} data-testid="ring-start" />
      </Form.Item>
      <Form.Item name="ringEnd" label={t('field.ringEnd')} dependencies={['ringStart']} rules={[rule('ringEnd')]}>
        <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 110 }} data-testid="ring-end" />
      </Form.Item>
      <Form.Item name="tags" label={t('field.tags')} rules={[rule('tags')]}>
        <TagPicker groups={groups} index={index} loading={!groups} data-testid="ring-stats-tags" />
      </Form.Item>
      <Form.Item name="minDurationMinutes" label={t('field.minDurationMinutes')} rules={[rule('minDurationMinutes')]}>
        <InputNumber min={0} precision={0} style={{ width: 100 }} data-testid="duration-min" />
      </Form.Item>
      <Form.Item
        name="maxDurationMinutes"
        label={t('field.maxDurationMinutes')}
        dependencies={['minDurationMinutes']}
        rules={[rule('maxDurationMinutes')]}
      >
        <InputNumber min={0} precision={0} style={{ width: 100 }} data-testid="duration-max" />
      </Form.Item>
      <ApplyButton />
    </Form>
  );
}
