import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import { OVERLAY, SECTION, SETTING } from '../graph.fixture.js';
import { SectionPage } from './SectionPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => {
  const stubbed = await (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api);
  return { ...stubbed, request: vi.fn(async () => new Blob(['png'], { type: 'image/png' })) };
});
vi.mock('../components/LongSection.js', () => ({ LongSection: ({ runId }: { runId: number }) => <p data-testid="long-section">long section of run {runId}</p> }));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const calledWith = (id: string) => api.calls.filter((c) => c.id === id).map((c) => c.input);
const WRITER = ['menu.graph.vertical', 'graph.drawing.read', 'graph.drawing.write'];

function renderPage(path = '/fw1/graph/section') {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources: WRITER, language: 'it_IT' });
  return renderRoutes([{ path: '/fw1/graph/section', element: <SectionPage />, handle: { name: 'graphVertical', resource: 'menu.graph.vertical' } }], path);
}

describe('section page', { timeout: 45_000 }, () => {
  beforeAll(async () => {
    URL.createObjectURL = () => 'blob:section';
    URL.revokeObjectURL = () => undefined;
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('graph.getSetting', { ...SETTING, drawings: [SECTION] });
    api.responses.set('graph.drawing', SECTION);
    api.responses.set('graph.overlay', { ...OVERLAY, position: { ...OVERLAY.position, chainage: 4700, ring: 334 } });
    api.responses.set('monitor.cachedRealData', { runId: 1, ts: null, receivedAt: null, stale: true, values: {} });
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('shows the machine at its chainage and the tunnel axis level, with the long section below', async () => {
    renderPage();
    const icon = await screen.findByTestId('machine', {}, SETTLE);
    expect(calledWith('graph.drawing')[0]).toEqual({ runId: 1, key: '1_section_it_IT' });
    expect([icon.getAttribute('data-x'), icon.getAttribute('data-y')]).toEqual(['600', '500']);
    expect(screen.getByTestId('long-section').textContent).toBe('long section of run 1');
  });

  it('calibrates with two marks on the chainage axis and two on the level axis', async () => {
    api.responses.set('graph.drawing', { ...SECTION, calibration: null });
    api.responses.set('graph.drawingCalibrate', (input: { calibration: unknown }) => ({ ...SECTION, calibration: input.calibration }));
    renderPage();
    await user.click(await screen.findByTestId('graph-calibrate', {}, SETTLE));
    const svg = screen.getByTestId('drawing-svg');
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1200, height: 800, right: 1200, bottom: 800, x: 0, y: 0, toJSON: () => ({}) });
    // The marks are placed in order: each click takes the chosen mark and moves on to the next.
    fireEvent.click(svg, { clientX: 100, clientY: 750 });
    fireEvent.click(svg, { clientX: 1100, clientY: 750 });
    fireEvent.click(svg, { clientX: 50, clientY: 700 });
    fireEvent.click(svg, { clientX: 50, clientY: 200 });
    await user.type(screen.getByRole('textbox', { name: 'Chainage of the first chainage-axis mark' }), '4+200');
    await user.click(screen.getByTestId('calibration-save'));
    expect((await screen.findByTestId('calibration-problems')).textContent).toContain('Chainage axis, second mark');
    expect(calledWith('graph.drawingCalibrate')).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Chainage of the second chainage-axis mark' }), '5200');
    await user.type(screen.getByRole('spinbutton', { name: 'Level of the first level-axis mark (m)' }), '0');
    await user.type(screen.getByRole('spinbutton', { name: 'Level of the second level-axis mark (m)' }), '-50');
    await user.click(screen.getByTestId('calibration-save'));
    await waitFor(() => expect(calledWith('graph.drawingCalibrate')).toHaveLength(1), SETTLE);
    expect(calledWith('graph.drawingCalibrate')[0]).toEqual({
      runId: 1,
      id: 8,
      calibration: { kind: 'axes', chainage: { a: { pixel: 100, value: 4200 }, b: { pixel: 1100, value: 5200 } }, level: { a: { pixel: 700, value: 0 }, b: { pixel: 200, value: -50 } } },
    });
  });

  it('renders without the frame and without tools for the screenshot variant', async () => {
    renderPage('/fw1/graph/section?variant=screenshot');
    await screen.findByTestId('machine', {}, SETTLE);
    expect(calledWith('graph.drawing')[0]).toEqual({ runId: 1, key: '1_section_it_IT_s' });
    expect(screen.queryByTestId('graph-calibrate')).toBeNull();
    expect(screen.queryByTestId('long-section')).toBeNull();
    expect(screen.getByTestId('graph-page-section').className).toContain('graph-chromeless');
  });
});
