import { Form, InputNumber, Select } from 'antd';
import { z } from 'zod';
import { useT } from '../../../core/i18n.js';
import { ListParamsSchema } from '../../../core/queryParams.js';
import { BAND_LABELS, choicesOf, STATE_LABELS } from '../labels.js';

/** A dataset list's address: ring range, state, band and page. */
export const RecordFilterSchema = ListParamsSchema.extend({
  ringStart: z.coerce.number().int().min(0).optional().catch(undefined),
  ringEnd: z.coerce.number().int().min(0).optional().catch(undefined),
  state: z.enum(choicesOf(STATE_LABELS)).optional().catch(undefined),
  band: z.enum(choicesOf(BAND_LABELS)).optional().catch(undefined),
  tab: z.enum(['gap', 'clearance']).optional().catch(undefined),
});
export type RecordFilters = z.output<typeof RecordFilterSchema>;

/** The filters of a list as its endpoint takes them. */
export function listInput(runId: number, v: RecordFilters) {
  return {
    runId,
    ...(v.ringStart !== undefined ? { ringStart: v.ringStart } : {}),
    ...(v.ringEnd !== undefined ? { ringEnd: v.ringEnd } : {}),
    ...(v.state ? { state: v.state } : {}),
    ...(v.band ? { band: v.band } : {}),
  };
}

/** Ring range, state and band fields of a `QueryForm`. */
export function RecordFilterFields() {
  const t = useT();
  return (
    <>
      <Form.Item name="ringStart" label={t('field.ringStart')}>
        <InputNumber min={0} precision={0} style={{ width: 110 }} data-testid="filter-ring-start" />
      </Form.Item>
      <Form.Item name="ringEnd" label={t('field.ringEnd')}>
        <InputNumber min={0} precision={0} style={{ width: 110 }} data-testid="filter-ring-end" />
      </Form.Item>
      <Form.Item name="state">
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('segmentWeb.filter.allStates')}
          aria-label={t('segmentWeb.field.state')}
          options={choicesOf(STATE_LABELS).map((v) => ({ value: v, label: t(STATE_LABELS[v]) }))}
          data-testid="filter-state"
        />
      </Form.Item>
      <Form.Item name="band">
        <Select
          allowClear
          style={{ width: 170 }}
          placeholder={t('segmentWeb.filter.allBands')}
          aria-label={t('segmentWeb.field.band')}
          options={choicesOf(BAND_LABELS).map((v) => ({ value: v, label: t(BAND_LABELS[v]) }))}
          data-testid="filter-band"
        />
      </Form.Item>
    </>
  );
}
