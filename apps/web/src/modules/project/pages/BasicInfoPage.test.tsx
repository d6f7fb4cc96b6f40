import type { basicInfoContract, shiftContract } from '@boreline/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { AppRoute } from '../../../core/routing.js';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { BasicInfoPage } from './BasicInfoPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page talks to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const milanRun = MILAN_RUN;

const shift = (shiftId: number | null, name: string, start: string, end: string): shiftContract.Shift => ({
  shiftId,
  name,
  start,
  end,
  handoverTime: start,
  responsiblePerson: null,
  contact: null,
  crossesMidnight: end < start,
  durationMinutes: 480,
});
const defaults: shiftContract.ShiftSet = {
  runId: 1,
  timeZone: 'Europe/Rome',
  isDefault: true,
  shifts: [{ ...shift(null, 'Day shift', '07:00', '19:00'), durationMinutes: 720 }, { ...shift(null, 'Night shift', '19:00', '07:00'), durationMinutes: 720 }],
};
const saved: shiftContract.ShiftSet = {
  runId: 1,
  timeZone: 'Europe/Rome',
  isDefault: false,
  shifts: [shift(1, 'Early', '06:00', '14:00'), shift(2, 'Late', '14:00', '22:00')],
};

const milanInfo: basicInfoContract.ProjectInfo = {
  runId: 1,
  projectName: milanRun.projectName,
  projectCode: 'M4-L3',
  plannedStart: '2026-03-02',
  plannedCompletion: null,
  plannedRingsPerDay: 12,
  plannedLengthPerDay: null,
  tunnelLength: 2700,
  segmentSpec: null,
  ringWidthMm: 1500,
  startChainage: 4219.833,
  endChainage: 6919.833,
  lineName: 'M4 westbound',
  projectManager: null,
  siteManager: null,
  contacts: null,
  totalRings: 1800,
  country: 'IT',
  timeZone: 'Europe/Rome',
  updatedAt: null,
  updatedBy: null,
};

function renderPage(tab: string) {
  const routes: AppRoute[] = [
    { path: '/fw1/basic_info/:tab?', element: <BasicInfoPage />, handle: { name: 'basicInfo', resource: 'menu.project.basicInfo' } },
    { path: '/fw0/stsRun/list', element: <p>project list</p>, handle: { name: 'sts2', resource: 'menu.projectList' } },
  ];
  return renderRoutes(routes, `/fw1/basic_info/${tab}`);
}

function renderShifts(set: shiftContract.ShiftSet) {
  api.responses.set('project.shiftQuery', set);
  renderPage('shift_info');
}

const rows = () => screen.getAllByTestId('shift-row').map((row) => within(row));
const saves = () => api.calls.filter((c) => c.id === 'project.shiftSave');

/** Types a time into a picker as a user does: select what is there, type, leave the field. */
async function typeTime(input: HTMLElement, time: string) {
  await userEvent.click(input);
  await userEvent.clear(input);
  await userEvent.type(input, time);
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
  fireEvent.blur(input);
}

async function openEditor() {
  await userEvent.click(await screen.findByRole('button', { name: /Edit shifts/ }));
  return screen.findByTestId('shift-form');
}

