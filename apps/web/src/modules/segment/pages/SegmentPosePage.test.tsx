import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { POSES, pose, TOLERANCE } from '../segment.fixture.js';
import { SegmentPosePage } from './SegmentPosePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
const uploads = vi.hoisted(() => [] as { id: string; name: string; fields: Record<string, string> | undefined }[]);
const uploadAnswers = vi.hoisted(() => [] as unknown[]);
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
vi.mock('../../../core/api/upload.js', () => ({
  uploadFile: vi.fn(async (endpoint: { id: string }, file: File, options?: { fields?: Record<string, string> }) => {
    uploads.push({ id: endpoint.id, name: file.name, fields: options?.fields });
    return uploadAnswers.shift();
  }),
}));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('pose-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const modalOf = (testId: string) => screen.getByTestId(testId).closest('.ant-modal') as HTMLElement;
const WRITER = ['menu.segments', 'segment.data.read', 'segment.data.write'];
const report = (overrides: Record<string, unknown>) => ({ imported: 0, refused: [], duplicates: [], needsDecision: false, missingRings: [], replaced: 0, skipped: 0, ...overrides });

function renderPage(path = '/fw1/segment/segmentPose', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/segment/segmentPose', element: <SegmentPosePage />, handle: { name: 'segment', resource: 'menu.segments' } }], path);
}

describe('segment attitude page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    uploads.length = 0;
    uploadAnswers.length = 0;
    api.responses.set('segment.poseList', { total: 3, page: 1, pageSize: 20, records: POSES });
    api.responses.set('segment.tolerance', TOLERANCE);
    api.responses.set('segment.ringWidthList', [1500, 1400]);
    api.responses.set('segment.kPosList', ['K1', 'K3', 'K5']);
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists each ring with signed deviations, K position and its band in words (not colour alone), filtered by the address', async () => {
    renderPage('/fw1/segment/segmentPose?ringStart=400&band=alarm');
    await waitFor(() => expect(rows()).toHaveLength(3), SETTLE);
    expect(calledWith('segment.poseList')[0]).toEqual({ runId: 1, ringStart: 400, band: 'alarm', page: 1, pageSize: 20 });
    const [draft, warning, ok] = rows().map((row) => within(row));
    expect(draft?.getByTestId('band').textContent).toBe('Alarm');
    expect(draft?.getByTestId('band').querySelector('.anticon')).not.toBeNull();
    expect(draft?.getByText('−112')).toBeTruthy();
    expect(draft?.getByText('K14')).toBeTruthy();
    expect(draft?.getByTestId('record-state').textContent).toBe('Draft');
    expect(draft?.getByTestId('record-confirm')).toBeTruthy();
    expect(warning?.getByTestId('band').textContent).toBe('Warning');
    expect(warning?.getByText('+64')).toBeTruthy();
    expect(warning?.queryByTestId('record-confirm')).toBeNull();
    expect(ok?.getByTestId('band').textContent).toBe('Within tolerance');
    expect(screen.getByText(/\+ right of \/ above the design axis/)).toBeTruthy();
  });

  it('confirms a machine draft as it is', async () => {
    api.responses.set('segment.poseConfirm', { confirmed: 1 });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('record-confirm'));
    await waitFor(() => expect(calledWith('segment.poseConfirm')).toEqual([{ runId: 1, ids: [3] }]), SETTLE);
    await waitFor(() => expect(useNotifications.getState().message).toMatchObject({ kind: 'success', text: 'Drafts confirmed: 1' }), SETTLE);
  });

  it('refuses ring numbers −1 and 1.5 with the server’s message and sends nothing, then adds a valid ring with the sign kept', async () => {
    api.responses.set('segment.poseAdd', pose(9, 464, { horizontalDeviation: -23 }));
    renderPage();
    await user.click(await screen.findByTestId('pose-table-add', {}, SETTLE));
    const dialog = await screen.findByTestId('pose-dialog', {}, SETTLE);
    const ring = within(dialog).getByTestId('pose-ring');
    fireEvent.change(ring, { target: { value: '-1' } });
    fireEvent.change(within(dialog).getByTestId('pose-horizontal'), { target: { value: '-23' } });
    fireEvent.change(within(dialog).getByTestId('pose-elevation'), { target: { value: '7' } });
    await user.click(within(modalOf('pose-dialog')).getByRole('button', { name: /Save/ }));
    expect(await within(dialog).findByText('Please enter an integer of 0 or more', {}, SETTLE)).toBeTruthy();
    fireEvent.change(ring, { target: { value: '1.5' } });
    await user.click(within(modalOf('pose-dialog')).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(within(dialog).getAllByText('Please enter an integer of 0 or more').length).toBeGreaterThan(0), SETTLE);
    expect(calledWith('segment.poseAdd')).toEqual([]);
    expect(within(dialog).getByText('+ right of the design axis, − left, looking in the drive\'s direction (mm)')).toBeTruthy();
    fireEvent.change(ring, { target: { value: '464' } });
    fireEvent.change(within(dialog).getByTestId('pose-k'), { target: { value: 'K5' } });
    await user.click(within(modalOf('pose-dialog')).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(calledWith('segment.poseAdd')).toHaveLength(1), SETTLE);
    expect(calledWith('segment.poseAdd')[0]).toEqual({
      runId: 1,
      ringNo: 464,
      chainage: null,
      horizontalDeviation: -23,
      elevationDeviation: 7,
      remark: null,
      segmentType: null,
      ringWidth: 1500,
      kPosition: 'K5',
    });
  });

  it('imports: asks replace or skip naming the rings already stored, sends the file again with the choice and lists the missing rings', async () => {
    uploadAnswers.push(report({ needsDecision: true, duplicates: [462, 463] }), report({ imported: 6, replaced: 2, missingRings: [466, 467, 470] }));
    renderPage();
    await user.click(await screen.findByTestId('pose-table-import', {}, SETTLE));
    // The range first: the start ring must be below the end ring, as the server says.
    fireEvent.change(await screen.findByTestId('import-ring-start', {}, SETTLE), { target: { value: '470' } });
    fireEvent.change(screen.getByTestId('import-ring-end'), { target: { value: '460' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.change(screen.getByTestId('import-ring-start'), { target: { value: '460' } });
    fireEvent.change(screen.getByTestId('import-ring-end'), { target: { value: '470' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByTestId('import-file', {}, SETTLE);
    const input = document.querySelector<HTMLInputElement>('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(2048)], 'rings.xlsx'));
    const duplicates = await screen.findByTestId('import-duplicates', {}, SETTLE);
    expect(duplicates.textContent).toContain('Rings already stored: 2.');
    expect(duplicates.textContent).toContain('462–463');
    await user.click(screen.getByTestId('import-replace'));
    expect(await screen.findByText('6 rows imported', {}, SETTLE)).toBeTruthy();
    const fields = { runId: '1', ringStart: '460', ringEnd: '470' };
    expect(uploads).toEqual([
      { id: 'segment.poseImport', name: 'rings.xlsx', fields: { ...fields, duplicates: 'ask' } },
      { id: 'segment.poseImport', name: 'rings.xlsx', fields: { ...fields, duplicates: 'replace' } },
    ]);
    await user.click(within(screen.getByText('6 rows imported').closest('.ant-modal') as HTMLElement).getByText('Close'));
    expect((await screen.findByTestId('import-missing', {}, SETTLE)).textContent).toBe('466–467, 470');
    expect(screen.getByTestId('import-outcome').textContent).toContain('2 rings replaced, 0 skipped');
  });

  it('refuses an import range whose start is not below its end before any file is chosen', async () => {
    renderPage();
    await user.click(await screen.findByTestId('pose-table-import', {}, SETTLE));
    fireEvent.change(await screen.findByTestId('import-ring-start', {}, SETTLE), { target: { value: '470' } });
    fireEvent.change(screen.getByTestId('import-ring-end'), { target: { value: '470' } });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByTestId('import-range').querySelectorAll('.ant-form-item-explain-error').length).toBeGreaterThan(0), SETTLE);
    expect(screen.queryByTestId('import-file')).toBeNull();
    expect(uploads).toEqual([]);
  });

  it('deletes the selected rings after a confirmation', async () => {
    api.responses.set('segment.poseDeleteBatch', { deleted: 2 });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3), SETTLE);
    await user.click(within(rows()[1] as HTMLElement).getByRole('checkbox'));
    await user.click(within(rows()[2] as HTMLElement).getByRole('checkbox'));
    await user.click(screen.getByTestId('pose-table-delete-selected'));
    const confirm = (await screen.findByText('Delete the 2 selected records permanently?', {}, SETTLE)).closest('.ant-modal') as HTMLElement;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calledWith('segment.poseDeleteBatch')).toEqual([{ runId: 1, ids: [2, 1] }]), SETTLE);
  });

  it('shows a reader no add, import, confirm, edit or delete', async () => {
    renderPage('/fw1/segment/segmentPose', ['menu.segments', 'segment.data.read']);
    await waitFor(() => expect(rows()).toHaveLength(3), SETTLE);
    expect(screen.queryByTestId('pose-table-add')).toBeNull();
    expect(screen.queryByTestId('pose-table-import')).toBeNull();
    expect(screen.queryAllByTestId('record-confirm')).toEqual([]);
    expect(screen.queryAllByTestId('record-edit')).toEqual([]);
    expect(screen.queryAllByTestId('record-delete')).toEqual([]);
    expect(screen.getByTestId('pose-table-export')).toBeTruthy();
  });
});
