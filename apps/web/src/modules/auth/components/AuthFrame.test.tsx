import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGES, LOCALE_OF } from '@boreline/contracts';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthFrame } from './AuthFrame.js';
import { changeLanguage, currentLanguage, initI18n } from '../../../core/i18n.js';

const english = ['Sign in', 'Boreline'];

describe('language switch', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('switches every text, dayjs, the lang value of calls, and remembers the choice for the session', async () => {
    render(
      <MemoryRouter>
        <AuthFrame title="title">
          <p>{english[0]}</p>
        </AuthFrame>
      </MemoryRouter>,
    );
    expect(screen.getByText('TBM construction console')).toBeTruthy();
    await userEvent.selectOptions(screen.getByTestId('language-select'), 'de_AT');
    await waitFor(() => expect(screen.queryByText('TBM construction console')).toBeNull());
    expect(currentLanguage()).toBe('de_AT');
    expect(i18next.language).toBe('de-AT');
    expect(dayjs.locale()).toBe('de-at');
    expect(sessionStorage.getItem('boreline.lang')).toBe('de_AT');
    expect(document.documentElement.lang).toBe('de-AT');
    expect(dayjs('2026-01-15').format('MMMM')).toBe('Jänner');
  });

  it('has the shell texts in all six languages, each different from English', async () => {
    for (const language of LANGUAGES) {
      await changeLanguage(language);
      expect(i18next.language).toBe(LOCALE_OF[language]);
      const text = i18next.t('shell.menu.systemSetting');
      expect(text).not.toBe('shell.menu.systemSetting');
      if (language !== 'en_US') expect(text).not.toBe('System setting');
    }
  });
});
