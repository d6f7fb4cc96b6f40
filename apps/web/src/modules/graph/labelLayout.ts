/**
 * Placing labels so they do not cover each other: risk zones lie close together (a building, a
 * gas main and a river crossing within a few rings), and their names must all stay readable.
 */

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const overlaps = (a: Box, b: Box): boolean => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/** A text's box, its width estimated from its length (the views use one sans-serif font). */
export function textBox(x: number, baseline: number, text: string, fontSize: number, anchor: 'start' | 'middle'): Box {
  const width = [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.56), 0) * fontSize;
  const x0 = anchor === 'middle' ? x - width / 2 : x;
  return { x0, y0: baseline - fontSize, x1: x0 + width, y1: baseline + fontSize * 0.25 };
}

/**
 * For each label (in the order given), the first vertical offset of `offsets` at which its box
 * covers neither a label placed before it nor a box of `avoid`; the last offset when none is free.
 */
export function placeLabels(labels: readonly Box[], offsets: readonly number[], avoid: readonly Box[] = []): number[] {
  const placed: Box[] = [...avoid];
  return labels.map((box) => {
    const free = offsets.find((dy) => !placed.some((other) => overlaps({ ...box, y0: box.y0 + dy, y1: box.y1 + dy }, other)));
    const dy = free ?? offsets[offsets.length - 1] ?? 0;
    placed.push({ ...box, y0: box.y0 + dy, y1: box.y1 + dy });
    return dy;
  });
}

/** Offsets below and above a line, alternating and moving away from it: 1, -1, 2, -2, … lines. */
export function alternatingOffsets(below: number, above: number, step: number, levels: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < levels; i += 1) out.push(below + i * step, above - i * step);
  return out;
}
