import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LeafletMap } from './LeafletMap.js';

const ALIGNMENT: [number, number][] = [
  [45.4642, 9.1900],
  [45.4650, 9.2000],
  [45.4700, 9.2050],
];
const BASE = { alignment: ALIGNMENT, rings: [], risks: [], machine: null, label: 'Map', alignmentLabel: 'Alignment' };

describe('Leaflet map', () => {
  afterEach(cleanup);

  it('without tiles: a grid, a scale bar and no tile image', () => {
    const { container } = render(<LeafletMap {...BASE} tiles={null} />);
    const map = screen.getByTestId('graph-map');
    expect(map.className).toContain('graph-map-grid');
    expect(container.querySelector('.leaflet-control-scale')).toBeTruthy();
    expect(container.querySelectorAll('img.leaflet-tile')).toHaveLength(0);
  });

  it('with tiles: tile images from the source and its attribution', () => {
    const { container } = render(<LeafletMap {...BASE} tiles={{ url: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© Test tiles', maxZoom: 18 }} />);
    expect(screen.getByTestId('graph-map').className).not.toContain('graph-map-grid');
    expect(container.querySelector('.leaflet-control-attribution')?.textContent).toContain('© Test tiles');
    const tiles = [...container.querySelectorAll('img.leaflet-tile')].map((img) => img.getAttribute('src'));
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles.every((src) => /^http:\/\/127\.0\.0\.1:9\/\d+\/\d+\/\d+\.png$/.test(src ?? ''))).toBe(true);
  });

  it('draws the alignment, the rings and risk zones as lines, and the machine as an SVG icon (no image file)', () => {
    const ring = { key: 'ring-1', latLngs: ALIGNMENT.slice(0, 2), colour: '#f5222d', dashed: false, label: 'Ring 1' };
    const planned = { key: 'ring-2', latLngs: ALIGNMENT.slice(1, 3), colour: '#8c8c8c', dashed: true, label: 'Ring 2' };
    const risk = { key: 'risk-1', latLngs: ALIGNMENT.slice(1, 3), colour: '#fa8c16', dashed: false, label: 'Zone' };
    const { container } = render(<LeafletMap {...BASE} rings={[ring, planned]} risks={[risk]} machine={{ latLng: ALIGNMENT[1] as [number, number], label: 'Machine at chainage 0+400.000', scale: 1 }} tiles={null} />);
    const paths = [...container.querySelectorAll('path.leaflet-interactive')];
    expect(paths.map((p) => p.getAttribute('stroke'))).toEqual(['#262626', '#fa8c16', '#f5222d', '#8c8c8c']);
    expect(paths[3]?.getAttribute('stroke-dasharray')).toBe('4 4');
    const machine = container.querySelector('.graph-map-machine');
    expect(machine?.getAttribute('title')).toBe('Machine at chainage 0+400.000');
    expect(machine?.querySelector('svg')).toBeTruthy();
    expect(container.querySelectorAll('.leaflet-marker-pane img')).toHaveLength(0);
  });
});
