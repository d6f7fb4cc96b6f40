import { findTag, type LiveValues, realtimePageTags, type TagDef } from '@boreline/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../core/i18n.js';
import { TagTable, TREND_MAX_TAGS } from './TagTable.js';

const foam = realtimePageTags('epb', 'foam');

function tag(code: string): TagDef {
  const found = findTag('epb', code);
  if (!found) throw new Error(`no tag ${code}`);
  return found;
}
// 0–3000 L/min in whole litres; 0.5–5 % in hundredths; 0–6 bar in hundredths.
const totalFlow = tag('foam.totalFlow');
const concentration = tag('foam.surfactantConcentration');
const linePressure = tag('foam.line1Pressure');
const flag = foam.find((t) => t.kind === 'flag');

const row = (code: string) => {
  const found = screen.getAllByTestId('tag-row').find((r) => r.getAttribute('data-code') === code);
  if (!found) throw new Error(`no row for ${code}`);
  return found;
};
const cell = (code: string) => within(row(code)).getByTestId('tag-value');

function renderTable(values: LiveValues, options: { stale?: boolean; chosen?: string[] } = {}) {
  const onChosenChange = vi.fn();
  render(<TagTable tags={foam} values={values} stale={options.stale ?? false} chosen={options.chosen ?? []} onChosenChange={onChosenChange} label="Foam" />);
  return onChosenChange;
}

describe('TagTable', () => {
  beforeAll(async () => {
    await initI18n('en_US');
  });

  it('highlights a value outside its range, leaves one in range alone and shows -- without a value', () => {
    renderTable({ [totalFlow.code]: 3250, [concentration.code]: 0.2, [linePressure.code]: null });

    expect(cell(totalFlow.code).textContent).toBe('3,250');
    expect(cell(totalFlow.code).getAttribute('data-alarm')).toBe('high');
    expect(cell(totalFlow.code).className).toContain('rt-alarm');
    expect(cell(totalFlow.code).getAttribute('title')).toBe('Above the normal range');
    expect(cell(concentration.code).textContent).toBe('0.20');
    expect(cell(concentration.code).getAttribute('data-alarm')).toBe('low');
    expect(cell(linePressure.code).textContent).toBe('--');
    expect(cell(linePressure.code).getAttribute('data-alarm')).toBeNull();
    // A tag the values do not mention reads the same way: never as zero.
    expect(cell('foam.line2Pressure').textContent).toBe('--');
  });

  it('writes a value in range plainly, with its unit and normal range, under the translated subject', () => {
    renderTable({ [linePressure.code]: 2.345 });
    expect(cell(linePressure.code).textContent).toBe('2.35');
    expect(cell(linePressure.code).getAttribute('data-alarm')).toBeNull();
    expect(cell(linePressure.code).className).not.toContain('rt-alarm');
    expect(row(linePressure.code).textContent).toContain('bar');
    expect(row(linePressure.code).textContent).toContain('0.00 – 6.00');
    expect(screen.getByText('Foam line')).toBeTruthy();
    expect(screen.getByText('Foam system')).toBeTruthy();
  });

  it('greys every value while the data is stale, out of range or not', () => {
    renderTable({ [totalFlow.code]: 3250, [linePressure.code]: 2 }, { stale: true });
    for (const code of [totalFlow.code, linePressure.code]) {
      expect(cell(code).className).toContain('rt-stale');
      expect(cell(code).className).not.toContain('rt-alarm');
      expect(cell(code).getAttribute('data-stale')).toBe('true');
    }
  });

  it('shows flags as on/off and passes a ticked tag on for the trend', async () => {
    if (!flag) throw new Error('the foam page has no flag');
    const onChosenChange = renderTable({ [flag.code]: 1 });
    expect(cell(flag.code).textContent).toBe('On');
    await userEvent.click(within(row(linePressure.code)).getByRole('checkbox'));
    expect(onChosenChange).toHaveBeenCalledWith([linePressure.code]);
  });

  it('refuses a seventh tag for the trend', () => {
    const chosen = foam.slice(0, TREND_MAX_TAGS).map((t) => t.code);
    renderTable({}, { chosen });
    const boxes = screen.getAllByRole('checkbox').filter((box) => box instanceof HTMLInputElement);
    expect(boxes.filter((box) => box instanceof HTMLInputElement && box.checked)).toHaveLength(TREND_MAX_TAGS);
    const free = boxes.filter((box) => box instanceof HTMLInputElement && !box.checked);
    expect(free.length).toBe(foam.length - TREND_MAX_TAGS);
    expect(free.every((box) => box instanceof HTMLInputElement && box.disabled)).toBe(true);
  });
});
