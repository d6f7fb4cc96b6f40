import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** A signed-in user opened a page none of their roles grants. */
export function NoPermission() {
  const { t } = useTranslation();
  return <Result status="403" title={t('common.error.noPermission')} />;
}
