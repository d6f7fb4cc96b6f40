import type { LiveValues } from '@boreline/contracts';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { ALARM_FILL, type DiagramStatus, diagramTags, STALE_FILL } from './diagramSvg.js';
import { MachineDiagram } from './MachineDiagram.js';

const VALUE_FILL = '#1d5fa8';

/** The server's markup in miniature: values, status texts and the laser target with its two markers. */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 200" width="100%">
  <text data-state="" x="10" y="20">--</text>
  <text data-state-since="" x="80" y="20">--</text>
  <text data-ring="" x="140" y="20">--</text>
  <text data-chainage="" x="180" y="20">--</text>
  <text data-connection="" x="240" y="20">--</text>
  <text class="rt-value" data-tag="cutterhead.speed" x="60" y="60" fill="${VALUE_FILL}">--</text>
  <text class="rt-value" data-tag="cutterhead.torque" x="60" y="80" fill="${VALUE_FILL}">--</text>
  <text class="rt-value" data-tag="thrust.totalThrust" x="60" y="100" fill="${VALUE_FILL}">--</text>
  <text class="rt-value" data-tag="guidance.chainage" x="60" y="120" fill="${VALUE_FILL}">--</text>
  <g data-target-scale-mm="100" data-target-radius="80" data-target-cx="200" data-target-cy="120">
    <circle cx="200" cy="120" r="80"/>
    <circle data-marker="tail" cx="200" cy="120" r="7"/>
    <circle data-marker="head" cx="200" cy="120" r="6"/>
  </g>
  <script>document.title = 'ran'</script>
</svg>`;

const STATUS: DiagramStatus = { state: 'Advance', since: '12 min', ring: '468', chainage: '4+836.333', connection: 'Connected' };

const live: LiveValues = {
  'cutterhead.speed': 1.234,
  // 0–7000 kN·m is the normal range.
  'cutterhead.torque': 7450,
  'thrust.totalThrust': null,
  'guidance.chainage': 4836.3334,
  'guidance.headHorizontal': 50,
  'guidance.headVertical': -25,
  // Far off the target: the marker stays on its rim.
  'guidance.tailHorizontal': 300,
  'guidance.tailVertical': 400,
};

const value = (code: string) => {
  const node = screen.getByTestId('machine-diagram').querySelector(`[data-tag="${code}"]`);
  if (!node) throw new Error(`no ${code} in the diagram`);
  return node;
};
const marker = (name: string) => screen.getByTestId('machine-diagram').querySelector(`circle[data-marker="${name}"]`);

describe('MachineDiagram', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('fills the values in their precision, marks one out of range red and shows -- without a value', () => {
    render(<MachineDiagram svg={SVG} machineType="epb" values={live} stale={false} status={STATUS} />);
    expect(value('cutterhead.speed').textContent).toBe('1.23');
    expect(value('cutterhead.speed').getAttribute('data-alarm')).toBeNull();
    expect(value('cutterhead.speed').getAttribute('fill')).toBe(VALUE_FILL);
    expect(value('cutterhead.torque').textContent).toBe('7,450');
    expect(value('cutterhead.torque').getAttribute('data-alarm')).toBe('high');
    expect(value('cutterhead.torque').getAttribute('fill')).toBe(ALARM_FILL);
    expect(value('thrust.totalThrust').textContent).toBe('--');
    expect(value('guidance.chainage').textContent).toBe('4+836.333');
  });

  it('gives a value back its colour when it returns into range, and greys everything while stale', () => {
    const { rerender } = render(<MachineDiagram svg={SVG} machineType="epb" values={live} stale={false} status={STATUS} />);
    rerender(<MachineDiagram svg={SVG} machineType="epb" values={{ ...live, 'cutterhead.torque': 5200 }} stale={false} status={STATUS} />);
    expect(value('cutterhead.torque').textContent).toBe('5,200');
    expect(value('cutterhead.torque').hasAttribute('data-alarm')).toBe(false);
    expect(value('cutterhead.torque').getAttribute('fill')).toBe(VALUE_FILL);

    rerender(<MachineDiagram svg={SVG} machineType="epb" values={live} stale status={STATUS} />);
    expect(value('cutterhead.speed').getAttribute('fill')).toBe(STALE_FILL);
    expect(value('cutterhead.torque').getAttribute('fill')).toBe(STALE_FILL);
    expect(value('cutterhead.torque').getAttribute('data-stale')).toBe('true');
  });

  it('moves the guidance markers by the deviations, right and up, held on the rim of the target', () => {
    render(<MachineDiagram svg={SVG} machineType="epb" values={live} stale={false} status={STATUS} />);
    // 80 units per 100 mm: 50 mm right, 25 mm low.
    expect(marker('head')?.getAttribute('transform')).toBe('translate(40,20)');
    // 300/400 mm is 500 mm off: scaled back onto the 80-unit rim in the same direction.
    expect(marker('tail')?.getAttribute('transform')).toBe('translate(48,-64)');
  });

  it('hides a marker without deviations rather than drawing it on the centre', () => {
    render(<MachineDiagram svg={SVG} machineType="epb" values={{ ...live, 'guidance.headVertical': null }} stale={false} status={STATUS} />);
    expect(marker('head')?.getAttribute('visibility')).toBe('hidden');
    expect(marker('tail')?.getAttribute('visibility')).toBeNull();
  });

  it('writes the state strip and carries no script over from the markup', () => {
    render(<MachineDiagram svg={SVG} machineType="epb" values={live} stale={false} status={STATUS} />);
    const diagram = screen.getByTestId('machine-diagram');
    expect(diagram.querySelector('[data-state]')?.textContent).toBe('Advance');
    expect(diagram.querySelector('[data-state-since]')?.textContent).toBe('12 min');
    expect(diagram.querySelector('[data-ring]')?.textContent).toBe('468');
    expect(diagram.querySelector('[data-chainage]')?.textContent).toBe('4+836.333');
    expect(diagram.querySelector('[data-connection]')?.textContent).toBe('Connected');
    expect(diagram.querySelector('script')).toBeNull();
    expect(diagram.querySelector('svg')).not.toBeNull();
  });

  it('lists the tags the diagram shows, once each', () => {
    expect(diagramTags(SVG)).toEqual(['cutterhead.speed', 'cutterhead.torque', 'thrust.totalThrust', 'guidance.chainage']);
  });
});
