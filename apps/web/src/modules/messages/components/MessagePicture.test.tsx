import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import type { ApiStub } from '../../../test/apiStub.fixture.js';
import { MessagePicture } from './MessagePicture.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
const saved = vi.hoisted(() => [] as { type: string; name: string }[]);
vi.mock('../../../core/api/download.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  saveFile: vi.fn((blob: Blob, name: string) => saved.push({ type: blob.type, name })),
}));

const SETTLE = { timeout: 5_000 };
const PNG = { id: 'AbCdEfGhIjKlMnOpQrStUv', name: 'M4-S-1125-shift-daily-2026-11-25.png' };
const PDF = { id: 'ZyXwVuTsRqPoNmLkJiHgFe', name: 'M4-S-1125-shift-daily-2026-11-25.pdf' };

describe('the picture of a delivered report in a message', { timeout: 30_000 }, () => {
  const made: string[] = [];
  const revoked: string[] = [];
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    made.length = 0;
    revoked.length = 0;
    saved.length = 0;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      const url = `blob:report-${made.length + 1}-${blob.type}`;
      made.push(url);
      return url;
    });
    URL.revokeObjectURL = vi.fn((url: string) => void revoked.push(url));
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a thumbnail read with the session, and frees it when the message goes', async () => {
    api.responses.set('files.download', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    const view = render(<MessagePicture file={PNG} />);
    const img = await screen.findByRole('img', { name: PNG.name }, SETTLE);
    await waitFor(() => expect(img.getAttribute('src')).toBe('blob:report-1-image/png'), SETTLE);
    expect(api.calls).toEqual([{ id: 'files.download', input: { id: PNG.id } }]);
    expect(revoked).toEqual([]);
    view.unmount();
    expect(revoked).toEqual(['blob:report-1-image/png']);
  });

  it('says so when the file is gone (its delivery was purged)', async () => {
    api.responses.set('files.download', () => Promise.reject(new ApiError(3, 'The file does not exist')));
    render(<MessagePicture file={PNG} />);
    expect(await screen.findByText('The picture is no longer available', {}, SETTLE)).toBeTruthy();
    expect(made).toEqual([]);
  });

  it('offers a PDF for download under its name, read only when asked for', async () => {
    api.responses.set('files.download', new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    render(<MessagePicture file={PDF} />);
    const button = await screen.findByRole('button', { name: new RegExp(`Download ${PDF.name.replace(/\./g, '\\.')}$`) }, SETTLE);
    expect(screen.queryByRole('img', { name: PDF.name })).toBeNull();
    expect(api.calls).toEqual([]);
    await userEvent.click(button);
    await waitFor(() => expect(saved).toEqual([{ type: 'application/pdf', name: PDF.name }]), SETTLE);
    expect(api.calls).toEqual([{ id: 'files.download', input: { id: PDF.id } }]);
  });
});
