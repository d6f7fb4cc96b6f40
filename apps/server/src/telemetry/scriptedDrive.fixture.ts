import { KEY_TAGS } from '@boreline/contracts';
import type { Frame, TagLayout } from './frame.js';

const MIN = 60_000;

/**
 * Scripted 1 Hz frames of one ring: the advance of ring `ring`, its building, then a few minutes of
 * the next ring's advance (the cycle engine then completes ring `ring`).
 */
export function scriptedDrive(layout: TagLayout, runId: number, options: { start: number; ring: number; advanceMin: number; buildMin: number; nextMin: number }): Frame[] {
  const at = (code: string) => layout.indexOf(code);
  const frames: Frame[] = [];
  const phase = (from: number, minutes: number, ringNo: number, mode: 'advance' | 'build') => {
    for (let s = 0; s < minutes * 60; s += 1) {
      const values = layout.emptyValues();
      values[at(KEY_TAGS.ringNo)] = ringNo;
      values[at(KEY_TAGS.advanceMode)] = mode === 'advance' ? 1 : 0;
      values[at(KEY_TAGS.erectMode)] = mode === 'build' ? 1 : 0;
      values[at(KEY_TAGS.advanceSpeed)] = mode === 'advance' ? 40 : 0;
      values[at(KEY_TAGS.cutterSpeed)] = mode === 'advance' ? 1.5 : 0;
      values[at(KEY_TAGS.totalThrust)] = mode === 'advance' ? 15000 : 2000;
      frames.push({ runId, ts: from + s * 1000, values });
    }
    return from + minutes * MIN;
  };
  let t = phase(options.start, options.advanceMin, options.ring, 'advance');
  t = phase(t, options.buildMin, options.ring, 'build');
  phase(t, options.nextMin, options.ring + 1, 'advance');
  return frames;
}
