import proj4 from 'proj4';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../core/api/client.js';
import { initI18n } from '../../../core/i18n.js';
import { useFramework } from '../../../core/session.js';
import { type ApiStub, MILAN_RUN } from '../../../test/apiStub.fixture.js';
import { renderRoutes } from '../../../test/renderRoutes.fixture.js';
import type { LeafletMapProps } from '../components/LeafletMap.js';
import { E0, mapData, N0, OVERLAY, SETTING, UTM32 } from '../graphMap.fixture.js';
import { BAND_COLOURS } from '../overlayGeometry.js';
import { tokenRefreshMs } from '../mapApi.js';
import { MapPage } from './MapPage.js';

const api = vi.hoisted((): ApiStub => ({ responses: new Map(), calls: [] }));
vi.mock('../../../core/api/client.js', async (importOriginal) => (await import('../../../test/apiStub.fixture.js')).stubbedClient(importOriginal, api));
const uploads = vi.hoisted(() => ({ calls: [] as { endpoint: string; name: string; fields: Record<string, string> | undefined }[], answer: null as (() => Promise<unknown>) | null }));
vi.mock('../../../core/api/upload.js', () => ({
  uploadFile: (endpoint: { id: string }, file: File, options: { fields?: Record<string, string> } = {}) => {
    uploads.calls.push({ endpoint: endpoint.id, name: file.name, fields: options.fields });
    return uploads.answer ? uploads.answer() : Promise.reject(new Error('no answer'));
  },
}));
vi.mock('../../monitor/hooks/useLiveValues.js', () => ({ useLiveValues: () => ({ values: {}, ts: null, receivedAt: null, trigger: false, loading: false }) }));
// The Leaflet map itself is tested on its own (LeafletMap.test.tsx): here what the page hands it.
const shown = vi.hoisted(() => ({ props: null as LeafletMapProps | null }));
vi.mock('../components/LeafletMap.js', () => ({
  LeafletMap: (props: LeafletMapProps) => {
    shown.props = props;
    return <div data-testid="graph-map" data-tiles={props.tiles ? props.tiles.url : 'none'} />;
  },
}));

const SETTLE = { timeout: 5_000 };
const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
const toWgs = (e: number, n: number): [number, number] => {
  const [lng, lat] = proj4(UTM32, 'WGS84', [e, n]) as [number, number];
  return [lat, lng];
};
const READER = ['menu.graph.gis', 'graph.drawing.read'];
const WRITER = [...READER, 'graph.drawing.write'];

function renderPage(resources = READER) {
  useFramework.setState({ token: 'tok-1', user: null, run: MILAN_RUN, resources });
  return renderRoutes([{ path: '/fw1/graph/map', element: <MapPage />, handle: { name: 'graphGis', resource: 'menu.graph.gis' } }], '/fw1/graph/map');
}