// antd's pickers and modals are slow to drive in jsdom.
describe('basic info: shifts', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: milanRun, user: null, resources: ['menu.project.basicInfo', 'project.shift.read', 'project.shift.write'] });
  });
  afterEach(() => {
    // Unmount first: a page still on screen would react to the cleared run by navigating away.
    cleanup();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('shows the defaults as not yet saved, in the project time zone, with the night shift crossing midnight', async () => {
    renderShifts(defaults);
    const table = await screen.findByTestId('shift-table');
    await within(table).findByText('Day shift');
    expect(screen.getByTestId('shift-defaults').textContent).toContain('These are the default shifts');
    expect(screen.getByTestId('shift-zone').textContent).toMatch(/Europe\/Rome \(currently UTC\+0[12]:00\)/);
    const night = within(within(table).getByText('Night shift').closest('tr') ?? table);
    expect(night.getByText('19:00–07:00')).toBeTruthy();
    expect(night.getByText('Crosses midnight')).toBeTruthy();
    expect(night.getByText('12 h 0 min')).toBeTruthy();
    const day = within(within(table).getByText('Day shift').closest('tr') ?? table);
    expect(day.queryByText('Crosses midnight')).toBeNull();
  });

  it('saves a list with a shift across midnight: the new row starts where the last ends', async () => {
    renderShifts(saved);
    api.responses.set('project.shiftSave', { ...saved, shifts: [...saved.shifts, shift(3, 'Night', '22:00', '06:00')] });
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: /Add shift/ }));
    const night = rows()[2];
    if (!night) throw new Error('no new row');
    await userEvent.type(night.getByLabelText('Name'), 'Night');
    expect(night.getByLabelText<HTMLInputElement>('Start').value).toBe('22:00');
    await typeTime(night.getByLabelText('End'), '06:00');
    await waitFor(() => expect(night.getByTestId('row-duration').textContent).toContain('8 h 0 min'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]?.input).toEqual({
      runId: 1,
      shifts: [
        { shiftId: 1, name: 'Early', start: '06:00', end: '14:00', handoverTime: '06:00', responsiblePerson: null, contact: null },
        { shiftId: 2, name: 'Late', start: '14:00', end: '22:00', handoverTime: '14:00', responsiblePerson: null, contact: null },
        { shiftId: null, name: 'Night', start: '22:00', end: '06:00', handoverTime: '22:00', responsiblePerson: null, contact: null },
      ],
    });
    await waitFor(() => expect(screen.queryByTestId('shift-form')).toBeNull());
    expect(useNotifications.getState().message?.text).toBe('Saved successfully');
    // The view shows what the server answered.
    expect(await within(screen.getByTestId('shift-table')).findByText('22:00–06:00')).toBeTruthy();
  });

  it('refuses overlapping shifts with the server message on the form, without calling it', async () => {
    renderShifts(saved);
    await openEditor();
    const early = rows()[0];
    if (!early) throw new Error('no row');
    await typeTime(early.getByLabelText('End'), '15:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problem = await screen.findByTestId('shift-problems');
    expect(problem.textContent).toBe('The shifts Early (06:00–15:00) and Late (14:00–22:00) overlap');
    expect(saves()).toHaveLength(0);
  });

  it('puts what the server refuses on the form, and checks each row with the contract', async () => {
    renderShifts(saved);
    api.responses.set('project.shiftSave', () => {
      throw new ApiError(3, 'A shift was changed or deleted in the meantime; please reload the page and try again');
    });
    await openEditor();
    const late = rows()[1];
    if (!late) throw new Error('no row');
    // Same start and end: the contract's own message, on the field.
    await typeTime(late.getByLabelText('End'), '14:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Must differ from the start (a shift may end after midnight, e.g. 19:00–07:00)')).toBeTruthy();
    expect(saves()).toHaveLength(0);

    await typeTime(late.getByLabelText('End'), '22:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const problem = await screen.findByTestId('shift-problems');
    expect(problem.textContent).toBe('A shift was changed or deleted in the meantime; please reload the page and try again');
    expect(screen.getByTestId('shift-form')).toBeTruthy();
  });

  it('asks before removing a saved shift, not a new row', async () => {
    renderShifts(saved);
    await openEditor();
    await userEvent.click(screen.getByRole('button', { name: /Add shift/ }));
    expect(rows()).toHaveLength(3);
    await userEvent.click(rows()[2]?.getByRole('button', { name: 'Remove' }) ?? document.body);
    expect(rows()).toHaveLength(2);

    await userEvent.click(rows()[1]?.getByRole('button', { name: 'Remove' }) ?? document.body);
    const confirm = await screen.findByText('Remove the shift Late? It is deleted when the list is saved.');
    expect(rows()).toHaveLength(2);
    const popup = confirm.closest('.ant-popover') ?? document.body;
    await userEvent.click(within(popup instanceof HTMLElement ? popup : document.body).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });
});

