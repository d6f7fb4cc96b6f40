import { type Language, LIMITS } from '@boreline/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale/index.js';
import enUS from 'antd/locale/en_US';
import { type ReactNode, useEffect, useState } from 'react';
import { queryClient } from '../core/queryClient.js';
import { useFramework } from '../core/session.js';
import { useAntdLabels } from './antdLabels.js';

const ANTD_LOCALES: Record<Language, () => Promise<{ default: Locale }>> = {
  zh_CN: () => import('antd/locale/zh_CN'),
  en_US: () => Promise.resolve({ default: enUS }),
  it_IT: () => import('antd/locale/it_IT'),
  de_AT: () => import('antd/locale/de_DE'),
  pt_PT: () => import('antd/locale/pt_PT'),
  tr_TR: () => import('antd/locale/tr_TR'),
};

/** Providers of the signed-in frame: server-state cache and antd in the user's language (its locale, and the labels its locale leaves in English). */
export function ShellProviders({ children }: { children: ReactNode }) {
  useAntdLabels();
  const language = useFramework((s) => s.language) ?? 'en_US';
  const [locale, setLocale] = useState<Locale>(enUS);
  useEffect(() => {
    let live = true;
    void ANTD_LOCALES[language]().then((m) => live && setLocale(m.default));
    return () => {
      live = false;
    };
  }, [language]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={locale} theme={{ components: { Message: { zIndexPopup: LIMITS.messageZIndex } } }}>
        <AntApp>{children}</AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
