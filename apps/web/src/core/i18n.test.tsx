import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, dataText, initI18n, isMessageKey, tr, useT } from './i18n.js';

function Greeting() {
  const t = useT();
  return <p>{t('common.error.tooManyAttempts', { minutes: 15 })}</p>;
}

describe('typed texts', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('translates a key with its parameters, in components and outside them', async () => {
    render(<Greeting />);
    expect(screen.getByText('Too many attempts, please try again in 15 min')).toBeTruthy();
    expect(tr('validation.maxLength', { max: 50 })).toBe('At most 50 characters');
    await changeLanguage('de_AT');
    expect(tr('validation.maxLength', { max: 50 })).not.toBe('At most 50 characters');
    await changeLanguage('en_US');
  });

  it('refuses, at compile time, a key the English catalogue lacks', () => {
    // @ts-expect-error — not a key of the catalogue: `tsc` fails if this line ever compiles.
    expect(tr('common.error.noSuchText')).toBe('common.error.noSuchText');
  });

  it('tells catalogue keys from other texts that arrive with data', () => {
    expect(isMessageKey('validation.required')).toBe(true);
    expect(isMessageKey('Tunnel face')).toBe(false);
    expect(dataText(tr, 'telemetry.subsystem.thrust')).not.toBe('telemetry.subsystem.thrust');
    expect(dataText(tr, 'custom.subject')).toBe('custom.subject');
  });
});
