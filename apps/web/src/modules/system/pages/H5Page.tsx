import { resolveLanguage } from '@boreline/contracts';
import { Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { changeLanguage } from '../../../core/i18n.js';
import { session } from '../../../core/session.js';

/**
 * Embedded (H5) real-time view: the host app hands over run, token and language. The live view
 * itself comes with the real-time monitoring issue; the mode is set now so the guard and the
 * client behave as in a host app (no warnings, not-found instead of sign-in).
 */
export function H5Page() {
  const { t } = useTranslation();
  const { token } = useParams();
  const [search] = useSearchParams();
  const lang = search.get('lang');
  useEffect(() => {
    session.setH5(true);
    if (token) session.adoptToken(token);
    if (lang) void changeLanguage(resolveLanguage(lang));
  }, [token, lang]);
  return <Result status="info" title={t('shell.h5.title')} subTitle={t('shell.page.underDevelopment')} />;
}