describe('map page', { timeout: 30_000 }, () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });
  beforeEach(() => {
    api.calls.length = 0;
    api.responses.clear();
    api.responses.set('graph.map', mapData(toWgs));
    api.responses.set('graph.getSetting', SETTING);
    api.responses.set('graph.overlay', OVERLAY);
    uploads.calls.length = 0;
    uploads.answer = null;
    shown.props = null;
  });
  afterEach(() => {
    cleanup();
    useFramework.setState({ token: null, run: null, resources: [] });
  });

  it('without a tile source: the note naming MAP_TILE_URL, no tiles, and the overlay computed in the grid', async () => {
    renderPage();
    await waitFor(() => expect(screen.getByTestId('map-no-tiles')).toBeTruthy(), SETTLE);
    expect(screen.getByTestId('map-no-tiles').textContent).toContain('MAP_TILE_URL');
    expect(screen.getByTestId('map-grid-code').textContent).toBe('EPSG:32632');
    await waitFor(() => expect(shown.props?.rings.length).toBeGreaterThan(0), SETTLE);
    const props = shown.props as LeafletMapProps;
    expect(props.tiles).toBeNull();
    expect(props.alignment).toHaveLength(3);
    // Ring 3 (alarm) runs from 3.0 m to 4.5 m along the line: its ends converted from the grid.
    const ring3 = props.rings.find((r) => r.key === 'ring-3');
    expect(ring3?.colour).toBe(BAND_COLOURS.alarm);
    expect(ring3?.latLngs[0]?.[0]).toBeCloseTo(toWgs(E0 + 3, N0)[0], 9);
    expect(ring3?.latLngs[1]?.[1]).toBeCloseTo(toWgs(E0 + 4.5, N0)[1], 9);
    expect(ring3?.label).toBe('Ring 3 · Alarm');
    // The next three rings dashed, the risk zone, the machine at 0+400.
    expect(props.rings.filter((r) => r.dashed).map((r) => r.label)).toEqual(['Rings 5–7 · Planned ring']);
    expect(props.rings.filter((r) => !r.dashed).map((r) => r.label)).toEqual(['Ring 1 · Within tolerance', 'Ring 2 · Warning', 'Ring 3 · Alarm', 'Ring 4 · No survey']);
    expect(props.risks.map((r) => r.label)).toEqual(['Naviglio crossing (high) · Approaching · 0+600.000 – 0+700.000']);
    expect(props.machine?.label).toBe('Machine at chainage 0+400.000');
    expect(props.machine?.latLng[1]).toBeCloseTo(toWgs(E0 + 400, N0)[1], 9);
    const legend = screen.getByTestId('map-legend').textContent ?? '';
    for (const item of ['Alignment', 'Machine', 'Within tolerance', 'Warning', 'Alarm', 'No survey', 'Planned ring', 'Risk zone: Inside']) expect(legend).toContain(item);
    // A reader is not offered the import.
    expect(screen.queryByTestId('alignment-import-open')).toBeNull();
  });

  it('with a tile source of a provider: the token filled into the URL; a refusal says so and falls back to the grid', async () => {
    const tiles = { url: 'https://tiles.example/{z}/{x}/{y}.png?key={token}', attribution: '© Example', maxZoom: 18, provider: 'acme' };
    api.responses.set('graph.map', mapData(toWgs, { tiles }));
    api.responses.set('graph.thirdAuth', { provider: 'acme', token: 'a b/c', expiresAt: Date.now() + 600_000 });
    renderPage();
    await waitFor(() => expect(screen.getByTestId('graph-map').getAttribute('data-tiles')).toBe('https://tiles.example/{z}/{x}/{y}.png?key=a%20b%2Fc'), SETTLE);
    expect(api.calls.find((c) => c.id === 'graph.thirdAuth')?.input).toEqual({ provider: 'acme', runId: 1 });
    expect(shown.props?.tiles).toMatchObject({ attribution: '© Example', maxZoom: 18 });
    expect(screen.queryByTestId('map-no-tiles')).toBeNull();
    cleanup();

    api.responses.set('graph.thirdAuth', () => Promise.reject(new ApiError(3, 'The map provider acme is not configured')));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('map-token-refused')).toBeTruthy(), SETTLE);
    expect(screen.getByTestId('map-token-refused').textContent).toContain('The map provider acme is not configured');
    expect(screen.getByTestId('graph-map').getAttribute('data-tiles')).toBe('none');
  });

  it('reads the provider token again a minute before it expires', () => {
    const now = 1_000_000;
    expect(tokenRefreshMs(now + 600_000, now)).toBe(540_000);
    expect(tokenRefreshMs(now + 30_000, now)).toBe(5_000);
  });

  it('a run without an alignment explains the import; a writer imports a CSV and reads the report', async () => {
    api.responses.set('graph.map', mapData(toWgs, { alignment: [], machine: null }));
    renderPage();
    await waitFor(() => expect(screen.getByTestId('map-empty')).toBeTruthy(), SETTLE);
    expect(screen.getByTestId('map-empty').textContent).toContain('chainage, easting, northing');
    expect(screen.getByTestId('map-empty').textContent).toContain('Ask someone who may change the drawings');
    expect(screen.queryByTestId('alignment-import-open')).toBeNull();
    cleanup();

    api.responses.set('graph.getSetting', { ...SETTING, canEdit: true });
    renderPage(WRITER);
    await user.click(await screen.findByTestId('alignment-import-open', {}, SETTLE));
    const dialog = await screen.findByTestId('alignment-import');
    expect((within(dialog).getByRole('spinbutton') as HTMLInputElement).value).toBe('32632');
    uploads.answer = () => Promise.resolve({ points: 3, length: 1000, firstChainage: 0, lastChainage: 1000, epsg: 32632 });
    api.responses.set('graph.map', mapData(toWgs));
    const input = dialog.querySelector<HTMLInputElement>('input[type=file]');
    if (!input) throw new Error('no file input');
    await user.upload(input, new File(['chainage,easting,northing\n0,514000,5035000\n'], 'line.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('alignment-report')).toBeTruthy(), SETTLE);
    expect(uploads.calls).toEqual([{ endpoint: 'graph.alignmentImport', name: 'line.csv', fields: { runId: '1', epsg: '32632' } }]);
    expect(screen.getByText('3 points imported')).toBeTruthy();
    expect(screen.getByTestId('alignment-report').textContent).toContain('1000.0 m');
    expect(screen.getByTestId('alignment-report').textContent).toContain('1+000.000');
    // The map is read again: the alignment is there behind the dialog.
    await waitFor(() => expect(api.calls.filter((c) => c.id === 'graph.map').length).toBeGreaterThan(1), SETTLE);
  });

  it('a refused file shows the refusal with every row it names; a wrong type never leaves the browser', async () => {
    api.responses.set('graph.map', mapData(toWgs, { alignment: [], machine: null }));
    api.responses.set('graph.getSetting', { ...SETTING, canEdit: true });
    renderPage(WRITER);
    await user.click(await screen.findByTestId('alignment-import-open', {}, SETTLE));
    const dialog = await screen.findByTestId('alignment-import');
    const input = () => {
      const found = screen.getByTestId('alignment-import').querySelector<HTMLInputElement>('input[type=file]');
      if (!found) throw new Error('no file input');
      return found;
    };
    await userEvent.setup({ applyAccept: false }).upload(input(), new File(['x'], 'line.xlsx'));
    expect(within(dialog).getByTestId('alignment-file-refusal').textContent).toContain('line.xlsx');
    expect(uploads.calls).toEqual([]);

    // A file with refused rows is refused whole, each row named (the server's field problems of `file`).
    const rows = ['Row 3: “abc” is not a number', 'Row 5: chainage 4300 does not come after 4400 in the driving direction'];
    uploads.answer = () => Promise.reject(new ApiError(3, rows[0] ?? '', { fields: rows.map((message) => ({ field: 'file', message })) }));
    await user.upload(input(), new File(['0,514000,5035000\n1,abc,5035000\n'], 'line.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('alignment-refusal')).toBeTruthy(), SETTLE);
    expect(within(screen.getByTestId('alignment-refusal')).getAllByRole('listitem').map((li) => li.textContent)).toEqual(rows);
    expect(screen.getByTestId('alignment-refusal').textContent).toContain('The alignment was refused; nothing was changed.');
    // Another refusal without rows: its message.
    await user.click(screen.getByRole('button', { name: 'Import another file' }));
    uploads.answer = () => Promise.reject(new ApiError(3, 'Set the project grid first'));
    await user.upload(input(), new File(['0,514000,5035000\n'], 'line.csv', { type: 'text/csv' }));
    await waitFor(() => expect(screen.getByTestId('alignment-refusal').textContent).toContain('Set the project grid first'), SETTLE);
  });
});
