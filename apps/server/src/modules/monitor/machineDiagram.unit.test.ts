import { findTag, KEY_TAGS, MACHINE_TYPES, type MachineType, tagCatalogue } from '@boreline/contracts';
import { describe, expect, it } from 'vitest';
import { machineDiagramSvg } from './machineDiagram.js';

const tagsIn = (svg: string): string[] => [...svg.matchAll(/data-tag="([^"]+)"/g)].map((match) => match[1] ?? '');

/** The tags the page cannot do without; each must be drawn wherever the machine type has it. */
const REQUIRED = [
  KEY_TAGS.cutterSpeed,
  KEY_TAGS.cutterTorque,
  KEY_TAGS.advanceSpeed,
  KEY_TAGS.totalThrust,
  KEY_TAGS.pressureA,
  KEY_TAGS.pressureB,
  KEY_TAGS.pressureC,
  KEY_TAGS.pressureD,
  KEY_TAGS.strokeA,
  KEY_TAGS.strokeB,
  KEY_TAGS.strokeC,
  KEY_TAGS.strokeD,
  KEY_TAGS.headHorizontal,
  KEY_TAGS.headVertical,
  KEY_TAGS.tailHorizontal,
  KEY_TAGS.tailVertical,
  KEY_TAGS.pitch,
  KEY_TAGS.roll,
  KEY_TAGS.chainage,
  KEY_TAGS.earthPressureTop,
  KEY_TAGS.bubblePressure,
];

const SCREW_TAGS = ['screwConveyor.speed', 'screwConveyor.torque', 'screwConveyor.sensor1Pressure'];
const SLURRY_LINE_TAGS = [
  'slurryCircuit.feedFlow',
  'slurryCircuit.feedDensity',
  'slurryCircuit.dischargeFlow',
  'slurryCircuit.dischargeDensity',
];

describe.each(MACHINE_TYPES.map((type) => [type] as [MachineType]))('machineDiagramSvg(%s)', (type) => {
  const svg = machineDiagramSvg(type);
  const tags = tagsIn(svg);

  it('addresses only tags of its own catalogue', () => {
    const codes = new Set(tagCatalogue(type).map((tag) => tag.code));
    expect(tags.length).toBeGreaterThan(20);
    expect(tags.filter((code) => !codes.has(code))).toEqual([]);
  });

  it('draws every key tag the machine type has', () => {
    const expected = REQUIRED.filter((code) => findTag(type, code) !== undefined);
    expect(expected).toContain(KEY_TAGS.chainage);
    expect(expected.filter((code) => !tags.includes(code))).toEqual([]);
  });

  it('starts every live value at -- with the rt-value class', () => {
    const values = [...svg.matchAll(/<text([^>]*data-tag="[^"]+"[^>]*)>([^<]*)<\/text>/g)];
    expect(values).toHaveLength(tags.length);
    for (const [, attrs, text] of values) {
      expect(attrs).toContain('class="rt-value"');
      expect(text).toBe('--');
    }
  });

  it('carries no script, style or event handler', () => {
    expect(svg).not.toMatch(/<script/i);
    expect(svg).not.toMatch(/<style/i);
    expect(svg).not.toMatch(/ on[a-z]+=/i);
    // The bare substring, so font-style= is kept out as well and a plain text search stays conclusive.
    expect(svg).not.toContain('style=');
    expect(svg).not.toMatch(/href=/i);
  });

  it('has the status texts and the guidance target for the page to fill', () => {
    for (const attribute of ['data-state', 'data-state-since', 'data-ring', 'data-chainage', 'data-connection']) {
      expect(svg).toMatch(new RegExp(`<text[^>]* ${attribute}=""[^>]*>--</text>`));
    }
    expect(svg).toMatch(/<circle[^>]* data-marker="head"/);
    expect(svg).toMatch(/<circle[^>]* data-marker="tail"/);
    const target = /<g data-target-scale-mm="100" data-target-radius="(\d+)" data-target-cx="(\d+)" data-target-cy="(\d+)">/.exec(svg);
    expect(target).not.toBeNull();
    const [, , cx, cy] = target ?? [];
    expect(svg).toContain(`data-marker="head" cx="${cx}" cy="${cy}"`);
    expect(svg).toContain(`data-marker="tail" cx="${cx}" cy="${cy}"`);
  });

  it('scales to its container', () => {
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 1200 520"[^>]*width="100%"[^>]*preserveAspectRatio="xMidYMid meet"/);
    expect(svg.slice(0, svg.indexOf('>'))).not.toMatch(/ height=/);
  });

  it('is built once', () => {
    expect(machineDiagramSvg(type)).toBe(svg);
  });
});

describe('machine-specific parts', () => {
  it('gives the EPB its screw conveyor and no slurry lines', () => {
    const tags = tagsIn(machineDiagramSvg('epb'));
    expect(tags).toEqual(expect.arrayContaining([...SCREW_TAGS, 'earthPressure.chamberMiddle', 'earthPressure.chamberBottom']));
    expect(tags.filter((code) => code.startsWith('slurryCircuit.'))).toEqual([]);
  });

  it('gives the slurry shield its feed and discharge lines and no screw conveyor', () => {
    const tags = tagsIn(machineDiagramSvg('slurry'));
    expect(tags).toEqual(expect.arrayContaining([...SLURRY_LINE_TAGS, 'slurryCircuit.bubbleLevel']));
    expect(tags.filter((code) => code.startsWith('screwConveyor.') || code.startsWith('earthPressure.'))).toEqual([]);
  });
});
