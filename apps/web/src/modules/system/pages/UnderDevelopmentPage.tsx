import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function UnderDevelopmentPage() {
  const { t } = useTranslation();
  return <Result status="info" title={t('shell.page.underDevelopment')} subTitle={t('shell.page.underDevelopmentHint')} />;
}
