import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { GAP_STYLE, outlinePath, renderSlide, SLIDE, slideLayout, slideSvgs } from './slidePuzzle.js';

/** The gaps drawn in a background SVG: their outline, place and everything else about them. */
function gapsIn(svg: string) {
  const style = GAP_STYLE.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const found = [...svg.matchAll(new RegExp(`<path d="([^"]+)" transform="translate\\(([\\d.]+) ([\\d.]+)\\) rotate\\((-?\\d+)\\)" (${style})/>`, 'g'))];
  return found.map((m) => ({ d: m[1], x: Number(m[2]), y: Number(m[3]), angle: Number(m[4]), style: m[5] }));
}

const decode = (dataUrl: string) => Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');

describe('slide puzzle pictures', () => {
  it('draws the gap and its decoys alike, on the piece row, turned alike; only the outline and place differ', () => {
    for (let i = 0; i < 50; i += 1) {
      const layout = slideLayout();
      const svg = slideSvgs(layout).background;
      const gaps = gapsIn(svg);
      expect(gaps).toHaveLength(SLIDE.gaps);
      expect(svg.split('translate(').length - 1).toBe(gaps.length); // no gap drawn some other way
      expect(new Set(gaps.map((g) => g.style)).size).toBe(1);
      expect(new Set(gaps.map((g) => g.angle))).toEqual(new Set([layout.angle]));
      // The piece moves along its row only: every gap is on that row, so the row gives nothing away.
      expect(new Set(gaps.map((g) => g.y))).toEqual(new Set([layout.pieceY + SLIDE.box / 2]));
      const piece = outlinePath(layout.piece, layout.knob);
      const matching = gaps.filter((g) => g.d === piece);
      expect(matching).toEqual([expect.objectContaining({ x: layout.answer + SLIDE.box / 2 })]);
    }
  });

  it('keeps the gaps apart, inside the picture and clear of where the piece starts', () => {
    for (const answer of [undefined, 150, undefined, 150, undefined]) {
      const layout = slideLayout(answer);
      if (answer !== undefined) expect(layout.answer).toBe(answer);
      const xs = layout.gaps.map((g) => g.x).sort((a, b) => a - b);
      expect(xs).toHaveLength(SLIDE.gaps);
      expect(xs[0]).toBeGreaterThanOrEqual(SLIDE.minX);
      expect(xs.at(-1)).toBeLessThanOrEqual(SLIDE.width - SLIDE.box);
      for (let i = 1; i < xs.length; i += 1) expect((xs[i] as number) - (xs[i - 1] as number)).toBeGreaterThanOrEqual(SLIDE.box);
      expect(layout.pieceY).toBeGreaterThanOrEqual(0);
      expect(layout.pieceY + SLIDE.box).toBeLessThanOrEqual(SLIDE.height);
    }
  });

  it('varies the outlines, their turn and the answer from puzzle to puzzle; decoys differ from the piece on two sides or more', () => {
    const layouts = Array.from({ length: 40 }, () => slideLayout());
    expect(new Set(layouts.map((l) => outlinePath(l.piece, l.knob))).size).toBeGreaterThan(30);
    expect(new Set(layouts.map((l) => l.angle)).size).toBeGreaterThan(15);
    expect(new Set(layouts.map((l) => l.answer)).size).toBeGreaterThan(15);
    // Where the piece's gap stands among the three is not fixed either.
    expect(new Set(layouts.map((l) => [...l.gaps].sort((a, b) => a.x - b.x).findIndex((g) => g.x === l.answer))).size).toBe(3);
    for (const layout of layouts) {
      for (const gap of layout.gaps) {
        if (gap.x === layout.answer) continue;
        const sides = gap.outline.edges.filter((edge, i) => edge !== layout.piece.edges[i]).length;
        expect(sides).toBeGreaterThanOrEqual(2);
      }
    }
  });

  it('hands out pixels only: a JPEG background and a transparent PNG piece of the announced sizes', async () => {
    const images = await renderSlide(slideLayout());
    expect(images.background).toMatch(/^data:image\/jpeg;base64,/);
    expect(images.piece).toMatch(/^data:image\/png;base64,/);
    const background = await sharp(decode(images.background)).metadata();
    const piece = await sharp(decode(images.piece)).metadata();
    expect(background).toMatchObject({ format: 'jpeg', width: SLIDE.width, height: SLIDE.height });
    expect(piece).toMatchObject({ format: 'png', width: SLIDE.box, height: SLIDE.box, hasAlpha: true });
    for (const bytes of [decode(images.background), decode(images.piece)]) expect(bytes.toString('latin1')).not.toMatch(/<svg|<path|\bd="/);
  });

  it('draws the piece where its gap is: the piece covers the darkened gap, not its surroundings', async () => {
    const layout = slideLayout();
    const images = await renderSlide(layout);
    const { data: alpha } = await sharp(decode(images.piece)).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const { data: grey } = await sharp(decode(images.background)).greyscale().raw().toBuffer({ resolveWithObject: true });
    // A gap darkens the scene behind it by almost half: placed at the answer, the piece's solid
    // inside lies over darker pixels than the rest of its square.
    let inside = 0;
    let insideCount = 0;
    let ring = 0;
    let ringCount = 0;
    const at = (x: number, y: number) => alpha[y * SLIDE.box + x] ?? 0;
    for (let y = 1; y < SLIDE.box - 1; y += 1) {
      for (let x = 1; x < SLIDE.box - 1; x += 1) {
        const pixel = grey[(layout.pieceY + y) * SLIDE.width + layout.answer + x] as number;
        const solid = at(x, y) === 255 && at(x - 1, y) === 255 && at(x + 1, y) === 255 && at(x, y - 1) === 255 && at(x, y + 1) === 255;
        if (solid) {
          inside += pixel;
          insideCount += 1;
        } else if (at(x, y) === 0) {
          ring += pixel;
          ringCount += 1;
        }
      }
    }
    expect(insideCount).toBeGreaterThan(600);
    expect(inside / insideCount).toBeLessThan(ring / ringCount);
  });
});
