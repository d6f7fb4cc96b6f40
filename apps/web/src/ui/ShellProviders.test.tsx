import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { InputNumber, Pagination, Select } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../core/i18n.js';
import { useFramework } from '../core/session.js';
import { ShellProviders } from './ShellProviders.js';

function Form() {
  return (
    <>
      <InputNumber aria-label="rings" />
      <Select allowClear value="a" options={[{ value: 'a', label: 'A' }]} />
      <Pagination total={50} />
    </>
  );
}

const labels = () => [...document.body.querySelectorAll('[aria-label]')].map((el) => el.getAttribute('aria-label'));

describe('antd in the reader’s language', () => {
  afterEach(cleanup);

  for (const [language, increase, clear, next] of [
    ['de_AT', 'Wert erhöhen', 'Leeren', 'Nächste Seite'],
    ['it_IT', 'Aumenta valore', 'Cancella', 'Pagina successiva'],
    ['zh_CN', '增加数值', '清除', '下一页'],
  ] as const) {
    it(`${language}: antd's own texts and the labels it leaves in English`, async () => {
      await initI18n(language);
      useFramework.setState({ language });
      render(
        <ShellProviders>
          <Form />
        </ShellProviders>,
      );
      // The locale handed to ConfigProvider: antd's own texts (the pager's titles).
      await waitFor(() => expect(screen.getByTitle(next)).toBeTruthy());
      await waitFor(() => expect(labels()).toContain(increase));
      expect(labels()).toContain(clear);
      expect(labels()).not.toContain('Increase Value');
      expect(labels()).not.toContain('Decrease Value');
      expect(labels()).not.toContain('Clear');
    });
  }

  it('follows a change of language', async () => {
    await initI18n('de_AT');
    useFramework.setState({ language: 'de_AT' });
    render(
      <ShellProviders>
        <Form />
      </ShellProviders>,
    );
    await waitFor(() => expect(labels()).toContain('Wert erhöhen'));
    await changeLanguage('tr_TR');
    useFramework.setState({ language: 'tr_TR' });
    await waitFor(() => expect(labels()).toContain('Değeri artır'));
    expect(labels()).toContain('Temizle');
  });
});
