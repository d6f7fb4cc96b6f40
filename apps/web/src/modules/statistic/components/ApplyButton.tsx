import { Button, Form } from 'antd';
import { useT } from '../../../core/i18n.js';

/** The submit button every statistics form ends with (Enter in a field submits too). */
export function ApplyButton() {
  const t = useT();
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" data-testid="stat-apply">
        {t('statistic.form.apply')}
      </Button>
    </Form.Item>
  );
}
