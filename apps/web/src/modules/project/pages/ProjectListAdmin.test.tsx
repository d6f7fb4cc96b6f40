import type { RunListItem, runAdminContract } from '@boreline/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import type { AppRoute } from '../../../core/routing.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { ProjectListPage } from './ProjectListPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const row = (runId: number, projectName: string, extra: Partial<RunListItem> = {}): RunListItem => ({
  runId,
  projectName,
  tbmCode: `S-${runId}`,
  machineType: 'epb',
  timeZone: 'Europe/Rome',
  orgId: 7,
  country: 'IT',
  lineName: 'M4',
  deptId: 7,
  deptIdTwo: 6,
  deptPath: '/1/6/7/',
  deptTwoPath: '/1/6/',
  progress: 0,
  plannedRings: 1800,
  ringsBuilt: 0,
  metresBuilt: 0,
  tunnelLength: 2700,
  currentChainage: null,
  currentRing: null,
  advanceRate: 0,
  ringBuildRate: 0,
  waitingRate: 0,
  status: 'offline',
  statusSince: null,
  totalDurationMs: 0,
  ...extra,
});

const driving = row(1, 'Metro M4 Lot 3 – San Babila', { status: 'advance', ringsBuilt: 21 });
const fresh = row(2, 'Linate extension');
const states: runAdminContract.RunAdminState[] = [
  { runId: 1, finishedAt: null, hasData: true, canWrite: true, canDelete: true },
  { runId: 2, finishedAt: null, hasData: false, canWrite: true, canDelete: true },
];
const freshDetail: runAdminContract.RunAdminDetail = {
  runId: 2,
  orgId: 7,
  orgName: 'Milano site office',
  projectName: 'Linate extension',
  projectCode: 'M4-L5',
  plannedStart: '2026-12-01',
  plannedCompletion: null,
  plannedRingsPerDay: 12,
  plannedLengthPerDay: null,
  tunnelLength: 2700,
  segmentSpec: null,
  startChainage: 4219.833,
  endChainage: 1519.833,
  direction: 'down',
  lineName: 'M4 eastbound',
  projectManager: null,
  siteManager: null,
  contacts: null,
  totalRings: 1800,
  startRing: 1,
  country: 'IT',
  timeZone: 'Europe/Rome',
  tbmCode: 'S-1200',
  machineType: 'epb',
  tbmName: null,
  manufacturer: null,
  cutterheadDiameter: null,
  serialNumber: null,
  purchaseDate: null,
  deliveryDate: null,
  owner: null,
  contractor: null,
  responsiblePerson: null,
  contactPhone: null,
  machineLength: null,
  maxAdvanceSpeed: null,
  maxThrust: null,
  excavationDiameter: null,
  maxWorkingPressure: null,
  designPressure: null,
  totalWeight: null,
  maxRotationSpeed: null,
  turningRadius: null,
  installedPower: null,
  ringWidthMm: 1500,
  source: 'http',
  finishedAt: null,
  hasData: false,
  createdAt: Date.UTC(2026, 10, 20),
};

function renderList(resources: string[], rows: RunListItem[] = [driving, fresh]) {
  useFramework.setState({ user: null, resources: ['menu.projectList', 'project.run.read', ...resources] });
  api.responses.set('project.runQueryAll', rows);
  api.responses.set('project.runQueryTbm', rows.map((r) => r.tbmCode));
  api.responses.set('project.runQueryCountry', ['IT']);
  api.responses.set('project.runAdminStates', states);
  api.responses.set('project.runOrgOptions', [{ orgId: 7, name: 'Milano site office', path: '/1/6/7/' }]);
  api.responses.set('project.dicQueryList', [{ type: 'country', items: [{ code: 'IT', name: 'Italy' }] }]);
  const routes: AppRoute[] = [{ path: '/fw0/stsRun/list', element: <ProjectListPage />, handle: { name: 'sts2', resource: 'menu.projectList', title: 'shell.menu.projectList' } }];
  return renderRoutes(routes, '/fw0/stsRun/list');
}

const openActions = async (name: string) => {
  await userEvent.click(await screen.findByRole('button', { name: `More actions for ${name}` }));
};

