import type { riskContract } from '@boreline/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { RiskPage } from './RiskPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const zone = (over: Partial<riskContract.RiskPoint>): riskContract.RiskPoint => ({
  id: 1,
  runId: MILAN_RUN.runId,
  code: 'R-02',
  position: 4400,
  name: 'Underpass of a residential building',
  startChainage: 4390.5,
  endChainage: 4417.5,
  startRing: 526,
  endRing: 544,
  remark: 'Residents notified',
  settlementLevel: 'high',
  vibrationLevel: 'veryHigh',
  description: 'Five-storey masonry building',
  pictureCount: 2,
  state: 'approaching',
  ringsToGo: 4,
  updatedAt: 0,
  ...over,
});
const BUILDING = zone({});
const RIVER = zone({ id: 2, code: 'R-03', name: 'River crossing', startRing: 567, endRing: 607, state: 'ahead', ringsToGo: 45, settlementLevel: 'medium', vibrationLevel: 'low', pictureCount: 0 });
const WRITER = ['alarm.risk.read', 'alarm.risk.write'];

function renderPage(resources = WRITER) {
  useFramework.setState({ run: MILAN_RUN, user: null, resources });
  api.responses.set('risk.query', { total: 2, page: 1, pageSize: 20, records: [BUILDING, RIVER] });
  api.responses.set('risk.current', { warnRings: 10, position: { ring: 522, chainage: 4384.5, direction: 1 }, zones: [BUILDING, RIVER], nearest: BUILDING });
  api.responses.set('risk.settings', { runId: MILAN_RUN.runId, warnRings: 10 });
  api.responses.set('risk.pictures', [
    { id: 'a'.repeat(22), name: 'R-02-1.jpg', size: 1000, contentType: 'image/jpeg', sha256: '', url: '/pic/a', thumbUrl: '/thumb/a' },
    { id: 'b'.repeat(22), name: 'R-02-2.png', size: 1000, contentType: 'image/png', sha256: '', url: '/pic/b', thumbUrl: '/thumb/b' },
  ]);
  renderRoutes([{ path: '/fw1/alarm/risk', element: <RiskPage />, handle: { name: 'alarmRisk', resource: 'alarm.risk.read' } }], '/fw1/alarm/risk');
}

const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const callsOf = (id: string) => api.calls.filter((c) => c.id === id);
const saveIn = (dialog: HTMLElement) => within(dialog.closest('.ant-modal') as HTMLElement).getByRole('button', { name: /Save|OK/, hidden: true });

