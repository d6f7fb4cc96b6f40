import { Button, Result } from 'antd';
import { Link } from 'react-router';
import { session } from '../../../core/session.js';
import { useT } from '../../../core/i18n.js';

export function NotFoundPage() {
  const t = useT();
  const signedIn = session.hasWebAuth();
  return (
    <Result
      status="404"
      title={t('shell.page.notFoundTitle')}
      subTitle={t('shell.page.notFoundText')}
      extra={
        session.isH5() ? null : (
          <Link to={signedIn ? '/' : '/login'}>
            <Button type="primary">{signedIn ? t('shell.page.backHome') : t('shell.page.toLogin')}</Button>
          </Link>
        )
      }
    />
  );
}
