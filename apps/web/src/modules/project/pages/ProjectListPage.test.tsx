import type { RunListItem } from '@boreline/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { AppRoute } from '../../../core/routing.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { ProjectListPage } from './ProjectListPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page talks to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const milan: RunListItem = {
  runId: 1,
  projectName: 'Metro M4 Lot 3 – San Babila',
  tbmCode: 'S-1125',
  machineType: 'epb',
  timeZone: 'Europe/Rome',
  orgId: 7,
  country: 'IT',
  lineName: 'M4 westbound',
  deptId: 7,
  deptIdTwo: 6,
  deptPath: '/1/6/7/',
  deptTwoPath: '/1/6/',
  progress: 0.0256,
  plannedRings: 1800,
  ringsBuilt: 21,
  metresBuilt: 31.5,
  tunnelLength: 2700,
  currentChainage: 4289.0337,
  currentRing: 458,
  advanceRate: 0.4512,
  ringBuildRate: 0.3021,
  waitingRate: 0.2467,
  status: 'advance',
  statusSince: Date.UTC(2026, 10, 20, 8, 0),
  totalDurationMs: (2 * 24 + 3) * 3_600_000 + 25 * 60_000,
};
const wuhan: RunListItem = {
  ...milan,
  runId: 4,
  projectName: 'Yangtze river crossing, line 12',
  tbmCode: 'S-1200 Mixshield',
  machineType: 'slurry',
  timeZone: 'Asia/Shanghai',
  country: 'CN',
  lineName: 'Line 12 river tunnel',
  currentChainage: null,
  currentRing: null,
  advanceRate: 0,
  ringBuildRate: 0,
  waitingRate: 0,
  status: 'offline',
  statusSince: null,
  totalDurationMs: 0,
};
const milanRun = MILAN_RUN;

function renderList(rows: RunListItem[]) {
  api.responses.set('project.runQueryAll', rows);
  api.responses.set('project.runQueryTbm', rows.map((r) => r.tbmCode));
  api.responses.set('project.runQueryCountry', rows.map((r) => r.country));
  api.responses.set('project.runQuery', milanRun);
  const routes: AppRoute[] = [
    { path: '/fw0/stsRun/list', element: <ProjectListPage />, handle: { name: 'sts2', resource: 'menu.projectList', title: 'shell.menu.projectList' } },
    { path: '/fw1/home', element: <p>project home</p>, handle: { name: 'home', resource: 'menu.project.home' } },
  ];
  return renderRoutes(routes, '/fw0/stsRun/list');
}

const rowOf = async (text: string) => {
  const cell = await screen.findByText(text);
  const row = cell.closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return within(row);
};

// Antd's table takes seconds to draw in jsdom on a busy machine, as on the other page tests.
describe('project list page', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  afterEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    useFramework.getState().setRun(null);
  });

  it('shows each visible project with translated country and type, chainage as k+mmm.mmm and rates in percent', async () => {
    renderList([milan, wuhan]);
    const row = await rowOf(milan.projectName);
    expect(row.getByText('S-1125')).toBeTruthy();
    expect(row.getByText('Italy')).toBeTruthy();
    expect(row.getByText('EPB')).toBeTruthy();
    expect(row.getByText('4+289.034')).toBeTruthy();
    expect(row.getByText('458')).toBeTruthy();
    expect(row.getByText('45.12%')).toBeTruthy();
    expect(row.getByText('30.21%')).toBeTruthy();
    expect(row.getByText('24.67%')).toBeTruthy();
    expect(row.getByText('2.56%')).toBeTruthy();
    expect(row.getByText('2,700.00')).toBeTruthy();
    expect(row.getByText('Advance')).toBeTruthy();
    expect(row.getByText('2 d 3 h')).toBeTruthy();
    expect(row.getByText('M4 westbound')).toBeTruthy();

    const idle = await rowOf(wuhan.projectName);
    expect(idle.getByText('China')).toBeTruthy();
    expect(idle.getByText('Slurry')).toBeTruthy();
    expect(idle.getByText('Offline')).toBeTruthy();
    expect(idle.getAllByText('—')).toHaveLength(2);
    expect(idle.getAllByText('0.00%')).toHaveLength(3);
    expect(screen.queryByText('You do not have permission to view any items, please contact the administrator to add.')).toBeNull();
  });

  it('tells a user who sees no project to ask the administrator', async () => {
    renderList([]);
    await screen.findByText('You do not have permission to view any items, please contact the administrator to add.');
    expect(screen.queryByTestId('project-table')).toBeNull();
  });

  it('narrows the list by project name on the server', async () => {
    renderList([milan, wuhan]);
    await screen.findByText(milan.projectName);
    await userEvent.type(screen.getByPlaceholderText('Search project name'), 'Metro{Enter}');
    await waitFor(() => expect(api.calls).toContainEqual({ id: 'project.runQueryAll', input: { projectName: 'Metro' } }));
  });

  it('enters a project: reads the run, makes it the current run and opens the project home', async () => {
    const router = renderList([milan, wuhan]);
    const row = await rowOf(milan.projectName);
    await userEvent.click(row.getByRole('button', { name: /Enter system/ }));
    await screen.findByText('project home');
    expect(router.state.location.pathname).toBe('/fw1/home');
    expect(api.calls).toContainEqual({ id: 'project.runQuery', input: { runId: 1 } });
    expect(useFramework.getState().run).toEqual(milanRun);
    // Kept for the tab, so a reload stays in the project.
    expect(JSON.parse(sessionStorage.getItem('boreline.run') ?? 'null')).toEqual(milanRun);
  });
});
