import { authContract, RESULT_CODE, type SlideCaptcha } from '@boreline/contracts';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiStub } from '../../../test/apiStub.fixture.js';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { LoginPage } from './LoginPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const PUZZLE: SlideCaptcha = {
  captchaId: 'puzzle-1',
  width: 300,
  height: 150,
  pieceSize: 62,
  pieceY: 40,
  background: 'data:image/svg+xml;base64,PHN2Zy8+',
  piece: 'data:image/svg+xml;base64,PHN2Zy8+',
  expiresInSeconds: 120,
};
const ASKED = 'Many failed sign-ins for this account or from this network: please sign in with the slide puzzle';

describe('login page', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  afterEach(() => {
    cleanup();
    api.responses.clear();
    api.calls.length = 0;
  });

  it('turns to the slide puzzle and says why when the server asks for it', async () => {
    api.responses.set('auth.loginV1', () => {
      throw new ApiError(RESULT_CODE.business, ASKED, authContract.PUZZLE_REQUIRED);
    });
    api.responses.set('auth.captchaSlide', PUZZLE);
    render(
      <MemoryRouter>
        <LoginPage />
      </MemoryRouter>,
    );
    await userEvent.type(screen.getByLabelText('Phone or email'), '13900000001');
    await userEvent.type(screen.getByLabelText('Password'), 'Right-pass-1');
    await userEvent.type(screen.getByLabelText('Verification code'), 'ABCD');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByTestId('slide-puzzle')).toBeTruthy());
    expect(screen.getByTestId('puzzle-required').textContent).toBe(ASKED);
    expect(api.calls.map((c) => c.id)).toEqual(['auth.loginV1', 'auth.captchaSlide']);
  });
});
