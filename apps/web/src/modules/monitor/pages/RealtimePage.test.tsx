import { type DeviceState, type RealData, realtimePageTags } from '@boreline/contracts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { AppRoute } from '../../../core/routing.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { alarm, current } from '../../alarm/alarm.fixture.js';
import { RealtimePage } from './RealtimePage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));

// The page talks to the server only through `call`; each endpoint answers what the test put in place.
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));

const milanRun = MILAN_RUN;

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 100">
  <text data-state="">--</text><text data-ring="">--</text>
  <text class="rt-value" data-tag="cutterhead.speed" fill="#1d5fa8">--</text>
  <text class="rt-value" data-tag="guidance.pitch" fill="#1d5fa8">--</text>
</svg>`;

function device(now: number, overrides: Partial<DeviceState> = {}): DeviceState {
  return {
    runId: 1,
    state: 'advance',
    stateSince: now - 25 * 60_000,
    ringNo: 468,
    chainage: 4836.333,
    connected: true,
    connectedSince: now - 3_600_000,
    lastFrameAt: now - 1_000,
    stale: false,
    ...overrides,
  };
}

function realData(now: number, overrides: Partial<RealData> = {}): RealData {
  return {
    runId: 1,
    ts: now - 1_000,
    receivedAt: now - 1_000,
    stale: false,
    values: { 'cutterhead.speed': 1.8, 'guidance.pitch': 0.4, 'cutterhead.torque': 3200, 'foam.totalFlow': 820 },
    ...overrides,
  };
}

function renderAt(path: string) {
  const routes: AppRoute[] = [
    { path: '/fw1/rta', element: <RealtimePage />, handle: { name: 'realTime', resource: 'menu.monitoring.realTime' } },
    { path: '/fw1/rta/:page', element: <RealtimePage />, handle: { name: 'realTimePage', resource: 'menu.monitoring.realTime' } },
    { path: '/fw0/stsRun/list', element: <p>project list</p>, handle: { name: 'sts2', resource: 'menu.projectList' } },
  ];
  return renderRoutes(routes, path);
}

/** jsdom under a loaded machine: the page needs a few reads before it settles. */
const SETTLE = { timeout: 5_000 };
const tabLabels = () => screen.getAllByRole('tab').map((tab) => tab.textContent);
const liveReads = () => api.calls.filter((c) => c.id === 'monitor.cachedRealData');

describe('real-time page', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    useFramework.setState({ run: milanRun, user: null, resources: ['menu.monitoring.realTime'] });
    const now = Date.now();
    api.responses.set('monitor.machineDiagram', SVG);
    api.responses.set('monitor.deviceStateQuery', device(now));
    api.responses.set('monitor.cachedRealData', realData(now));
  });
  afterEach(() => {
    cleanup();
    api.calls.length = 0;
    api.responses.clear();
    useFramework.setState({ run: null, resources: [] });
  });

  it('gives an EPB run the overview and its subsystem tabs (foam, no slurry), with live values and no warning', async () => {
    renderAt('/fw1/rta');
    await waitFor(() => expect(screen.getByTestId('machine-diagram').querySelector('[data-tag="cutterhead.speed"]')?.textContent).toBe('1.80'), SETTLE);
    const labels = tabLabels();
    expect(labels[0]).toBe('Overview');
    expect(labels).toContain('Foam');
    expect(labels).toContain('Belt conveyor');
    expect(labels).not.toContain('Slurry');
    expect(labels).not.toContain('Slurry circuit');
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Overview');

    const header = screen.getByTestId('rta-header');
    expect(within(header).getByText(/Metro M4 Lot 3 – San Babila · S-1125/)).toBeTruthy();
    expect(within(header).getByTestId('run-status').textContent).toBe('Advance');
    expect(within(header).getByTestId('rta-state-duration').textContent).toContain('25 min');
    expect(within(header).getByTestId('rta-ring').textContent).toBe('468');
    expect(within(header).getByTestId('rta-chainage').textContent).toBe('4+836.333');
    expect(within(header).getByText('Connected')).toBeTruthy();
    expect(within(header).getByTestId('rta-live').getAttribute('data-live')).toBe('true');
    expect(screen.queryByTestId('stale-alert')).toBeNull();
    // The key figures beside the diagram read the same values.
    const torque = screen.getAllByTestId('key-figure').find((card) => card.getAttribute('data-code') === 'cutterhead.torque');
    expect(torque && within(torque).getByTestId('key-figure-value').textContent).toBe('3,200');
    // The overview asks only for what it shows: the diagram's tags and the key figures.
    const asked = liveReads().at(-1)?.input;
    expect(asked).toMatchObject({ runId: 1 });
    const tags = typeof asked === 'object' && asked !== null && 'tags' in asked && Array.isArray(asked.tags) ? asked.tags : [];
    expect([...tags].sort()).toEqual(
      ['cutterhead.speed', 'guidance.pitch', 'cutterhead.torque', 'thrust.advanceSpeed', 'thrust.totalThrust', 'earthPressure.chamberTop'].sort(),
    );
  });

  it('says plainly that the data is old, and greys the values, when nothing came for minutes', async () => {
    const now = Date.now();
    api.responses.set('monitor.cachedRealData', realData(now, { ts: now - 5 * 60_000, receivedAt: now - 5 * 60_000, stale: true }));
    api.responses.set('monitor.deviceStateQuery', device(now, { lastFrameAt: now - 5 * 60_000, stale: true }));
    renderAt('/fw1/rta');
    const alert = await screen.findByTestId('stale-alert', {}, SETTLE);
    await waitFor(() => expect(alert.textContent).toContain('No data for 5 min — the values shown are not live'), SETTLE);
    expect(within(screen.getByTestId('rta-header')).getByTestId('rta-live').textContent).toBe('Not live');
    const speed = screen.getByTestId('machine-diagram').querySelector('[data-tag="cutterhead.speed"]');
    await waitFor(() => expect(speed?.getAttribute('data-stale')).toBe('true'), SETTLE);
  });

  it('opens a subsystem tab from its path and asks for that page’s tags only', async () => {
    renderAt('/fw1/rta/foam');
    const table = await screen.findByTestId('tag-table', {}, SETTLE);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Foam');
    await waitFor(() => {
      const row = within(table).getAllByTestId('tag-row').find((r) => r.getAttribute('data-code') === 'foam.totalFlow');
      expect(row && within(row).getByTestId('tag-value').textContent).toBe('820');
    }, SETTLE);
    expect(screen.getByTestId('trend-empty').textContent).toContain('Tick up to 6 values');
    const asked = liveReads().at(-1)?.input;
    const tags = typeof asked === 'object' && asked !== null && 'tags' in asked && Array.isArray(asked.tags) ? asked.tags : [];
    expect([...tags].sort()).toEqual(realtimePageTags('epb', 'foam').map((t) => t.code).sort());
  });

  it('shows the run’s own tags on their subsystem’s page, named as the run named them, with their live values', async () => {
    const now = Date.now();
    api.responses.set('ownTags.defs', [
      { code: 'own.foamDensity', subsystem: 'foam', kind: 'analog', unit: 'kg/m³', plcVar: 'own.foamDensity', address: '', min: 0, max: 100, precision: 1, name: { subject: 'ownTags.tab', quantity: 'ownTags.tab' }, label: 'Foam density' },
      { code: 'own.gasLevel', subsystem: 'auxiliary', kind: 'analog', unit: 'ppm', plcVar: 'own.gasLevel', address: '', min: 0, max: 50, precision: 0, name: { subject: 'ownTags.tab', quantity: 'ownTags.tab' }, label: 'Gas level' },
    ]);
    api.responses.set('monitor.cachedRealData', realData(now, { values: { 'foam.totalFlow': 820, 'own.foamDensity': 42.46 } }));
    renderAt('/fw1/rta/foam');
    const table = await screen.findByTestId('tag-table', {}, SETTLE);
    await waitFor(() => {
      const row = within(table).getAllByTestId('tag-row').find((r) => r.getAttribute('data-code') === 'own.foamDensity');
      expect(row?.textContent).toContain('Foam density');
      expect(row && within(row).getByTestId('tag-value').textContent).toBe('42.5');
    }, SETTLE);
    expect(within(table).getByText('Own tags')).toBeTruthy();
    // The auxiliary page's own tag is not on the foam page, and the live read asks for the foam one.
    expect(within(table).getAllByTestId('tag-row').some((r) => r.getAttribute('data-code') === 'own.gasLevel')).toBe(false);
    await waitFor(() => {
      const asked = liveReads().at(-1)?.input;
      const tags = typeof asked === 'object' && asked !== null && 'tags' in asked && Array.isArray(asked.tags) ? asked.tags : [];
      expect(tags).toContain('own.foamDensity');
    }, SETTLE);
  });

  it('answers the lubrication page at the spec’s path /fw1/rta/lubbers, without sending it elsewhere', async () => {
    const router = renderAt('/fw1/rta/lubbers');
    await screen.findByTestId('tag-table', {}, SETTLE);
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Lubrication');
    expect(router.state.location.pathname).toBe('/fw1/rta/lubbers');
  });

  it('sends a page this machine lacks back to the overview', async () => {
    const router = renderAt('/fw1/rta/slurryCircuit');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fw1/rta'), SETTLE);
    await screen.findByTestId('overview-tab', {}, SETTLE);
  });

  it('marks the points in alarm in their level’s colour and counts the current alarms in the header, linking to them', async () => {
    useFramework.setState({ resources: ['menu.monitoring.realTime', 'alarm.record.read'] });
    api.responses.set(
      'alarm.currentQuery',
      current([
        alarm(1, { point: 'foam.totalFlow', name: 'Foam total flow', level: 'alarm' }),
        alarm(2, { point: 'foam.line1Pressure', name: 'Foam line 1 pressure', level: 'warning' }),
        alarm(3, { point: 'foam.line2Pressure', name: 'Foam line 2 pressure', level: 'alarm', state: 'clearedUnacked', endTs: Date.now() }),
      ]),
    );
    renderAt('/fw1/rta/foam');
    const link = await screen.findByTestId('alarm-count-link', {}, SETTLE);
    expect(link.getAttribute('href')).toBe('/fw1/alarm/present_alarm');
    expect(within(screen.getByTestId('rta-header')).getByTestId('alarm-count').textContent).toContain('Current alarms: 3');
    expect(api.calls.find((c) => c.id === 'alarm.currentQuery')?.input).toEqual({ runId: 1 });
    const table = await screen.findByTestId('tag-table', {}, SETTLE);
    const rowOf = (code: string) => within(table).getAllByTestId('tag-row').find((r) => r.getAttribute('data-code') === code);
    await waitFor(() => expect(rowOf('foam.totalFlow')?.getAttribute('data-alarm-level')).toBe('alarm'), SETTLE);
    expect(rowOf('foam.line1Pressure')?.getAttribute('data-alarm-level')).toBe('warning');
    expect(within(rowOf('foam.totalFlow') as HTMLElement).getByTestId('tag-alarm-icon').getAttribute('aria-label')).toBe('In alarm');
    expect(within(rowOf('foam.line1Pressure') as HTMLElement).getByTestId('tag-alarm-icon').getAttribute('aria-label')).toBe('Warning');
    // A cleared alarm marks its point no more.
    expect(rowOf('foam.line2Pressure')?.hasAttribute('data-alarm-level')).toBe(false);
  });

  it('reads no alarms for a user who may not see them', async () => {
    renderAt('/fw1/rta/foam');
    await screen.findByTestId('tag-table', {}, SETTLE);
    expect(screen.queryByTestId('rta-alarms')).toBeNull();
    expect(screen.queryByTestId('tag-alarm-icon')).toBeNull();
    expect(api.calls.filter((c) => c.id === 'alarm.currentQuery')).toEqual([]);
  });
});
