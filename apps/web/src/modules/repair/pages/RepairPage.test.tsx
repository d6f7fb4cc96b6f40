import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { FINGERPRINT, photo, repair, T0, video } from '../repair.fixture.js';
import { RepairPage } from './RepairPage.js';

/** A file id as the file service makes them (22 base64url characters). */
const fileId = (n: number) => `upload${n}`.padEnd(22, '0');
const api = vi.hoisted((): ApiStub & { read: string[]; uploads: { purpose: string | undefined; name: string }[] } => ({ responses: new Map(), calls: [], read: [], uploads: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => ({
  ...(await (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api)),
  // Files are read with the session header: the page asks for them as blobs.
  request: vi.fn(async (options: { url: string }) => {
    api.read.push(options.url);
    return new Blob(['x']);
  }),
}));
vi.mock('../../../core/api/upload.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  uploadFile: vi.fn(async (_endpoint: unknown, file: File, options: { fields?: Record<string, string> }) => {
    api.uploads.push({ purpose: options.fields?.purpose, name: file.name });
    return { id: fileId(api.uploads.length), name: file.name, size: file.size, contentType: file.type, sha256: 'd'.repeat(64), url: `/g/web/getDownloadFile/v1?id=${fileId(api.uploads.length)}` };
  }),
}));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('repair-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const READER = ['menu.maintenance.management', 'maintenance.repair.read'];
const WRITER = [...READER, 'maintenance.repair.write'];
const PUBLISHER = [...WRITER, 'maintenance.case.publish'];
const picture = (name: string) => new File([new Uint8Array(64)], name, { type: 'image/png' });

function renderPage(path = '/fw1/stm_smtce/repair', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stm_smtce/repair', element: <RepairPage />, handle: { name: 'repairRecords', resource: 'menu.maintenance.management' } }], path);
}

describe('repair record page', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.read.length = 0;
    api.uploads.length = 0;
    api.responses.clear();
    api.responses.set('repair.page', {
      total: 2,
      page: 1,
      pageSize: 20,
      records: [repair(7, { caseState: 'published' }), repair(6, { state: 'open', title: 'Coclea bloccata', system: 'Screw conveyor', component: 'Screw', failureMode: 'blockage', cause: null, result: null })],
    });
    let n = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:file-${++n}`, revokeObjectURL: () => undefined }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the repairs with time on the site’s clock, failure mode and state, filtered by the address', async () => {
    renderPage(`/fw1/stm_smtce/repair?from=${T0 - 7 * 86_400_000}&state=repaired&caseState=published&failureMode=leakage&keyword=olio&system=Main%20drive`);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('repair.page')[0]).toEqual({ runId: 1, from: T0 - 7 * 86_400_000, system: 'Main drive', state: 'repaired', caseState: 'published', failureMode: 'leakage', keyword: 'olio', page: 1, pageSize: 20 });
    const first = within(rows()[0] as HTMLElement);
    // 22/11/2026 08:00 UTC is 09:00 in Milan.
    expect(first.getByText('22/11/2026 09:00')).toBeTruthy();
    expect(first.getByText('Leakage')).toBeTruthy();
    expect(first.getByTestId('repair-state').textContent).toBe('Repaired');
    expect(first.getByTestId('repair-case-state').textContent).toBe('Published case');
    const second = within(rows()[1] as HTMLElement);
    expect(second.getByTestId('repair-state').textContent).toBe('Open');
    expect(second.queryByTestId('repair-case-state')).toBeNull();
    expect(second.getByText('Blockage')).toBeTruthy();
  });

  it('refuses an end before the start with the server’s rule, and sends nothing', async () => {
    renderPage(`/fw1/stm_smtce/repair?from=${T0}&to=${T0 - 86_400_000}`);
    expect((await screen.findByTestId('repair-invalid', {}, SETTLE)).textContent).toBe('The end must not be before the start');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calledWith('repair.page')).toEqual([]);
  });

  it('says so when nothing was recorded', async () => {
    api.responses.set('repair.page', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage();
    expect(await screen.findByText('No repair records', {}, SETTLE)).toBeTruthy();
  });

  it('adds a repair: §5 required fields with the server’s messages, a sixth photo refused in the form, photos and a video uploaded for the run', async () => {
    api.responses.set('repair.add', (input: object) => repair(9, input));
    renderPage();
    await user.click(await screen.findByTestId('repair-add', {}, SETTLE));
    const dialog = await screen.findByTestId('repair-dialog');
    const save = within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/ });
    fireEvent.change(within(dialog).getByLabelText('Found by'), { target: { value: '' } });
    fireEvent.change(within(dialog).getByLabelText('System'), { target: { value: 's'.repeat(51) } });
    await user.click(save);
    expect(await within(dialog).findByText('At most 50 characters', {}, SETTLE)).toBeTruthy();
    // Found by, part, title and description are required.
    await waitFor(() => expect(within(dialog).getAllByText('This field is required')).toHaveLength(4), SETTLE);
    expect(calledWith('repair.add')).toEqual([]);

    const photos = within(dialog).getByLabelText('Photos') as HTMLInputElement;
    await userEvent.upload(photos, ['1', '2', '3', '4', '5', '6'].map((n) => picture(`seal-${n}.png`)));
    expect((await within(dialog).findByRole('alert', {}, SETTLE)).textContent).toBe('seal-6.png: at most 5 files');
    await waitFor(() => expect(api.uploads).toHaveLength(5), SETTLE);
    expect(api.uploads.every((u) => u.purpose === 'repairPhoto')).toBe(true);
    const videos = within(dialog).getByLabelText('Repair videos') as HTMLInputElement;
    await userEvent.upload(videos, new File([new Uint8Array(64)], 'fix.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(api.uploads).toHaveLength(6), SETTLE);
    expect(api.uploads[5]).toEqual({ purpose: 'repairVideo', name: 'fix.mp4' });

    fireEvent.change(within(dialog).getByLabelText('Found by'), { target: { value: 'Marco Bianchi' } });
    fireEvent.change(within(dialog).getByLabelText('System'), { target: { value: 'Main drive' } });
    fireEvent.change(within(dialog).getByLabelText('Part'), { target: { value: 'Main bearing seal' } });
    fireEvent.change(within(dialog).getByLabelText('Fault title'), { target: { value: 'Seal leak' } });
    fireEvent.change(within(dialog).getByLabelText('Fault description'), { target: { value: 'Oil under the main bearing' } });
    await user.click(save);
    await waitFor(() => expect(calledWith('repair.add')).toHaveLength(1), SETTLE);
    expect(calledWith('repair.add')[0]).toEqual({
      runId: 1,
      finder: 'Marco Bianchi',
      foundAt: expect.any(Number),
      system: 'Main drive',
      component: 'Main bearing seal',
      title: 'Seal leak',
      description: 'Oil under the main bearing',
      failureMode: null,
      cause: null,
      result: null,
      repairers: null,
      repairedAt: null,
      photoIds: [1, 2, 3, 4, 5].map(fileId),
      videoIds: [fileId(6)],
      alarmId: null,
      maintenanceRecordId: null,
    });
  });

  it('shows a repair with its photo thumbnails, video player, alarm and fingerprint, and publishes it as a case', async () => {
    api.responses.set(
      'repair.detail',
      repair(7, { photos: [photo(1), photo(2)], videos: [video(1)], fingerprint: FINGERPRINT, alarm: { id: 31, point: 'MD_SEAL_P', name: 'Main seal pressure low', start: T0 - 12 * 60_000, ringNo: 845 } }),
    );
    api.responses.set('repair.publish', repair(7, { caseState: 'published' }));
    const STREAM = '/server_project/g/web/file/stream/v1?ticket=ftAbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde';
    api.responses.set('files.ticketIssue', { url: STREAM, expiresAt: Date.now() + 600_000 });
    renderPage('/fw1/stm_smtce/repair', PUBLISHER);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('repair-detail-open'));
    const detail = await screen.findByTestId('repair-detail-body', {}, SETTLE);
    expect(calledWith('repair.detail')).toEqual([{ runId: 1, id: 7 }]);
    expect(within(detail).getByText('Worn lip of the outer seal')).toBeTruthy();
    expect(within(detail).getByTestId('detail-alarm').textContent).toContain('Main seal pressure low');
    await waitFor(() => expect(within(detail).getAllByRole('img').length).toBeGreaterThanOrEqual(2), SETTLE);
    // Thumbnails come from the thumbnail call; the video streams from its file ticket's link, never downloaded whole first.
    await waitFor(() => expect(api.read).toEqual(expect.arrayContaining(['/u/web/common/file/thumb/v1?id=photo1', '/u/web/common/file/thumb/v1?id=photo2'])), SETTLE);
    const player = await within(detail).findByTestId('repair-video', {}, SETTLE);
    expect(player.tagName).toBe('VIDEO');
    expect(player.hasAttribute('controls')).toBe(true);
    expect(calledWith('files.ticketIssue')).toEqual([{ id: 'video1' }]);
    expect(player.getAttribute('src')).toBe(STREAM);
    expect(api.read.some((url) => url.includes('video1'))).toBe(false);
    // A player that fails (its ticket expired mid-play) gets a new link.
    api.responses.set('files.ticketIssue', { url: `${STREAM}2`, expiresAt: Date.now() + 600_000 });
    fireEvent.error(player);
    await waitFor(() => expect(within(detail).getByTestId('repair-video').getAttribute('src')).toBe(`${STREAM}2`), SETTLE);
    expect(calledWith('files.ticketIssue')).toHaveLength(2);
    const fingerprint = within(within(detail).getByTestId('repair-fingerprint'));
    expect(fingerprint.getByText('Main seal pressure low (MD_SEAL_P)')).toBeTruthy();
    expect(fingerprint.getByText('2.10 bar')).toBeTruthy();
    expect(fingerprint.getByText('0.80 bar')).toBeTruthy();

    await user.click(screen.getByTestId('repair-publish'));
    await user.click(await screen.findByRole('button', { name: 'OK' }, SETTLE));
    await waitFor(() => expect(calledWith('repair.publish')).toEqual([{ runId: 1, id: 7, publish: true }]), SETTLE);
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Published as a case'), SETTLE);
  });

  it('shows the server’s refusal of a publication without cause and result', async () => {
    api.responses.set('repair.detail', repair(6, { state: 'open', cause: null, result: null }));
    const { ApiError } = await import('../../../core/api/client.js');
    api.responses.set('repair.publish', () => Promise.reject(new ApiError(3, 'A case needs its cause and result')));
    renderPage('/fw1/stm_smtce/repair', PUBLISHER);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[1] as HTMLElement).getByTestId('repair-detail-open'));
    await screen.findByTestId('repair-detail-body', {}, SETTLE);
    await user.click(screen.getByTestId('repair-publish'));
    await user.click(await screen.findByRole('button', { name: 'OK' }, SETTLE));
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('A case needs its cause and result'), SETTLE);
  });

  it('shows a reader no add, edit or publish button', async () => {
    api.responses.set('repair.detail', repair(7));
    renderPage('/fw1/stm_smtce/repair', READER);
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(screen.queryByTestId('repair-add')).toBeNull();
    await user.click(within(rows()[0] as HTMLElement).getByTestId('repair-detail-open'));
    await screen.findByTestId('repair-detail-body', {}, SETTLE);
    expect(screen.queryByTestId('repair-edit')).toBeNull();
    expect(screen.queryByTestId('repair-publish')).toBeNull();
    expect(screen.getByTestId('diagnose')).toBeTruthy();
  });
});
