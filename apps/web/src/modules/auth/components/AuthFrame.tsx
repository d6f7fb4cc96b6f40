import type { ReactNode } from 'react';
import { changeLanguage, LANGUAGE_NAMES, useT } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import '../../../ui/form/form.css';
import { LanguageSwitch } from '../../../ui/LanguageSwitch.js';

/** The frame of the public account pages: product name, language switch, a card. No antd: these
 * pages are the first a user loads, so they stay light (BENCHMARKS.md B7). */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  const language = useFramework((s) => s.language) ?? 'en_US';
  return (
    <div style={{ minHeight: '100vh', background: 'linear-gradient(160deg, #0b2540 0%, #1f4e79 100%)', padding: 24, boxSizing: 'border-box' }}>
      <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', maxWidth: 960, margin: '0 auto', gap: 16, flexWrap: 'wrap' }}>
        <h1 style={{ color: '#fff', margin: 0, fontSize: 24, fontWeight: 600 }}>
          {t('shell.appName')} <span style={{ color: '#c9d6e3', fontSize: 14, fontWeight: 400 }}>{t('shell.appTagline')}</span>
        </h1>
        <LanguageSwitch value={language} names={LANGUAGE_NAMES} onChange={(l) => void changeLanguage(l)} label={t('shell.header.language')} />
      </header>
      <main className="bl-card" style={{ maxWidth: 440, margin: '48px auto 0' }}>
        <div className="bl-card-head">
          <h2>{title}</h2>
        </div>
        <div className="bl-card-body">{children}</div>
      </main>
    </div>
  );
}
