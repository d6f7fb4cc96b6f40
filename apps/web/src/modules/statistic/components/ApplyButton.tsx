import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** The submit button every statistics form ends with (Enter in a field submits too). */
export function ApplyButton() {
  const { t } = useTranslation();
  return (
    <Form.Item>
      <Button type="primary" htmlType="submit" data-testid="stat-apply">
        {t('statistic.form.apply')}
      </Button>
    </Form.Item>
  );
}
