import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { knowledge } from '../repair.fixture.js';
import { KnowledgePage } from './KnowledgePage.js';

const fileId = (n: number) => `knowledge${n}`.padEnd(22, '0');
const api = vi.hoisted((): ApiStub & { read: string[]; uploads: (string | undefined)[] } => ({ responses: new Map(), calls: [], read: [], uploads: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => ({
  ...(await (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api)),
  request: vi.fn(async (options: { url: string }) => {
    api.read.push(options.url);
    return new Blob(['%PDF-1.4']);
  }),
}));
vi.mock('../../../core/api/upload.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  uploadFile: vi.fn(async (_endpoint: unknown, file: File, options: { fields?: Record<string, string> }) => {
    api.uploads.push(options.fields?.purpose);
    return { id: fileId(api.uploads.length), name: file.name, size: file.size, contentType: file.type, sha256: 'e'.repeat(64), url: '/g/web/getDownloadFile/v1' };
  }),
}));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const rows = () => within(screen.getByTestId('knowledge-table')).getAllByRole('row').filter((row) => row.hasAttribute('data-row-key'));
const READER = ['menu.maintenance.management', 'maintenance.knowledge.read'];
const WRITER = [...READER, 'maintenance.knowledge.write'];

function renderPage(path = '/fw1/stm_smtce/knowledge', resources = WRITER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stm_smtce/knowledge', element: <KnowledgePage />, handle: { name: 'repairKnowledge', resource: 'menu.maintenance.management' } }], path);
}

describe('knowledge base page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.read.length = 0;
    api.uploads.length = 0;
    api.responses.clear();
    api.responses.set('knowledge.page', {
      total: 2,
      page: 1,
      pageSize: 20,
      records: [
        knowledge(3, { snippet: { text: 'Replace the seal of the main drive', marks: [[12, 16]] } }),
        knowledge(4, { name: 'Screw conveyor wear photo', code: 'SC-IMG-1', extraction: 'none', file: { id: 'k4', name: 'wear.png', size: 9_000, contentType: 'image/png', sha256: 'f'.repeat(64), url: '/g/web/getDownloadFile/v1?id=k4' } }),
      ],
    });
    let n = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:file-${++n}`, revokeObjectURL: () => undefined }));
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('lists the documents with their snippet marks, code and extraction state, found by the words of the address', async () => {
    renderPage('/fw1/stm_smtce/knowledge?keyword=seal');
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    expect(calledWith('knowledge.page')[0]).toEqual({ runId: 1, keyword: 'seal', page: 1, pageSize: 20 });
    const first = within(rows()[0] as HTMLElement);
    expect([...first.getByTestId('knowledge-snippet').querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['seal']);
    expect(first.getByText('MD-PR-012')).toBeTruthy();
    expect(first.getByTestId('knowledge-extraction').textContent).toBe('Text searchable');
    expect(within(rows()[1] as HTMLElement).getByTestId('knowledge-extraction').textContent).toBe('No text');
  });

  it('previews a PDF in a frame and a picture inline, read with the session', async () => {
    api.responses.set('knowledge.detail', (input: { id: number }) => (input.id === 3 ? knowledge(3) : knowledge(4, { file: { id: 'k4', name: 'wear.png', size: 9_000, contentType: 'image/png', sha256: 'f'.repeat(64), url: '/g/web/getDownloadFile/v1?id=k4' } })));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[0] as HTMLElement).getByTestId('knowledge-preview'));
    const frame = await screen.findByTestId('knowledge-pdf', {}, SETTLE);
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(api.read).toContain('/g/web/getDownloadFile/v1?id=k3');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(within(rows()[1] as HTMLElement).getByTestId('knowledge-preview'));
    const image = await screen.findByTestId('knowledge-image', {}, SETTLE);
    expect(image.getAttribute('alt')).toBe('wear.png');
  });

  it('adds a document: name and code required with the server’s messages, the file uploaded for knowledge', async () => {
    api.responses.set('knowledge.add', knowledge(9));
    renderPage();
    await user.click(await screen.findByTestId('knowledge-add', {}, SETTLE));
    const dialog = await screen.findByTestId('knowledge-dialog');
    const save = within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save/ });
    fireEvent.change(within(dialog).getByLabelText('Document name'), { target: { value: 'n'.repeat(101) } });
    await user.click(save);
    expect(await within(dialog).findByText('At most 100 characters', {}, SETTLE)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getAllByText('This field is required').length).toBeGreaterThanOrEqual(2), SETTLE);
    expect(calledWith('knowledge.add')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Document name'), { target: { value: 'Grout line cleaning' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'GR-PR-003' } });
    await userEvent.upload(within(dialog).getByLabelText('File') as HTMLInputElement, new File(['%PDF-1.4'], 'grout.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(api.uploads).toEqual(['knowledge']), SETTLE);
    await user.click(save);
    await waitFor(() => expect(calledWith('knowledge.add')).toEqual([{ runId: 1, name: 'Grout line cleaning', code: 'GR-PR-003', system: null, remark: null, fileId: fileId(1) }]), SETTLE);
  });

  it('deletes a document after the confirmation', async () => {
    api.responses.set('knowledge.delete', { deleted: true });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2), SETTLE);
    await user.click(within(rows()[1] as HTMLElement).getByTestId('knowledge-delete'));
    const title = await screen.findByText('Delete the document Screw conveyor wear photo and its file permanently?', {}, SETTLE);
    expect(calledWith('knowledge.delete')).toEqual([]);
    await user.click(within(title.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Delete/ }));
    await waitFor(() => expect(calledWith('knowledge.delete')).toEqual([{ runId: 1, id: 4 }]), SETTLE);
  });

  it('shows a reader no add, edit or delete button, and says so when the base is empty', async () => {
    api.responses.set('knowledge.page', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage('/fw1/stm_smtce/knowledge', READER);
    expect(await screen.findByText('No documents in the knowledge base', {}, SETTLE)).toBeTruthy();
    expect(screen.queryByTestId('knowledge-add')).toBeNull();
  });
});
