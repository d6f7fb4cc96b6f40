import { type Language, LIMITS } from '@boreline/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import type { Locale } from 'antd/es/locale/index.js';
import enUS from 'antd/locale/en_US';
import i18next from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { configureClient, type StandardText } from '../core/api/client.js';
import { currentLanguage } from '../core/i18n.js';
import { notify, setNotifier } from '../core/notify.js';
import { session, useFramework } from '../core/session.js';
import { logout } from './logout.js';
import { queryClient } from './queryClient.js';

const ANTD_LOCALES: Record<Language, () => Promise<{ default: Locale }>> = {
  zh_CN: () => import('antd/locale/zh_CN'),
  en_US: () => Promise.resolve({ default: enUS }),
  it_IT: () => import('antd/locale/it_IT'),
  de_AT: () => import('antd/locale/de_DE'),
  pt_PT: () => import('antd/locale/pt_PT'),
  tr_TR: () => import('antd/locale/tr_TR'),
};

const STANDARD_TEXTS: Record<StandardText, string> = {
  cannotConnect: 'common.error.cannotConnect',
  server500: 'common.error.server500',
  notFound404: 'common.error.notFound404',
  badFormat: 'common.error.badFormat',
  noData: 'common.error.noData',
  network: 'common.error.network',
  sessionExpired: 'common.error.sessionExpired',
  forbidden: 'common.error.forbidden',
};

let sessionEnding = false;

configureClient({
  token: () => useFramework.getState().token,
  language: () => currentLanguage(),
  isMobile: () => session.isH5(),
  text: (key) => i18next.t(STANDARD_TEXTS[key]),
  warn: (text) => notify.show('warning', text),
  onSessionEnded: ({ forcedOffline, message }) => {
    if (sessionEnding) return;
    sessionEnding = true;
    const done = () => {
      sessionEnding = false;
      void logout({ callServer: false });
    };
    if (forcedOffline && !session.isH5()) {
      void notify.alert(i18next.t('shell.forcedOffline.title'), message, i18next.t('shell.forcedOffline.ok')).then(done);
    } else done();
  },
});

/** Connects antd's message and modal APIs to the app-wide notifier (one message at a time). */
function NotifierBridge() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => {
    message.destroy();
    setNotifier({
      show: (kind, text) => {
        message.destroy();
        void message.open({ type: kind, content: text });
      },
      alert: (title, text, okText) =>
        new Promise((resolve) => {
          modal.warning({ title, content: text, okText, onOk: () => resolve(), afterClose: () => resolve() });
        }),
    });
  }, [message, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
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
        <AntApp message={{ maxCount: 1 }}>
          <NotifierBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
