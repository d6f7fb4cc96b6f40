import type { collectionContract } from '@boreline/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { pathOf } from '../api.js';
import { ObjectStar } from '../components/ProjectStar.js';
import { StarButton } from '../components/StarButton.js';
import { CollectionPage, groupsOf } from './CollectionPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const entry = (over: Partial<collectionContract.CollectionEntry>): collectionContract.CollectionEntry => ({
  id: 1,
  kind: 'page',
  runId: MILAN_RUN.runId,
  projectName: MILAN_RUN.projectName,
  tbmCode: MILAN_RUN.tbmCode,
  target: '/fw1/report/turn_over',
  title: 'Shift report · Metro M4',
  createdAt: 0,
  ...over,
});
const ISTANBUL = { runId: 2, projectName: 'Metro M12 Göztepe–Ümraniye', tbmCode: 'EPB-6.57-02' };
const ENTRIES = [
  entry({}),
  entry({ id: 2, kind: 'project', target: '1', title: 'Metro M4' }),
  entry({ id: 3, runId: ISTANBUL.runId, projectName: ISTANBUL.projectName, tbmCode: ISTANBUL.tbmCode, target: '/fw1/alarm/history_alarm', title: 'Alarms · M12' }),
  entry({ id: 4, runId: null, projectName: null, tbmCode: null, target: '/fw0/stsRun/list', title: 'Projects' }),
];

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsOf = (id: string) => api.calls.filter((c) => c.id === id);

describe('collection', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('collection.list', ENTRIES);
    useFramework.setState({ run: MILAN_RUN, user: null, resources: ['menu.project.collection'] });
  });
  afterEach(cleanup);

  it('groups entries per run, those outside projects last', () => {
    expect(groupsOf(ENTRIES, 'Outside').map((g) => [g.title, g.entries.map((e) => e.id)])).toEqual([
      [`${ISTANBUL.projectName} · ${ISTANBUL.tbmCode}`, [3]],
      [`${MILAN_RUN.projectName} · ${MILAN_RUN.tbmCode}`, [1, 2]],
      ['Outside', [4]],
    ]);
  });

  it('lists the entries per run and opens one in its own project', async () => {
    api.responses.set('project.runQuery', { ...MILAN_RUN, ...ISTANBUL });
    const router = renderRoutes(
      [
        { path: '/fw1/collection', element: <CollectionPage />, handle: { name: 'collection', resource: 'menu.project.collection' } },
        { path: '/fw1/alarm/history_alarm', element: <p>alarm history</p>, handle: { name: 'alarms', resource: 'authenticated' } },
      ],
      '/fw1/collection',
    );
    await screen.findByText('Alarms · M12');
    const groups = screen.getAllByTestId('collection-group');
    expect(groups.map((g) => within(g).getAllByTestId('collection-title').map((t) => t.textContent))).toEqual([['Alarms · M12'], ['Shift report · Metro M4', 'Metro M4'], ['Projects']]);
    expect(within(groups[2] as HTMLElement).getByText('Outside projects')).toBeTruthy();

    // Opening an entry of another project enters that project first.
    await user.click(within(groups[0] as HTMLElement).getByTestId('collection-open'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fw1/alarm/history_alarm'));
    expect(callsOf('project.runQuery')).toEqual([{ id: 'project.runQuery', input: { runId: ISTANBUL.runId } }]);
    expect(useFramework.getState().run?.runId).toBe(ISTANBUL.runId);
  });

  it('removes an entry after asking', async () => {
    renderRoutes([{ path: '/fw1/collection', element: <CollectionPage />, handle: { name: 'collection', resource: 'menu.project.collection' } }], '/fw1/collection');
    await screen.findByText('Projects');
    api.responses.set('collection.remove', null);
    await user.click(screen.getAllByTestId('collection-remove')[3] as HTMLElement);
    await screen.findByText('Remove “Projects” from the collection?');
    await user.click(document.querySelector('.ant-modal-wrap:not([style*="display: none"]) .ant-btn-dangerous') as HTMLElement);
    await waitFor(() => expect(callsOf('collection.remove')).toEqual([{ id: 'collection.remove', input: { id: 4 } }]));
  });

  it('stars the current page with its title and project, and shows it starred', async () => {
    api.responses.set('collection.list', []);
    api.responses.set('collection.add', entry({ id: 9, target: '/fw1/report/ring?ring=12' }));
    renderRoutes(
      [{ path: '/fw1/report/ring', element: <StarButton />, handle: { name: 'ringReport', resource: 'authenticated', title: 'shell.menu.reports' } }],
      '/fw1/report/ring?ring=12',
    );
    const star = await screen.findByTestId('collection-star');
    await waitFor(() => expect(star.hasAttribute('disabled')).toBe(false));
    expect(star.getAttribute('data-starred')).toBe('false');
    api.responses.set('collection.list', [entry({ id: 9, target: '/fw1/report/ring?ring=12' })]);
    await user.click(star);
    await waitFor(() => expect(callsOf('collection.add')).toHaveLength(1));
    expect(callsOf('collection.add')[0]?.input).toEqual({ kind: 'page', runId: MILAN_RUN.runId, target: '/fw1/report/ring?ring=12', title: `Reports · ${MILAN_RUN.projectName}` });
    await waitFor(() => expect(screen.getByTestId('collection-star').getAttribute('data-starred')).toBe('true'));
  });

  it('opens an alarm in its detail and a ring report at its ring', () => {
    expect(pathOf({ kind: 'alarm', target: '215' })).toBe('/fw1/alarm/history_alarm?open=215');
    expect(pathOf({ kind: 'ringReport', target: '12' })).toBe('/fw1/report/ring?ringStart=12&ringEnd=12');
    expect(pathOf({ kind: 'project', target: '1' })).toBe('/fw1/home');
  });

  it('stars an alarm from its detail, and shows it starred', async () => {
    api.responses.set('collection.list', []);
    api.responses.set('collection.add', entry({ id: 10, kind: 'alarm', target: '215' }));
    renderRoutes(
      [{ path: '/fw1/alarm/present_alarm', element: <ObjectStar kind="alarm" runId={MILAN_RUN.runId} target="215" title="A-0215 Tank temperature" />, handle: { name: 'alarms', resource: 'authenticated' } }],
      '/fw1/alarm/present_alarm',
    );
    const star = await screen.findByTestId('alarm-star');
    await waitFor(() => expect(star.hasAttribute('disabled')).toBe(false));
    api.responses.set('collection.list', [entry({ id: 10, kind: 'alarm', target: '215' })]);
    await user.click(star);
    await waitFor(() => expect(callsOf('collection.add')[0]?.input).toEqual({ kind: 'alarm', runId: MILAN_RUN.runId, target: '215', title: 'A-0215 Tank temperature' }));
    await waitFor(() => expect(screen.getByTestId('alarm-star').getAttribute('data-starred')).toBe('true'));
  });

  it('shows no star outside the project pages', async () => {
    renderRoutes([{ path: '/fw0/stsRun/list', element: <StarButton />, handle: { name: 'projectList', resource: 'authenticated' } }], '/fw0/stsRun/list');
    await waitFor(() => expect(screen.queryByTestId('collection-star')).toBeNull());
    expect(callsOf('collection.list')).toHaveLength(0);
  });
});