describe('basic info: project information', { timeout: 20_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: milanRun, user: null, resources: ['menu.project.basicInfo', 'project.basicInfo.read', 'project.basicInfo.write'] });
    api.responses.set('project.basicInfoProject', milanInfo);
    api.responses.set('project.dicQueryList', [{ type: 'country', items: [{ code: 'IT', name: 'Italy' }] }]);
  });
  afterEach(() => {
    // Unmount first: a page still on screen would react to the cleared run by navigating away.
    cleanup();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('shows dates as DD/MM/YYYY and chainage as k+mmm.mmm, and sends them as the contract takes them', async () => {
    renderPage('project_info');
    expect((await screen.findByTestId('value-startChainage')).textContent).toBe('4+219.833');
    expect(screen.getByTestId('value-plannedStart').textContent).toBe('02/03/2026');
    expect(screen.getByTestId('value-country').textContent).toBe('Italy');
    expect(screen.getByTestId('value-projectManager').textContent).toBe('—');
    api.responses.set('project.basicInfoProjectEdit', { ...milanInfo, projectManager: 'Giulia Bianchi', updatedAt: Date.UTC(2026, 2, 3, 9, 30), updatedBy: 'Admin' });
    api.responses.set('project.runQuery', milanRun);

    await userEvent.click(screen.getByRole('button', { name: /Edit/ }));
    const form = within(await screen.findByTestId('project-info-form'));
    expect(form.getByLabelText<HTMLInputElement>('Planned start').value).toBe('02/03/2026');
    await userEvent.type(form.getByLabelText('Project manager'), 'Giulia Bianchi');
    await userEvent.clear(form.getByLabelText('End chainage'));
    await userEvent.type(form.getByLabelText('End chainage'), '4219.833');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Please write the chainage like 12+345.678')).toBeTruthy();

    await userEvent.clear(form.getByLabelText('End chainage'));
    await userEvent.type(form.getByLabelText('End chainage'), '6+919.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByTestId('project-info-form')).toBeNull());
    expect(api.calls.find((c) => c.id === 'project.basicInfoProjectEdit')?.input).toMatchObject({
      runId: 1,
      plannedStart: '2026-03-02',
      plannedCompletion: null,
      startChainage: 4219.833,
      endChainage: 6919.5,
      projectManager: 'Giulia Bianchi',
      plannedRingsPerDay: 12,
      country: 'IT',
      timeZone: 'Europe/Rome',
    });
    expect((await screen.findByTestId('value-projectManager')).textContent).toBe('Giulia Bianchi');
    expect(screen.getByTestId('project-info-saved').textContent).toBe('Last saved on 03/03/2026 10:30 (site time) by Admin');
  });

  it('puts the problems the server finds on their fields', async () => {
    renderPage('project_info');
    api.responses.set('project.basicInfoProjectEdit', () => {
      throw new ApiError(3, 'Project number: This field is required', { fields: [{ field: 'projectCode', message: 'Project number: This field is required' }] });
    });
    await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
    const form = within(await screen.findByTestId('project-info-form'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await form.findByText('Project number: This field is required')).toBeTruthy();
    expect(screen.getByTestId('project-info-form')).toBeTruthy();
  });
});

describe('basic info without a current run', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('asks to choose a project and opens the project list', async () => {
    useFramework.setState({ run: null, user: null, resources: ['menu.project.basicInfo', 'menu.projectList'] });
    const router = renderPage('project_info');
    await screen.findByText('project list');
    expect(router.state.location.pathname).toBe('/fw0/stsRun/list');
    expect(useNotifications.getState().message?.text).toBe('Please choose a project first');
    expect(api.calls).toEqual([]);
  });
});
