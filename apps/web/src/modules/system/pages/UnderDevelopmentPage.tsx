import { Result } from 'antd';
import { useT } from '../../../core/i18n.js';

export function UnderDevelopmentPage() {
  const t = useT();
  return <Result status="info" title={t('shell.page.underDevelopment')} subTitle={t('shell.page.underDevelopmentHint')} />;
}
