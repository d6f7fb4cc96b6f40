import { describe, expect, it } from 'vitest';
import { catalogueCandidates } from './tagCandidates.js';
import { editDistance, nameWords, prepareCandidates, suggestTags, wordSimilarity, wordsSimilarity } from './tagSuggest.js';

describe('tag suggestions by name and unit', () => {
  it('splits names into words at separators, case changes, digits, and Chinese pairs', () => {
    expect(nameWords('PLC1.ThrustGrpA_P')).toEqual(['plc', '1', 'thrust', 'grp', 'a', 'p']);
    expect(nameWords('DB10.AdvSpeed')).toEqual(['db', '10', 'adv', 'speed']);
    expect(nameWords('Öl-Temperatur')).toEqual(['ol', 'temperatur']);
    expect(nameWords('推进速度')).toEqual(['推进', '进速', '速度']);
    expect(nameWords(' ._ ')).toEqual([]);
  });

  it('measures words: equal, abbreviated, mistyped, and never a number or a letter by likeness', () => {
    expect(editDistance('pressure', 'presure')).toBe(1);
    expect(wordSimilarity('speed', 'speed')).toBe(1);
    expect(wordSimilarity('temp', 'temperature')).toBeGreaterThan(0.7);
    expect(wordSimilarity('presure', 'pressure')).toBeGreaterThan(0.85);
    expect(wordSimilarity('prssure', 'pressure')).toBeCloseTo(0.9);
    expect(wordSimilarity('pump', 'dump')).toBe(0.75);
    expect(wordSimilarity('gesamtkraft', 'gesamtvortriebskraft')).toBeGreaterThan(0.7);
    expect(wordSimilarity('kraft', 'gesamtvortriebskraft')).toBeGreaterThan(0.6);
    expect(wordSimilarity('10', '11')).toBe(0);
    expect(wordSimilarity('a', 'b')).toBe(0);
    expect(wordsSimilarity(['thrust', 'a'], ['thrust', 'a'])).toBe(1);
    expect(wordsSimilarity(['plc', 'vortrieb', 'v'], ['vortriebs', 'geschwindigkeit'])).toBeGreaterThan(0.3);
  });

  it('ranks by the best of code, PLC variable and names; a known unit decides between alike names', () => {
    const candidates = prepareCandidates([
      { code: 'thrust.pressureA', unit: 'bar', texts: ['thrust.pressureA', 'DB10.ThrustGrpA_P', 'Thrust cylinder group A pressure'] },
      { code: 'thrust.forceA', unit: 'kN', texts: ['thrust.forceA', 'DB10.ThrustGrpA_Force', 'Thrust cylinder group A force'] },
      { code: 'foam.pressure1', unit: 'bar', texts: ['foam.pressure1', 'DB20.Foam1_P', 'Foam line 1 pressure'] },
    ]);
    const [best] = suggestTags('DB11.ThrustGrpA_P', undefined, candidates);
    expect(best?.code).toBe('thrust.pressureA');
    expect(suggestTags('thrust group A', 'kN', candidates).map((s) => s.code)).toEqual(['thrust.forceA', 'thrust.pressureA']);
    expect(suggestTags('thrust group A', 'bar', candidates)[0]?.code).toBe('thrust.pressureA');
    expect(suggestTags('gateway.heartbeat', undefined, candidates)).toEqual([]);
    expect(suggestTags('thrust.forceA', undefined, candidates)[0]).toEqual({ code: 'thrust.forceA', score: 1 });
  });

  it('finds catalogue tags from gateway names in several languages, quickly', () => {
    const epb = catalogueCandidates('epb');
    const started = performance.now();
    // Another gateway's block number, the reference symbol kept.
    expect(suggestTags('DB12.ThrustGrpC_Stroke', 'mm', epb)[0]?.code).toBe('thrust.strokeC');
    // A German gateway: "Vortriebsgeschwindigkeit" is the German name of the advance speed.
    expect(suggestTags('Vortriebsgeschwindigkeit', 'mm/min', epb).map((s) => s.code)).toContain('thrust.advanceSpeed');
    // An English description with the unit written another way.
    expect(suggestTags('Total_Thrust_Force', 'KN', epb)[0]?.code).toBe('thrust.totalThrust');
    // A German compound shortened in the middle, behind a PLC path.
    expect(suggestTags('PLC1.Gesamtkraft', undefined, epb).map((s) => s.code)).toContain('thrust.totalThrust');
    // German with its umlauts written out.
    expect(suggestTags('Foerderschnecke_Drehzahl', 'r/min', epb)[0]?.code).toBe('screwConveyor.speed');
    // Chinese.
    expect(suggestTags('总推力', undefined, epb).map((s) => s.code)).toContain('thrust.totalThrust');
    // Five names in well under a second: the page asks for a page of names at a time.
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
