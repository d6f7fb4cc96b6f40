import { ChainageSchema, formatChainage, LIMITS, statisticContract as s } from '@boreline/contracts';
import { Form, Input, InputNumber, Radio } from 'antd';
import { zodRule } from '../../../core/forms.js';
import type { PointGroups } from '../api.js';
import { parseQuery, statRule, useFormChecks } from './statForm.js';
import { TagPicker } from './TagPicker.js';
import type { NamedTag } from './tags.js';
import { ApplyButton } from './ApplyButton.js';
import { useT } from '../../../core/i18n.js';

export type HistoryView = 'chart' | 'table';

/** What the historical analysis shows: rings by number or by chainage, the tags, chart or table. */
export interface HistoryChoice {
  range: s.StatRange;
  tags: string[];
  view: HistoryView;
}

interface HistoryFields {
  by: 'ring' | 'chainage';
  ringStart: number | null;
  ringEnd: number | null;
  /** Chainage as the project writes it, `4+219.833`. */
  chainageStart: string;
  chainageEnd: string;
  view: HistoryView;
  tags: string[];
}

/** The contract's view of a page view: the table holds 50 rings, the chart 200. */
export const STAT_VIEW = { chart: 'historyChart', table: 'historyTable' } as const satisfies Record<HistoryView, s.RingView>;

export interface HistoryFormProps {
  runId: number;
  choice: HistoryChoice;
  groups: PointGroups | undefined;
  index: Map<string, NamedTag>;
  error: unknown;
  /** The address asked for a choice the contract refuses: its problems show at once. */
  checkNow?: boolean;
  onApply(choice: HistoryChoice): void;
}

const chainageText = (metres: number | undefined): string => (metres === undefined ? '' : formatChainage(metres));

/**
 * Range by ring or by chainage (typed `k+mmm.mmm`, as basic info writes it), chart or table, and the
 * tags; checked with the contract before anything is sent: 50 rings in the table, 200 in the chart,
 * 10 m of chainage, start not above end.
 */
export function HistoryForm({ runId, choice, groups, index, error, checkNow = false, onApply }: HistoryFormProps) {
  const t = useT();
  const [form] = Form.useForm<HistoryFields>();
  const by = Form.useWatch('by', form) ?? choice.range.by;
  const input = () => {
    const v = form.getFieldsValue(true) as HistoryFields;
    const metres = (text: string) => {
      const parsed = ChainageSchema.safeParse(text);
      return parsed.success ? parsed.data : undefined;
    };
    const range =
      v.by === 'chainage'
        ? { by: 'chainage' as const, chainageStart: metres(v.chainageStart), chainageEnd: metres(v.chainageEnd) }
        : { by: 'ring' as const, ringStart: v.ringStart ?? undefined, ringEnd: v.ringEnd ?? undefined };
    return { runId, view: STAT_VIEW[v.view], range, tags: v.tags ?? [] };
  };
  useFormChecks(form, error, checkNow, () => parseQuery(s.RingStatsQuerySchema, input(), form, t));
  const apply = () => {
    const parsed = parseQuery(s.RingStatsQuerySchema, input(), form, t);
    if (parsed) onApply({ range: parsed.range, tags: parsed.tags, view: parsed.view === 'historyTable' ? 'table' : 'chart' });
  };
  const rule = (field: string) => statRule(s.RingStatsQuerySchema, input, field, t);
  // The text first (required, written like 4+219.833), then the range as the server checks it.
  const chainageRules = (field: string) => [zodRule(ChainageSchema, t), rule(field)];
  const range = choice.range;
  return (
    <Form<HistoryFields>
      form={form}
      layout="inline"
      className="stat-form"
      initialValues={{
        by: range.by,
        ringStart: range.by === 'ring' ? range.ringStart : null,
        ringEnd: range.by === 'ring' ? range.ringEnd : null,
        chainageStart: range.by === 'chainage' ? chainageText(range.chainageStart) : '',
        chainageEnd: range.by === 'chainage' ? chainageText(range.chainageEnd) : '',
        view: choice.view,
        tags: choice.tags,
      }}
      onFinish={apply}
      data-testid="history-form"
    >
      <Form.Item name="by" label={t('field.by')}>
        <Radio.Group optionType="button" data-testid="history-by">
          <Radio.Button value="ring">{t('statistic.history.byRing')}</Radio.Button>
          <Radio.Button value="chainage">{t('statistic.history.byChainage')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      {by === 'ring' ? (
        <>
          <Form.Item name="ringStart" label={t('field.ringStart')} rules={[rule('ringStart')]}>
            <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 110 }} data-testid="ring-start" />
          </Form.Item>
          <Form.Item name="ringEnd" label={t('field.ringEnd')} dependencies={['ringStart', 'view']} rules={[rule('ringEnd')]}>
            <InputNumber min={0} max={LIMITS.ringsTotalMax} precision={0} style={{ width: 110 }} data-testid="ring-end" />
          </Form.Item>
        </>
      ) : (
        <>
          <Form.Item name="chainageStart" label={t('field.chainageStart')} validateFirst rules={chainageRules('chainageStart')}>
            <Input placeholder="0+000.000" inputMode="decimal" style={{ width: 130 }} data-testid="chainage-start" />
          </Form.Item>
          <Form.Item name="chainageEnd" label={t('field.chainageEnd')} dependencies={['chainageStart']} validateFirst rules={chainageRules('chainageEnd')}>
            <Input placeholder="0+000.000" inputMode="decimal" style={{ width: 130 }} data-testid="chainage-end" />
          </Form.Item>
        </>
      )}
      <Form.Item name="view" label={t('field.view')}>
        <Radio.Group optionType="button" data-testid="history-view">
          <Radio.Button value="chart">{t('statistic.history.viewChart')}</Radio.Button>
          <Radio.Button value="table">{t('statistic.history.viewTable')}</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item name="tags" label={t('field.tags')} rules={[rule('tags')]}>
        <TagPicker groups={groups} index={index} loading={!groups} data-testid="history-tags" />
      </Form.Item>
      <ApplyButton />
    </Form>
  );
}
