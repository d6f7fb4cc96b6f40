import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Typography } from 'antd';
import { useT } from '../../../core/i18n.js';

export interface ChecklistFieldProps {
  /** The most items a plan holds (the contract's limit). */
  max: number;
}

/**
 * The checklist of a plan, one text per item, added and removed in place. Each item is checked
 * with the dialog's contract on save: an empty or too long item shows the server's message beside it.
 */
export function ChecklistField({ max }: ChecklistFieldProps) {
  const t = useT();
  return (
    <Form.Item label={t('maintenanceWeb.field.items')} extra={t('maintenanceWeb.plan.itemsHint', { max })}>
      <Form.List name="items">
        {(rows, { add, remove }) => (
          <Space orientation="vertical" style={{ width: '100%' }} data-testid="plan-items">
            {rows.map((row, index) => (
              <Space key={row.key} align="start" style={{ display: 'flex' }}>
                <Form.Item name={row.name} style={{ marginBottom: 4, flex: 1, minWidth: 420 }}>
                  <Input aria-label={t('maintenanceWeb.plan.item', { n: index + 1 })} data-testid="plan-item" />
                </Form.Item>
                <Button icon={<DeleteOutlined />} aria-label={t('maintenanceWeb.plan.removeItem', { n: index + 1 })} onClick={() => remove(row.name)} />
              </Space>
            ))}
            {rows.length === 0 ? <Typography.Text type="secondary">{t('maintenanceWeb.plan.noItems')}</Typography.Text> : null}
            <Button icon={<PlusOutlined />} onClick={() => add('')} disabled={rows.length >= max} data-testid="plan-add-item">
              {t('maintenanceWeb.plan.addItem')}
            </Button>
          </Space>
        )}
      </Form.List>
    </Form.Item>
  );
}
