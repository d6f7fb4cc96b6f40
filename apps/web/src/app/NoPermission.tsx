import { Result } from 'antd';
import { useT } from '../core/i18n.js';

/** A signed-in user opened a page none of their roles grants. */
export function NoPermission() {
  const t = useT();
  return <Result status="403" title={t('common.error.noPermission')} />;
}
