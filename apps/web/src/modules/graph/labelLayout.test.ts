import { describe, expect, it } from 'vitest';
import { alternatingOffsets, placeLabels, textBox } from './labelLayout.js';

describe('label layout', () => {
  it('moves a label that would cover another to the next free line', () => {
    const a = textBox(100, 50, 'Underpass of a residential building', 10, 'middle');
    const b = textBox(110, 50, 'Fault zone (ahead)', 10, 'middle');
    const c = textBox(400, 50, 'River crossing', 10, 'middle');
    const dys = placeLabels([a, b, c], alternatingOffsets(0, -13, 13, 3));
    expect(dys).toEqual([0, -13, 0]);
  });

  it('keeps labels off the boxes to avoid, such as the machine label', () => {
    const machine = textBox(90, 50, 'Ring 445 · 4+887.333', 10, 'start');
    const zone = textBox(100, 50, 'Fault zone', 10, 'middle');
    expect(placeLabels([zone], [0, 13, 26], [machine])).toEqual([13]);
  });

  it('counts Chinese characters as wider than Latin letters', () => {
    expect(textBox(0, 0, '盾构', 10, 'start').x1).toBeGreaterThan(textBox(0, 0, 'ab', 10, 'start').x1);
  });
});
