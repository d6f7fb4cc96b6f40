import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { useNotifications } from '../../../core/notify.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { OVERLAY, PLAN, SETTING } from '../graph.fixture.js';
import { PlanPage } from './PlanPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => {
  const stubbed = await (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api);
  return { ...stubbed, request: vi.fn(async () => new Blob(['png'], { type: 'image/png' })) };
});

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const READER = ['menu.graph.horizontal', 'graph.drawing.read'];

function renderPage(resources = READER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources, language: 'en_US' });
  return renderRoutes(
    [
      { path: '/fw1/graph/plan', element: <PlanPage />, handle: { name: 'graphHorizontal', resource: 'menu.graph.horizontal' } },
      { path: '/fw1/report/ring', element: <p data-testid="ring-report">ring report</p>, handle: { name: 'reportRing', resource: 'menu.reports' } },
    ],
    '/fw1/graph/plan',
  );
}

/** The picture's box on screen: 1200 × 800 at the origin, so screen pixels are picture pixels. */
function pictureOnScreen() {
  const svg = screen.getByTestId('drawing-svg');
  svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1200, height: 800, right: 1200, bottom: 800, x: 0, y: 0, toJSON: () => ({}) });
  return svg;
}

describe('plan page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    URL.createObjectURL = () => 'blob:plan';
    URL.revokeObjectURL = () => undefined;
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('graph.getSetting', SETTING);
    api.responses.set('graph.drawing', PLAN);
    api.responses.set('graph.overlay', OVERLAY);
    api.responses.set('monitor.cachedRealData', { runId: 1, ts: null, receivedAt: null, stale: true, values: {} });
    useNotifications.setState({ message: null });
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it("asks for the reader's language's drawing and shows the machine at the overlay's position", async () => {
    renderPage();
    const icon = await screen.findByTestId('machine', {}, SETTLE);
    expect(calledWith('graph.drawing')[0]).toEqual({ runId: 1, key: '1_plan_en_US' });
    expect(icon.getAttribute('data-x')).toBe('350');
    expect(screen.getByTestId('graph-position').textContent).toBe('TBM: ring 167, chainage 4+450.000');
  });

  it("moves the machine with the guidance system's live chainage", async () => {
    api.responses.set('monitor.cachedRealData', { runId: 1, ts: 1_000, receivedAt: Date.now(), stale: false, values: { 'guidance.chainage': 4950, 'state.ringNo': 501 } });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('machine').getAttribute('data-y')).toBe('350'), SETTLE);
    expect(screen.getByTestId('machine').getAttribute('data-x')).toBe('600');
    expect(screen.getByTestId('machine-label').textContent).toBe('Ring 501 · 4+950.000');
  });

  it('explains the empty state and offers the upload to writers only', async () => {
    api.responses.set('graph.drawing', () => {
      throw new ApiError(3, 'No drawing');
    });
    api.responses.set('graph.getSetting', { ...SETTING, drawings: [], canEdit: false });
    renderPage();
    const empty = await screen.findByTestId('graph-empty', {}, SETTLE);
    expect(empty.textContent).toContain('No floor plan for this run yet');
    expect(empty.textContent).toContain('Ask a user who manages the drawings to upload one.');
    expect(screen.queryByRole('button', { name: /Upload picture/ })).toBeNull();
    expect(screen.queryByTestId('graph-settings')).toBeNull();
    cleanup();

    api.responses.set('graph.getSetting', { ...SETTING, drawings: [], canEdit: true });
    renderPage([...READER, 'graph.drawing.write']);
    const writerEmpty = await screen.findByTestId('graph-empty', {}, SETTLE);
    expect(writerEmpty.textContent).not.toContain('Ask a user');
    await user.click(within(writerEmpty).getByRole('button', { name: /Upload picture/ }));
    const dialog = await screen.findByRole('dialog', {}, SETTLE);
    expect(dialog.textContent).toContain('JPG or PNG, at most 4 MB');
  });

  it('warns when the drawing is not permitted', async () => {
    api.responses.set('graph.drawing', () => {
      throw new ApiError(2, 'Forbidden');
    });
    renderPage();
    expect((await screen.findByTestId('graph-not-permitted', {}, SETTLE)).textContent).toContain("You are not permitted to see this run's drawings.");
  });

  it('calibrates: points clicked on the alignment with their chainages are sent, fewer than two are refused first', async () => {
    api.responses.set('graph.drawing', { ...PLAN, calibration: null });
    api.responses.set('graph.drawingCalibrate', (input: { calibration: unknown }) => ({ ...PLAN, calibration: input.calibration }));
    renderPage([...READER, 'graph.drawing.write']);
    expect((await screen.findByTestId('graph-uncalibrated', {}, SETTLE)).textContent).toContain('not calibrated yet');
    await user.click(screen.getByTestId('graph-calibrate'));
    const svg = pictureOnScreen();
    fireEvent.click(svg, { clientX: 100, clientY: 600 });
    await user.type(await screen.findByRole('textbox', { name: 'Chainage of point 1' }), '4+200');
    await user.click(screen.getByTestId('calibration-save'));
    expect((await screen.findByTestId('calibration-problems')).textContent).toContain('Place at least two marks along the alignment');
    expect(calledWith('graph.drawingCalibrate')).toEqual([]);

    fireEvent.click(pictureOnScreen(), { clientX: 600, clientY: 600 });
    fireEvent.click(pictureOnScreen(), { clientX: 600, clientY: 100 });
    await user.type(screen.getByRole('textbox', { name: 'Chainage of point 2' }), '4700');
    await user.type(screen.getByRole('textbox', { name: 'Chainage of point 3' }), 'DK5+200.0');
    expect(screen.getAllByTestId('calibration-mark')).toHaveLength(3);
    await user.click(screen.getByTestId('calibration-save'));
    await waitFor(() => expect(calledWith('graph.drawingCalibrate')).toHaveLength(1), SETTLE);
    expect(calledWith('graph.drawingCalibrate')[0]).toEqual({
      runId: 1,
      id: 7,
      calibration: {
        kind: 'alignment',
        points: [
          { x: 100, y: 600, chainage: 4200 },
          { x: 600, y: 600, chainage: 4700 },
          { x: 600, y: 100, chainage: 5200 },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByTestId('calibration-panel')).toBeNull(), SETTLE);
    expect(useNotifications.getState().message?.text).toBe('Calibration saved');
  });

  it("shows the server's refusal of a calibration in the panel", async () => {
    api.responses.set('graph.drawingCalibrate', () => {
      throw new ApiError(3, 'Each chainage may be marked once', { fields: [{ field: 'calibration.points', message: 'Each chainage may be marked once' }] });
    });
    renderPage([...READER, 'graph.drawing.write']);
    await user.click(await screen.findByTestId('graph-calibrate', {}, SETTLE));
    // The drawing's three marks are there to start from.
    expect(screen.getAllByTestId('calibration-row')).toHaveLength(3);
    await user.click(screen.getByTestId('calibration-save'));
    expect((await screen.findByTestId('calibration-problems', {}, SETTLE)).textContent).toContain('Each chainage may be marked once');
    expect(screen.getByTestId('calibration-panel')).toBeTruthy();
  });

  it('saves the display options and station equations from the settings drawer', async () => {
    api.responses.set('graph.saveSetting', SETTING);
    renderPage([...READER, 'graph.drawing.write']);
    await user.click(await screen.findByTestId('graph-settings', {}, SETTLE));
    await user.click(await screen.findByRole('radio', { name: 'State (built / being built)' }));
    await user.click(screen.getByRole('button', { name: /Add station equation/ }));
    await user.type(screen.getByRole('textbox', { name: 'Back chainage of equation 1' }), '4+800');
    await user.type(screen.getByRole('textbox', { name: 'Ahead chainage of equation 1' }), '4+850.5');
    await user.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(calledWith('graph.saveSetting')).toHaveLength(1), SETTLE);
    expect(calledWith('graph.saveSetting')[0]).toEqual({
      runId: 1,
      display: { ...SETTING.display, ringColouring: 'state' },
      profile: SETTING.profile,
      stationEquations: [{ back: 4800, ahead: 4850.5 }],
      epsg: null,
      proj4: null,
    });
  });
});
