import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { caseOf, repair } from '../repair.fixture.js';
import { CasePage } from './CasePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const READER = ['menu.maintenance.management', 'maintenance.repair.read'];

function renderPage(path = '/fw1/stm_smtce/case', resources = READER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/stm_smtce/case', element: <CasePage />, handle: { name: 'repairCases', resource: 'menu.maintenance.management' } }], path);
}

describe('case base page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('repair.casePage', {
      total: 2,
      page: 1,
      pageSize: 20,
      records: [
        caseOf(7, { snippet: { text: 'Perdita olio dalla tenuta <b>principale</b>', marks: [[8, 12], [26, 29]] }, helpful: 4 }),
        caseOf(12, { runId: 2, project: 'Marmaray Ext. – Halkalı', tbmCode: 'S-980', title: 'Ana yatak keçesi kaçağı', failureMode: 'wear', snippet: { text: 'Yağ kaçağı', marks: [] }, helpful: 0 }),
      ],
    });
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('searches every run by default and shows each case with its snippet marked as text, its project and helpful count', async () => {
    renderPage('/fw1/stm_smtce/case?keyword=olio');
    const items = await screen.findAllByTestId('case-item', {}, SETTLE);
    expect(calledWith('repair.casePage')[0]).toEqual({ runId: 1, scope: 'all', keyword: 'olio', page: 1, pageSize: 20 });
    expect(items).toHaveLength(2);
    const snippet = within(items[0] as HTMLElement).getByTestId('case-snippet');
    expect([...snippet.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['olio', '<b>']);
    // The server's text is never markup: the <b> stays text.
    expect(snippet.querySelector('b')).toBeNull();
    expect(snippet.textContent).toBe('Perdita olio dalla tenuta <b>principale</b>');
    expect(within(items[0] as HTMLElement).getByTestId('case-helpful').textContent).toContain('Helpful for 4 readers');
    expect(within(items[1] as HTMLElement).getByText(/Marmaray Ext\. – Halkalı · S-980/)).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText('Wear')).toBeTruthy();
  });

  it('searches this run only with its words', async () => {
    renderPage();
    await screen.findAllByTestId('case-item', {}, SETTLE);
    await user.click(screen.getByRole('radio', { name: 'This project' }));
    await waitFor(() => expect(calledWith('repair.casePage').at(-1)).toEqual({ runId: 1, scope: 'run', page: 1, pageSize: 20 }), SETTLE);
    await user.type(screen.getByTestId('case-search'), 'tenuta{Enter}');
    await waitFor(() => expect(calledWith('repair.casePage').at(-1)).toEqual({ runId: 1, scope: 'run', keyword: 'tenuta', page: 1, pageSize: 20 }), SETTLE);
  });

  it('opens a case of another run from its own run', async () => {
    api.responses.set('repair.detail', repair(12, { runId: 2, title: 'Ana yatak keçesi kaçağı', caseState: 'published' }));
    renderPage();
    const items = await screen.findAllByTestId('case-item', {}, SETTLE);
    await user.click(within(items[1] as HTMLElement).getByTestId('case-open'));
    await screen.findByTestId('repair-detail-body', {}, SETTLE);
    expect(calledWith('repair.detail')).toEqual([{ runId: 2, id: 12 }]);
    expect(screen.queryByTestId('repair-edit')).toBeNull();
  });

  it('opens the case the address names (a diagnosis source link)', async () => {
    api.responses.set('repair.detail', repair(12, { runId: 2, caseState: 'published' }));
    renderPage('/fw1/stm_smtce/case?open=12&openRun=2');
    await screen.findByTestId('repair-detail-body', {}, SETTLE);
    expect(calledWith('repair.detail')).toEqual([{ runId: 2, id: 12 }]);
  });

  it('says so when no case matches', async () => {
    api.responses.set('repair.casePage', { total: 0, page: 1, pageSize: 20, records: [] });
    renderPage('/fw1/stm_smtce/case?keyword=xyz');
    expect((await screen.findByTestId('case-empty', {}, SETTLE)).textContent).toContain('No published case matches');
  });
});
