import { endpointUrl, statisticContract as c, tagCatalogue } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/factories.js';
import { envelope } from '../../../test/testApp.js';
import { ringRecord } from '../report/ringReport.fixture.js';
import { HOUR, rome, type StatWorld, statisticWorld } from './statistic.fixture.js';

type Endpoint = { base: 'main' | 'project'; path: string };

/** Spec §5 statistics limits, answered with the field and a translated message before anything is read. */
describe('statistics limits (spec §5)', () => {
  let w: StatWorld;
  const tags = ['thrust.totalThrust'];
  const ring = (ringStart: number, ringEnd: number) => ({ by: 'ring', ringStart, ringEnd });
  const ask = async (endpoint: Endpoint, payload: object, lang: string) => envelope(await call(w.t.app, 'POST', endpointUrl(endpoint), { token: w.reader, payload: { runId: w.runId, ...payload }, lang }));

  beforeAll(async () => {
    w = await statisticWorld('10.94.0');
    const rings = Array.from({ length: 10 }, (_, i) => ringRecord(w.runId, i + 1, rome(10, 1, 0) + i * 2 * HOUR, rome(10, 1, 2) + i * 2 * HOUR, { frames: 0 }));
    await w.t.db.kysely.insertInto('rings').values(rings).execute();
  });
  afterAll(() => w.t.close());

  const refused: [string, Endpoint, object, string, string][] = [
    ['11 rings overlaid', c.ringCurves, { rings: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], tags }, 'Rings: Choose at most 10 rings', 'Ringe: Höchstens 10 Ringe auswählen'],
    ['11 rings exported', c.exportRingCurves, { rings: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], tags }, 'Rings: Choose at most 10 rings', 'Ringe: Höchstens 10 Ringe auswählen'],
    ['51 rings in the historical table', c.ringStats, { view: 'historyTable', range: ring(1, 51), tags }, 'End ring: Choose at most 50 rings', 'Endring: Höchstens 50 Ringe auswählen'],
    ['201 rings in the historical chart', c.ringStats, { view: 'historyChart', range: ring(1, 201), tags }, 'End ring: Choose at most 200 rings', 'Endring: Höchstens 200 Ringe auswählen'],
    ['2001 rings in the ring table export', c.exportRingStats, { view: 'ringTable', range: ring(1, 2001), tags }, 'End ring: Choose at most 2000 rings', 'Endring: Höchstens 2000 Ringe auswählen'],
    ['201 rings of efficiency', c.efficiencyGraph, { ringStart: 1, ringEnd: 201 }, 'End ring: Choose at most 200 rings', 'Endring: Höchstens 200 Ringe auswählen'],
    ['201 rings of slow rings', c.ringWorkList, { ringStart: 1, ringEnd: 201 }, 'End ring: Choose at most 200 rings', 'Endring: Höchstens 200 Ringe auswählen'],
    ['start ring above end', c.efficiencyGraph, { ringStart: 5, ringEnd: 4 }, 'End ring: The start ring must not be above the end ring', 'Endring: Der Anfangsring darf nicht über dem Endring liegen'],
    ['start ring above end (table)', c.ringStats, { view: 'historyTable', range: ring(5, 4), tags }, 'End ring: The start ring must not be above the end ring', 'Endring: Der Anfangsring darf nicht über dem Endring liegen'],
    ['no end ring', c.efficiencyGraph, { ringStart: 5 }, 'End ring: This field is required', 'Endring: Dieses Feld muss ausgefüllt werden'],
    ['no start ring', c.ringStats, { view: 'historyTable', range: { by: 'ring', ringEnd: 5 }, tags }, 'Start ring: This field is required', 'Anfangsring: Dieses Feld muss ausgefüllt werden'],
    ['a chainage range of 10.5 m', c.ringStats, { view: 'historyTable', range: { by: 'chainage', chainageStart: 100, chainageEnd: 110.5 }, tags }, 'End chainage: The tunnelling range may span at most 10 m', 'Endstation: Der Vortriebsbereich darf höchstens 10 m umfassen'],
    ['start chainage above end', c.ringStats, { view: 'historyTable', range: { by: 'chainage', chainageStart: 110, chainageEnd: 100 }, tags }, 'End chainage: The start chainage must not be above the end chainage', 'Endstation: Die Anfangsstation darf nicht über der Endstation liegen'],
    ['no tag', c.ringStats, { view: 'historyTable', range: ring(1, 5), tags: [] }, 'Tags: Choose at least one parameter', 'Messgrößen: Mindestens einen Parameter auswählen'],
    ['51 tags', c.ringStats, { view: 'historyTable', range: ring(1, 5), tags: Array.from({ length: 51 }, (_, i) => `thrust.tag${i}`) }, 'Tags: Choose at most 50 parameters', 'Messgrößen: Höchstens 50 Parameter auswählen'],
    ['9 tags on a curve chart', c.ringCurves, { rings: [1], tags: Array.from({ length: 9 }, (_, i) => `thrust.tag${i}`) }, 'Tags: Choose at most 8 parameters', 'Messgrößen: Höchstens 8 Parameter auswählen'],
  ];

  it.each(refused)('refuses %s, in English and German', async (_name, endpoint, payload, english, german) => {
    expect(await ask(endpoint, payload, 'en_US')).toMatchObject({ code: 3, msg: english });
    expect(await ask(endpoint, payload, 'de_AT')).toMatchObject({ code: 3, msg: german });
  });

  it('accepts every limit itself: 10 rings, 50 and 200 rings by view, 10 m of chainage, 50 tags', async () => {
    const fifty = tagCatalogue('epb')
      .filter((t) => t.kind === 'analog')
      .slice(0, 50)
      .map((t) => t.code);
    const accepted: [Endpoint, object][] = [
      [c.ringCurves, { rings: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], tags: fifty.slice(0, 8) }],
      [c.ringStats, { view: 'historyTable', range: ring(1, 50), tags: fifty }],
      [c.ringStats, { view: 'historyChart', range: ring(1, 200), tags }],
      [c.ringStats, { view: 'ringTable', range: ring(1, 2000), tags, pageSize: 200 }],
      [c.ringStats, { view: 'historyTable', range: { by: 'chainage', chainageStart: 100, chainageEnd: 110 }, tags }],
      [c.efficiencyGraph, { ringStart: 1, ringEnd: 200 }],
      [c.ringWorkList, { ringStart: 1, ringEnd: 200, limit: 50 }],
    ];
    for (const [endpoint, payload] of accepted) {
      const body = await ask(endpoint, payload, 'en_US');
      expect(body.code, `${endpoint.path}: ${body.msg}`).toBe(0);
    }
    expect(((await ask(c.ringCurves, { rings: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], tags }, 'en_US')).data as c.RingCurves).rings).toHaveLength(10);
  });
});
