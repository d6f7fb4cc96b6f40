import { statisticContract as s } from '@boreline/contracts';
import { Form, Radio, Select } from 'antd';
import { useMemo } from 'react';
import type { PointGroups, RingAxis, RingList } from '../api.js';
import { parseQuery, statRule, useFormChecks } from './statForm.js';
import { TagPicker } from './TagPicker.js';
import type { NamedTag } from './tags.js';
import { ApplyButton } from './ApplyButton.js';
import { useT } from '../../../core/i18n.js';

export interface CurvesChoice {
  rings: number[];
  tags: string[];
  axis: RingAxis;
}

interface CurvesFields {
  ring?: number | null;
  rings?: number[];
  tags: string[];
  axis: RingAxis;
}

export interface CurvesFormProps {
  runId: number;
  /** One ring (a single select) or up to ten (a multiple select). */
  multiple: boolean;
  choice: CurvesChoice;
  ringList: RingList | undefined;
  groups: PointGroups | undefined;
  index: Map<string, NamedTag>;
  error: unknown;
  /** The address asked for a choice the contract refuses: its problems show at once. */
  checkNow?: boolean;
  onApply(choice: CurvesChoice): void;
}

/**
 * Rings, tags and axis of the curve pages, checked with the contract's schema while choosing, so an
 * eleventh ring or a ninth tag is refused at the field with the server's text, and nothing is sent.
 */
export function CurvesForm({ runId, multiple, choice, ringList, groups, index, error, checkNow = false, onApply }: CurvesFormProps) {
  const t = useT();
  const [form] = Form.useForm<CurvesFields>();
  // The single-ring page names its field `ring`; the contract (and the server) call it `rings`.
  const names = multiple ? {} : { rings: 'ring' };
  const ringField = multiple ? 'rings' : 'ring';
  const input = () => {
    const v = form.getFieldsValue();
    const rings = multiple ? (v.rings ?? []) : typeof v.ring === 'number' ? [v.ring] : [];
    return { runId, rings, tags: v.tags ?? [], axis: v.axis };
  };
  useFormChecks(form, error, checkNow, () => parseQuery(s.RingCurvesQuerySchema, input(), form, t, names), names);
  const apply = () => {
    const parsed = parseQuery(s.RingCurvesQuerySchema, input(), form, t, names);
    if (parsed) onApply({ rings: parsed.rings, tags: parsed.tags, axis: parsed.axis });
  };
  // Newest first: the rings an engineer looks at are usually the last ones built.
  const ringOptions = useMemo(
    () => [...(ringList?.rings ?? [])].reverse().map((ring) => ({ value: ring.ringNo, label: String(ring.ringNo) })),
    [ringList],
  );
  const rule = (field: string) => statRule(s.RingCurvesQuerySchema, input, field, t, names);
  return (
    <Form<CurvesFields>
      form={form}
      layout="inline"
      className="stat-form"
      initialValues={{ ...(multiple ? { rings: choice.rings } : { ring: choice.rings[0] ?? null }), tags: choice.tags, axis: choice.axis }}
      onFinish={apply}
      data-testid="curves-form"
    >
      <Form.Item name={ringField} label={multiple ? t('field.rings') : t('statistic.form.ring')} rules={[rule(ringField)]}>
        <Select
          mode={multiple ? 'multiple' : undefined}
          showSearch
          options={ringOptions}
          loading={!ringList}
          placeholder={t('statistic.form.ringPlaceholder')}
          // Every chosen ring stays in view (at most ten, wrapping): the reader sees what is overlaid.
          style={{ width: multiple ? 360 : 120 }}
          data-testid="curves-rings"
        />
      </Form.Item>
      <Form.Item name="tags" label={t('field.tags')} rules={[rule('tags')]}>
        <TagPicker groups={groups} index={index} loading={!groups} data-testid="curves-tags" />
      </Form.Item>
      <Form.Item name="axis" label={t('field.axis')}>
        <Radio.Group optionType="button" data-testid="curves-axis">
          <Radio.Button value="time">{t('statistic.curves.axisTime')}</Radio.Button>
          <Radio.Button value="stroke">{t('statistic.curves.axisStroke')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <ApplyButton />
    </Form>
  );
}
