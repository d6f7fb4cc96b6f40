import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { initI18n } from '../../../core/i18n.js';
import { OVERLAY, PLAN, SECTION, SETTING } from '../graph.fixture.js';
import { DrawingView, type DrawingViewProps } from './DrawingView.js';

vi.mock('../../../core/api/client.js', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  request: vi.fn(async () => new Blob(['png'], { type: 'image/png' })),
}));

function RingReport() {
  const location = useLocation();
  return <p data-testid="ring-report">{location.pathname + location.search}</p>;
}

function show(props: Partial<DrawingViewProps> = {}) {
  const full: DrawingViewProps = { drawing: PLAN, setting: SETTING, overlay: OVERLAY, machine: { chainage: 4450, ring: 167 }, ...props };
  const router = createMemoryRouter(
    [
      { path: '/fw1/graph/plan', element: <DrawingView {...full} /> },
      { path: '/fw1/report/ring', element: <RingReport /> },
    ],
    { initialEntries: ['/fw1/graph/plan'] },
  );
  const view = render(<RouterProvider router={router} />);
  return { router, rerender: (next: Partial<DrawingViewProps>) => view.rerender(<RouterProvider router={createMemoryRouter([{ path: '/', element: <DrawingView {...full} {...next} /> }])} />) };
}

const machine = () => screen.getByTestId('machine');

describe('drawing view', () => {
  beforeAll(async () => {
    URL.createObjectURL = () => 'blob:plan';
    URL.revokeObjectURL = () => undefined;
    await initI18n('en_US');
  });
  afterEach(cleanup);

  it('puts the machine where the calibration places its chainage, turned along the drawn alignment, with its ring and chainage', async () => {
    show();
    // 4+450 lies halfway between the marks of 4+200 (100, 600) and 4+700 (600, 600): heading right.
    expect(machine().getAttribute('data-x')).toBe('350');
    expect(machine().getAttribute('data-y')).toBe('600');
    expect(screen.getByTestId('machine-icon').getAttribute('transform')).toBe('translate(350 600) rotate(0)');
    expect(screen.getByTestId('machine-label').textContent).toBe('Ring 167 · 4+450.000');
    await waitFor(() => expect(screen.getByTestId('drawing-picture').getAttribute('href')).toBe('blob:plan'));
  });

  it('follows the alignment round its bend: past the corner the machine heads up the picture', () => {
    show({ machine: { chainage: 4950, ring: 501 } });
    expect(machine().getAttribute('data-x')).toBe('600');
    expect(machine().getAttribute('data-y')).toBe('350');
    expect(machine().getAttribute('data-angle')).toBe('-90');
    expect(screen.getByTestId('machine-label').textContent).toBe('Ring 501 · 4+950.000');
  });

  it('places the machine on a section at its chainage and at the tunnel axis level', () => {
    show({ drawing: SECTION, machine: { chainage: 4700, ring: 334 } });
    // x: halfway between 4+200 (100) and 5+200 (1100); level: axis -20 m between -10 and -30 -> y 700 - 20 × 10 = 500.
    expect(machine().getAttribute('data-x')).toBe('600');
    expect(machine().getAttribute('data-y')).toBe('500');
  });

  it('colours rings by quality band with a legend that names the bands, and titles each ring with its band and deviations', () => {
    show();
    const legend = screen.getByTestId('graph-legend').textContent ?? '';
    expect(legend).toContain('Within tolerance');
    expect(legend).toContain('Warning');
    expect(legend).toContain('Alarm');
    expect(legend).toContain('Next rings (planned)');
    const rings = screen.getAllByTestId('overlay-ring');
    expect(rings.map((r) => r.getAttribute('data-ring'))).toEqual(['165', '166', '167', '168']);
    const alarm = rings[1] as Element;
    expect(alarm.getAttribute('stroke')).toBe('#cf1322');
    expect(alarm.querySelector('title')?.textContent).toBe(
      'Ring 166 at 4+447.500 · Built ring · Alarm · horizontal deviation 58 mm, vertical deviation -31 mm — click to open its report',
    );
    expect(rings[3]?.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(screen.getByTestId('risk-zone').textContent).toContain('Canale Villoresi (approaching)');
  });

  it('legend by state when the rings are coloured by state', () => {
    show({ setting: { ...SETTING, display: { ...SETTING.display, ringColouring: 'state' } } });
    const legend = screen.getByTestId('graph-legend').textContent ?? '';
    expect(legend).toContain('Built ring');
    expect(legend).toContain('Ring being built');
    expect(legend).not.toContain('Within tolerance');
    expect(screen.getAllByTestId('overlay-ring')[0]?.getAttribute('stroke')).toBe('#1677ff');
  });

  it("opens a built ring's report when it is clicked", async () => {
    const { router } = show();
    fireEvent.click(screen.getAllByTestId('overlay-ring')[1] as Element);
    await waitFor(() => expect(screen.getByTestId('ring-report').textContent).toBe('/fw1/report/ring?ringStart=166&ringEnd=166'));
    expect(router.state.location.pathname).toBe('/fw1/report/ring');
  });

  it('zooms with the buttons and back to the whole drawing', () => {
    show();
    const svg = screen.getByTestId('drawing-svg');
    expect(svg.getAttribute('viewBox')).toBe('0 0 1200 800');
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(svg.getAttribute('viewBox')).toBe('120 80 960 640');
    fireEvent.click(screen.getByRole('button', { name: 'Show the whole drawing' }));
    expect(svg.getAttribute('viewBox')).toBe('0 0 1200 800');
  });

  it('moves and zooms with the keyboard once the drawing has the focus', () => {
    show();
    const svg = screen.getByTestId('drawing-svg');
    expect(svg.getAttribute('tabindex')).toBe('0');
    fireEvent.keyDown(svg, { key: '+' });
    expect(svg.getAttribute('viewBox')).toBe('120 80 960 640');
    fireEvent.keyDown(svg, { key: 'ArrowRight' });
    fireEvent.keyDown(svg, { key: 'ArrowUp' });
    expect(svg.getAttribute('viewBox')).toBe('216 16 960 640');
    fireEvent.keyDown(svg, { key: '0' });
    expect(svg.getAttribute('viewBox')).toBe('0 0 1200 800');
  });

  it('zooms at the wheel around the point under the cursor, without scrolling the page', () => {
    show();
    const svg = screen.getByTestId('drawing-svg');
    svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 1200, height: 800, right: 1200, bottom: 800, x: 0, y: 0, toJSON: () => ({}) });
    // The machine's corner of the plan (600, 600) stays under the cursor.
    const scrolled = fireEvent.wheel(svg, { deltaY: -100, clientX: 600, clientY: 600 });
    expect(scrolled).toBe(false);
    expect(svg.getAttribute('viewBox')).toBe('120 120 960 640');
    fireEvent.wheel(svg, { deltaY: 100, clientX: 600, clientY: 600 });
    expect(svg.getAttribute('viewBox')).toBe('0 0 1200 800');
  });
});