describe('risk points page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
  });
  afterEach(() => {
    cleanup();
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('lists the zones with their state and rings, the nearest zone, and shows a zone with its pictures', async () => {
    renderPage();
    const table = await screen.findByTestId('risk-table');
    await waitFor(() => expect(within(table).getByText('Underpass of a residential building')).toBeTruthy());
    const row = within(within(table).getByText('Underpass of a residential building').closest('tr') ?? table);
    expect(row.getByText('Approaching')).toBeTruthy();
    expect(row.getByText('4+390.500 – 4+417.500')).toBeTruthy();
    expect(row.getByText('526 – 544')).toBeTruthy();
    expect(row.getByText('Very high')).toBeTruthy();
    expect(within(within(table).getByText('River crossing').closest('tr') ?? table).getByText('Ahead')).toBeTruthy();
    expect((await screen.findByTestId('nearest-risk-zone')).textContent).toContain('R-02 Underpass of a residential building in 4 rings');
    expect(screen.getByText('Machine at 4+384.5, ring 522')).toBeTruthy();
    expect(callsOf('risk.query')[0]?.input).toMatchObject({ runId: MILAN_RUN.runId, page: 1, pageSize: 20 });

    await user.click(row.getByTestId('risk-detail'));
    const detail = await screen.findByTestId('risk-gallery');
    expect(detail.querySelectorAll('.ant-image')).toHaveLength(2);
    expect(callsOf('risk.pictures')[0]?.input).toEqual({ id: BUILDING.id });
    expect(screen.getByText('Five-storey masonry building')).toBeTruthy();
  });

  it('checks the rules of spec §5 in the form before sending: required fields, chainage format, start not after end', async () => {
    renderPage();
    await user.click(await screen.findByTestId('risk-add'));
    const dialog = await screen.findByTestId('risk-dialog');
    await user.click(saveIn(dialog));
    expect((await within(dialog).findAllByText('This field is required')).length).toBeGreaterThanOrEqual(5);
    await user.type(within(dialog).getByLabelText('Code'), 'R-09');
    await user.type(within(dialog).getByLabelText('Name'), 'Utility tunnel');
    await user.type(within(dialog).getByLabelText('Position (m)'), '44x');
    await user.type(within(dialog).getByLabelText('Alarm start chainage'), '4+50');
    await user.type(within(dialog).getByLabelText('Alarm end chainage'), '4+400');
    await user.click(saveIn(dialog));
    expect(await within(dialog).findByText('Please enter a number')).toBeTruthy();
    expect(await within(dialog).findByText('Enter the chainage in metres (1234.5) or as 1+234.5')).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Position (m)'));
    await user.type(within(dialog).getByLabelText('Position (m)'), '4450');
    await user.clear(within(dialog).getByLabelText('Alarm start chainage'));
    await user.type(within(dialog).getByLabelText('Alarm start chainage'), '4+500');
    await user.click(saveIn(dialog));
    expect(await within(dialog).findByText('The alarm start must not be greater than the alarm end')).toBeTruthy();
    expect(callsOf('risk.add')).toEqual([]);
  });

  it('adds a zone: chainage written 4+380 is sent as metres, with the run and no pictures', async () => {
    api.responses.set('risk.add', { id: 9 });
    renderPage();
    await user.click(await screen.findByTestId('risk-add'));
    const dialog = await screen.findByTestId('risk-dialog');
    await user.type(within(dialog).getByLabelText('Code'), 'R-09');
    await user.type(within(dialog).getByLabelText('Name'), 'Utility tunnel');
    await user.type(within(dialog).getByLabelText('Position (m)'), '4385');
    await user.type(within(dialog).getByLabelText('Alarm start chainage'), '4+380');
    await user.type(within(dialog).getByLabelText('Alarm end chainage'), '4390.25');
    await user.click(saveIn(dialog));
    await waitFor(() => expect(callsOf('risk.add')).toHaveLength(1));
    expect(callsOf('risk.add')[0]?.input).toMatchObject({ runId: MILAN_RUN.runId, code: 'R-09', name: 'Utility tunnel', position: 4385, startChainage: 4380, endChainage: 4390.25, pictureIds: [] });
  });

  it('shows a reader no add, edit, delete or settings', async () => {
    renderPage(['alarm.risk.read']);
    const table = await screen.findByTestId('risk-table');
    await waitFor(() => expect(within(table).getByText('River crossing')).toBeTruthy());
    expect(screen.queryByTestId('risk-add')).toBeNull();
    expect(screen.queryByTestId('risk-settings')).toBeNull();
    expect(within(table).queryAllByTestId('risk-edit')).toEqual([]);
    expect(within(table).getAllByTestId('risk-detail')).toHaveLength(2);
  });

  it('lets a writer set the warning distance of the run', async () => {
    api.responses.set('risk.settingsSave', { runId: MILAN_RUN.runId, warnRings: 15 });
    renderPage();
    const input = (await screen.findByTestId('risk-warn-rings')).querySelector('input') ?? (await screen.findByTestId('risk-warn-rings'));
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('10'));
    await user.clear(input);
    await user.type(input, '15');
    await user.click(screen.getByTestId('risk-warn-save'));
    await waitFor(() => expect(callsOf('risk.settingsSave')[0]?.input).toEqual({ runId: MILAN_RUN.runId, warnRings: 15 }));
  });
});
