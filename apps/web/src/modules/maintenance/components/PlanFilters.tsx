import { Form, Input, Select } from 'antd';
import { useT } from '../../../core/i18n.js';
import { CYCLE_LABELS } from '../labels.js';
import { options } from '../options.js';

/** The filters the plan, content and record lists share (inside their QueryForm). */
export function KeywordFilter({ width = 200 }: { width?: number }) {
  const t = useT();
  return (
    <Form.Item name="keyword">
      <Input allowClear style={{ width }} placeholder={t('maintenanceWeb.filter.keyword')} aria-label={t('maintenanceWeb.filter.keyword')} />
    </Form.Item>
  );
}

/** The systems in use in the run's plans. */
export function SystemFilter({ units }: { units: readonly string[] | undefined }) {
  const t = useT();
  return (
    <Form.Item name="system">
      <Select
        allowClear
        showSearch
        style={{ width: 170 }}
        placeholder={t('maintenanceWeb.filter.allSystems')}
        aria-label={t('maintenanceWeb.field.system')}
        options={(units ?? []).map((unit) => ({ value: unit, label: unit }))}
        data-testid="filter-system"
      />
    </Form.Item>
  );
}

/** A plan's cycle (a record's type is its plan's cycle). */
export function CycleFilter({ name = 'cycle' }: { name?: 'cycle' | 'type' }) {
  const t = useT();
  const type = name === 'type';
  return (
    <Form.Item name={name}>
      <Select
        allowClear
        style={{ width: 150 }}
        placeholder={t(type ? 'maintenanceWeb.filter.allTypes' : 'maintenanceWeb.filter.allCycles')}
        aria-label={t(type ? 'maintenanceWeb.field.type' : 'maintenanceWeb.field.cycle')}
        options={options(CYCLE_LABELS, t)}
        data-testid={type ? 'filter-type' : 'filter-cycle'}
      />
    </Form.Item>
  );
}