describe('project list: run administration', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  afterEach(() => {
    cleanup();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ resources: [] });
  });

  it('offers no administration to a user without the run codes', async () => {
    renderList([]);
    await screen.findByText(driving.projectName);
    expect(screen.queryByTestId('run-add')).toBeNull();
    expect(screen.queryByTestId('run-actions')).toBeNull();
    expect(api.calls.map((c) => c.id)).not.toContain('project.runAdminStates');
  });

  it('lets an administrator without any project yet create the first one', async () => {
    renderList(['project.run.write'], []);
    await screen.findByTestId('no-project');
    expect(screen.getByTestId('run-add')).toBeTruthy();
  });

  it('checks the new project form with the contract before sending, then sends it as the contract takes it', async () => {
    renderList(['project.run.write']);
    await userEvent.click(await screen.findByTestId('run-add'));
    const form = within(await screen.findByTestId('run-add-form'));
    // The four sections.
    expect(form.getAllByRole('separator').map((s) => s.textContent)).toEqual(['Project', 'Machine', 'Drive and shifts', 'Data source']);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect((await form.findAllByText('This field is required')).length).toBeGreaterThan(3);
    expect(api.calls.map((c) => c.id)).not.toContain('project.runAdd');

    await userEvent.type(form.getByLabelText('Project name'), 'Linate extension');
    await userEvent.type(form.getByLabelText('Project number'), 'M4-L5');
    await userEvent.type(form.getByLabelText('Line name'), 'M4 eastbound');
    await userEvent.type(form.getByLabelText('Total rings'), '1800');
    await userEvent.click(form.getByLabelText('Country'));
    await userEvent.click(await screen.findByTitle('Italy'));
    await userEvent.type(form.getByLabelText('TBM number'), 'S-1200');
    await userEvent.type(form.getByLabelText('Start chainage'), '4219.833');
    await userEvent.type(form.getByLabelText('End chainage'), '1+519.833');
    await userEvent.type(form.getByLabelText('Ring width (mm)'), '1500');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await form.findByText('Please write the chainage like 12+345.678')).toBeTruthy();
    await userEvent.clear(form.getByLabelText('Start chainage'));
    await userEvent.type(form.getByLabelText('Start chainage'), '4+219.833');
    // The direction follows from the chainage; the source says what comes next.
    expect(form.getByTestId('run-direction').textContent).toBe('Chainage decreases as the machine advances');
    expect(form.getByTestId('source-hint').textContent).toBe('Simulated machine data starts as soon as the project is created.');

    api.responses.set('project.runAdd', freshDetail);
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Added successfully'));
    expect(api.calls.find((c) => c.id === 'project.runAdd')?.input).toMatchObject({
      orgId: 7,
      projectName: 'Linate extension',
      projectCode: 'M4-L5',
      totalRings: 1800,
      country: 'IT',
      startChainage: 4219.833,
      endChainage: 1519.833,
      ringWidthMm: 1500,
      startRing: 1,
      machineType: 'epb',
      source: 'simulator',
    });
  });

  it('edits a project from its row, with the server problems at their fields', async () => {
    renderList(['project.run.write']);
    api.responses.set('project.runDetail', freshDetail);
    await openActions(fresh.projectName);
    await userEvent.click(await screen.findByText('Edit'));
    const form = within(await screen.findByTestId('run-edit-form'));
    expect(form.getByLabelText<HTMLInputElement>('Start chainage').value).toBe('4+219.833');
    api.responses.set('project.runEdit', () => {
      throw new ApiError(3, 'Project name: At most 100 characters', { fields: [{ field: 'projectName', message: 'Project name: At most 100 characters' }] });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Project name: At most 100 characters')).toBeTruthy();
    api.responses.set('project.runEdit', { ...freshDetail, projectName: 'Linate east' });
    await userEvent.clear(form.getByLabelText('Project name'));
    await userEvent.type(form.getByLabelText('Project name'), 'Linate east');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(useNotifications.getState().message?.text).toBe('Saved successfully'));
    // The list is read again.
    await waitFor(() => expect(api.calls.filter((c) => c.id === 'project.runQueryAll')).toHaveLength(2));
    expect(api.calls.filter((c) => c.id === 'project.runEdit').at(-1)?.input).toMatchObject({ runId: 2, projectName: 'Linate east', startChainage: 4219.833, plannedStart: '2026-12-01' });
  });

  it('finishes a project after a confirmation that says what finishing means', async () => {
    renderList(['project.run.write', 'project.run.delete']);
    api.responses.set('project.runFinish', { ...freshDetail, runId: 1, finishedAt: Date.now() });
    await openActions(driving.projectName);
    await userEvent.click(await screen.findByText('Finish'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Finish the project ${driving.projectName}?`)).toBeTruthy();
    expect(within(dialog).getByText('The drive is over: its data stays readable, and machine data will be refused until it is reopened.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Finish' }));
    await waitFor(() => expect(api.calls).toContainEqual({ id: 'project.runFinish', input: { runId: 1 } }));
  });

  it('deletes only a project without data, after the permanent-delete confirmation', async () => {
    renderList(['project.run.write', 'project.run.delete']);
    await openActions(driving.projectName);
    // The driving project holds data: its delete is unavailable, with the reason.
    const disabled = await screen.findByTestId('delete-disabled');
    expect(disabled.closest('li')?.getAttribute('aria-disabled')).toBe('true');
    await userEvent.hover(disabled);
    expect(await screen.findByText('The project holds data and cannot be deleted; finish it instead')).toBeTruthy();
    await userEvent.keyboard('{Escape}');

    api.responses.set('project.runDelete', { runId: 2 });
    await openActions(fresh.projectName);
    const items = await screen.findAllByText('Delete');
    await userEvent.click(items[items.length - 1] as HTMLElement);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(`Delete the project ${fresh.projectName}?`)).toBeTruthy();
    expect(within(dialog).getByText('The data will be deleted permanently, continue?')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls).toContainEqual({ id: 'project.runDelete', input: { runId: 2 } }));
  });
});
