import { Form, Input, Select } from 'antd';
import { useT } from '../../../core/i18n.js';
import { useParts } from '../api.js';

/** The keyword and system filters of the part lists (current stock, consumption): systems from the run's catalogue. */
export function PartFilterItems({ runId }: { runId: number }) {
  const t = useT();
  const parts = useParts(runId);
  const systems = [...new Set((parts.data ?? []).map((p) => p.system).filter((v): v is string => !!v))].sort();
  return (
    <>
      <Form.Item name="keyword">
        <Input allowClear style={{ width: 200 }} placeholder={t('stockWeb.filter.partKeyword')} aria-label={t('stockWeb.filter.partKeyword')} data-testid="filter-keyword" />
      </Form.Item>
      <Form.Item name="system">
        <Select
          allowClear
          showSearch
          style={{ width: 170 }}
          placeholder={t('stockWeb.filter.allSystems')}
          aria-label={t('stockWeb.field.system')}
          options={systems.map((v) => ({ value: v, label: v }))}
          data-testid="filter-system"
        />
      </Form.Item>
    </>
  );
}
