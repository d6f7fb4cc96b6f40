import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { OVERLAY, SETTING } from '../graphMap.fixture.js';
import { BAND_COLOURS, RISK_COLOURS } from '../overlayGeometry.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { LongSection } from './LongSection.js';
import { LongSectionCard } from './LongSectionCard.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
const live = vi.hoisted(() => ({ values: {} as Record<string, number | null>, runIds: [] as (number | null)[] }));
vi.mock('../../monitor/hooks/useLiveValues.js', () => ({
  useLiveValues: (runId: number | null) => {
    live.runIds.push(runId);
    return { values: runId === null ? {} : live.values, ts: null, receivedAt: null, trigger: false, loading: false };
  },
}));

const SETTLE = { timeout: 5_000 };

function renderSection(resources: string[] = ['graph.drawing.read'], compact = false) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <LongSection runId={1} compact={compact} />
    </QueryClientProvider>,
  );
}

const machineX = () => Number(screen.getByTestId('ls-machine').getAttribute('data-x'));
const tickX = (label: string) => {
  const tick = screen.getAllByTestId('ls-tick').find((t) => t.textContent === label);
  if (!tick) throw new Error(`no tick ${label}`);
  return Number(tick.getAttribute('data-x'));
};

describe('long section', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('graph.getSetting', SETTING);
    api.responses.set('graph.overlay', OVERLAY);
    live.values = {};
    live.runIds.length = 0;
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('puts the machine at the x of its chainage on the chainage axis, and moves it with the live chainage', async () => {
    renderSection();
    await waitFor(() => expect(screen.getByTestId('ls-machine')).toBeTruthy(), SETTLE);
    // Without live data the overlay's position: 0+400, where the 0+400 tick is.
    expect(machineX()).toBeCloseTo(tickX('0+400'), 1);
    expect(screen.getByTestId('ls-machine').textContent).toContain('Machine at chainage 0+400.000');
    expect(tickX('0+400')).toBeGreaterThan(tickX('0+200'));
    // A user without live data rights never asks for it.
    expect(live.runIds.every((r) => r === null)).toBe(true);
    cleanup();

    live.values = { 'guidance.chainage': 600 };
    renderSection(['graph.drawing.read', 'monitor.realData.read']);
    await waitFor(() => expect(screen.getByTestId('ls-machine')).toBeTruthy(), SETTLE);
    expect(machineX()).toBeCloseTo(tickX('0+600'), 1);
    expect(live.runIds).toContain(1);
  });

  it('colours the built rings by their deviation band and says the deviations in their tooltip', async () => {
    renderSection();
    await waitFor(() => expect(screen.getAllByTestId('ls-ring')).toHaveLength(4), SETTLE);
    const ring = (no: number) => screen.getAllByTestId('ls-ring').find((r) => r.getAttribute('data-ring') === String(no));
    expect(ring(1)?.getAttribute('fill')).toBe(BAND_COLOURS.ok);
    expect(ring(2)?.getAttribute('fill')).toBe(BAND_COLOURS.warning);
    expect(ring(3)?.getAttribute('fill')).toBe(BAND_COLOURS.alarm);
    expect(ring(4)?.getAttribute('fill')).toBe(BAND_COLOURS.none);
    expect(ring(3)?.textContent).toBe('Ring 3 · Alarm · horizontal 4 mm, vertical -118 mm');
    expect(ring(4)?.textContent).toContain('No survey');
    // The next three rings after the machine's ring 4, dashed.
    expect(screen.getAllByTestId('ls-planned').map((r) => r.getAttribute('data-ring'))).toEqual(['5', '6', '7']);
    expect(screen.getAllByTestId('ls-planned')[0]?.getAttribute('stroke-dasharray')).toBeTruthy();
  });

  it('shows the ground, the axis, the geology bands with their labels and the risk zone with its name and state', async () => {
    renderSection();
    await waitFor(() => expect(screen.getAllByTestId('ls-geology')).toHaveLength(2), SETTLE);
    expect(screen.getByText('Gravel and sand')).toBeTruthy();
    expect(screen.getByText('Silty clay')).toBeTruthy();
    expect(screen.getByTestId('ls-ground')).toBeTruthy();
    expect(screen.getByTestId('ls-axis')).toBeTruthy();
    const risk = screen.getByTestId('ls-risk');
    expect(risk.getAttribute('data-state')).toBe('approaching');
    expect(risk.querySelector('rect')?.getAttribute('fill')).toBe(RISK_COLOURS.approaching);
    expect(screen.getByText('Naviglio crossing · Approaching')).toBeTruthy();
    expect(screen.getByTestId('ls-legend').textContent).toContain('Within tolerance');
    expect(screen.queryByTestId('ls-no-profile')).toBeNull();
  });

  it('without a profile says so and still draws the rings and the machine on a plain axis; compact has no legend', async () => {
    api.responses.set('graph.getSetting', { ...SETTING, profile: { ground: [], axis: [], geology: [] } });
    renderSection(['graph.drawing.read'], true);
    await waitFor(() => expect(screen.getByTestId('ls-no-profile')).toBeTruthy(), SETTLE);
    expect(screen.getByTestId('ls-no-profile').textContent).toContain('No long-section profile is set');
    expect(screen.getAllByTestId('ls-ring')).toHaveLength(4);
    expect(machineX()).toBeCloseTo(tickX('0+400'), 1);
    expect(screen.queryByTestId('ls-geology')).toBeNull();
    expect(screen.queryByTestId('ls-legend')).toBeNull();
  });

  it('draws a drive of thousands of rings as bars of one band each', async () => {
    const rings = Array.from({ length: 600 }, (_, i) => ({ ...OVERLAY.rings[0], ring: i + 1, fromDistance: i * 1.5, toDistance: (i + 1) * 1.5, startChainage: i * 1.5, endChainage: (i + 1) * 1.5, band: i < 400 ? ('ok' as const) : ('warning' as const) }));
    api.responses.set('graph.overlay', { ...OVERLAY, rings: rings.map((r) => ({ ...r, state: 'built' as const, horizontalDev: null, elevationDev: null })), position: { ...OVERLAY.position, ring: 600, chainage: 900, distance: 900 } });
    renderSection();
    await waitFor(() => expect(screen.getAllByTestId('ls-ring')).toHaveLength(2), SETTLE);
    expect(screen.getAllByTestId('ls-ring').map((r) => [r.getAttribute('data-ring'), r.textContent])).toEqual([
      ['1-400', 'Rings 1–400 · Within tolerance'],
      ['401-600', 'Rings 401–600 · Warning'],
    ]);
  });

  it('takes the width of its container', async () => {
    const measured = vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ width: 1200, height: 400, x: 0, y: 0, top: 0, left: 0, right: 1200, bottom: 400, toJSON: () => ({}) });
    renderSection();
    await waitFor(() => expect(screen.getByRole('img', { name: 'Long section along the chainage' }).getAttribute('width')).toBe('1200'), SETTLE);
    measured.mockRestore();
  });

  it('leaves out rings and risk zones the display options hide', async () => {
    api.responses.set('graph.getSetting', { ...SETTING, display: { ...SETTING.display, showRings: false, showRisks: false } });
    renderSection();
    await waitFor(() => expect(screen.getByTestId('ls-machine')).toBeTruthy(), SETTLE);
    expect(screen.queryByTestId('ls-ring')).toBeNull();
    expect(screen.queryByTestId('ls-planned')).toBeNull();
    expect(screen.queryByTestId('ls-risk')).toBeNull();
  });

  it('on the home board: a compact card linking to the section page, hidden from users who may not read the drawings', async () => {
    const board = (resources: string[]) => {
      useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
      return renderRoutes([{ path: '/fw1/home', element: <LongSectionCard runId={1} />, handle: { name: 'home', resource: 'menu.project.home' } }], '/fw1/home');
    };
    board(['menu.project.home', 'graph.drawing.read', 'menu.graph.vertical']);
    await waitFor(() => expect(screen.getByTestId('ls-machine')).toBeTruthy(), SETTLE);
    expect(screen.getByTestId('home-long-section').textContent).toContain('Long section');
    expect(screen.getByRole('link', { name: 'Open the section' }).getAttribute('href')).toBe('/fw1/graph/section');
    expect(screen.queryByTestId('ls-legend')).toBeNull();
    cleanup();
    api.calls.length = 0;

    board(['menu.project.home']);
    expect(screen.queryByTestId('home-long-section')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toEqual([]);
  });
});
