import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { session } from '../../../core/session.js';

export function NotFoundPage() {
  const { t } = useTranslation();
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
