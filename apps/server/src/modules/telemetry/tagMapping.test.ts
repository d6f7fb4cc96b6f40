import { adminContract, type EndpointDefinition, endpointUrl, importsContract, KEY_TAGS, LIMITS, telemetryContract as c } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { workbook } from '../../../test/spreadsheets.js';
import { ADMIN, createTestApp, type Envelope, envelope, type TestApp } from '../../../test/testApp.js';

type Endpoint = EndpointDefinition;

/** A Tuesday 09:00 UTC. */
const T0 = Date.UTC(2026, 10, 17, 9, 0, 0);
const SPEED = KEY_TAGS.advanceSpeed;
const THRUST = KEY_TAGS.totalThrust;
const READ = ['telemetry.tagMapping.read'] as const;
const WRITE = ['telemetry.tagMapping.read', 'telemetry.tagMapping.write'] as const;

const FieldsSchema = z.object({ fields: z.array(z.object({ field: z.string(), message: z.string() })) });
const UnmappedSchema = c.tagMappingUnmapped.output;

/** A multipart form as a browser sends it: the fields, then the file under `file`. */
async function form(fields: [string, string][], file: Buffer | null): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  if (file) data.append('file', new Blob([new Uint8Array(file)]), 'linker.xlsx');
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

describe('tag mapping: unmapped names, suggestions, import (/u/web/monitor/tagMapping/*)', () => {
  let t: TestApp;
  const tokens = { sa: '', writer: '', reader: '', plain: '', other: '' };
  const ids = { orgA: 0, orgB: 0, runA: 0, runB: 0 };
  let key = '';

  const send = async (endpoint: Endpoint, payload: object, token: string = tokens.sa, lang = 'en_US'): Promise<Envelope> =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const ok = async (endpoint: Endpoint, payload: object, token: string = tokens.sa): Promise<unknown> => {
    const body = await send(endpoint, payload, token);
    expect(body.code, body.msg).toBe(0);
    return body.data;
  };
  const created = async (endpoint: Endpoint, payload: object) => z.object({ id: z.number() }).parse(await ok(endpoint, payload)).id;
  const userIn = async (orgId: number, codes: readonly string[], ip: string) => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (codes.length > 0) {
      const roleId = await created(adminContract.roleAdd, { name: `Role ${user.id}`, kind: 'custom', orgId, sort: 1 });
      await ok(adminContract.roleResourcesUpdate, { roleId, codes });
      await ok(adminContract.userAssignRoles, { userId: user.id, roleIds: [roleId] });
    }
    return signIn(t.app, user.phone, user.password, { ip });
  };
  const ingest = async (frames: object[], batchId?: string) => {
    const body = envelope(await call(t.app, 'POST', endpointUrl(c.ingestFrames), { token: key, payload: { frames, ...(batchId ? { batchId } : {}) } }));
    expect(body.code, body.msg).toBe(0);
    return body.data as { accepted: number; unknownTags: string[]; replayed: boolean };
  };
  const unmapped = async (runId = ids.runA, token = tokens.reader) => UnmappedSchema.parse(await ok(c.tagMappingUnmapped, { runId }, token));
  const importFile = async (fields: [string, string][], file: Buffer | null, token = tokens.writer, lang = 'en_US') => {
    const body = await form(fields, file);
    return envelope(await t.app.inject({ method: 'POST', url: endpointUrl(c.tagMappingImport), payload: body.payload, headers: { ...body.headers, lang, authorization: token } }));
  };

  beforeAll(async () => {
    t = await createTestApp();
    tokens.sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.74.0.1' });
    const root = z.array(z.object({ id: z.number() })).parse(await ok(adminContract.orgQuery, {}))[0]?.id ?? 1;
    ids.orgA = await created(adminContract.orgAdd, { parentId: root, name: 'Linker contractor A', type: 'company', sort: 1 });
    ids.orgB = await created(adminContract.orgAdd, { parentId: root, name: 'Linker contractor B', type: 'company', sort: 2 });
    for (const orgId of [ids.orgA, ids.orgB]) await ok(adminContract.orgResourcesEdit, { orgId, codes: [...WRITE] });
    ids.runA = await buildRun(t.db, ids.orgA, { projectName: 'Linker line A' });
    ids.runB = await buildRun(t.db, ids.orgB, { projectName: 'Linker line B' });
    tokens.writer = await userIn(ids.orgA, WRITE, '10.74.0.2');
    tokens.reader = await userIn(ids.orgA, READ, '10.74.0.3');
    tokens.plain = await userIn(ids.orgA, [], '10.74.0.4');
    tokens.other = await userIn(ids.orgB, WRITE, '10.74.0.5');
    key = z.object({ key: z.string() }).parse(await ok(c.ingestKeyRotate, { runId: ids.runA })).key;
  });
  afterAll(() => t.close());

  it('records every name of an HTTP batch that maps to no tag: frames, first and last seen, last value', async () => {
    const frames = Array.from({ length: 30 }, (_, s) => ({
      ts: T0 + s * 1000,
      values: { [SPEED]: 40, 'PLC1.VORTRIEB_V': 30 + s, ...(s % 10 === 0 ? { 'GW.Heartbeat': s === 20 ? null : s } : {}) },
    }));
    const result = await ingest(frames, 'linker-1');
    expect(result).toMatchObject({ accepted: 30, unknownTags: ['GW.Heartbeat', 'PLC1.VORTRIEB_V'] });
    // Frames arriving out of order widen the span; the value of the newest frame is kept.
    await ingest([{ ts: T0 - 60_000, values: { 'PLC1.VORTRIEB_V': 1 } }, { ts: T0 + 60_000, values: { 'PLC1.Gesamtkraft': 12_500.5 } }]);
    const list = await unmapped();
    expect(list).toEqual({
      total: 3,
      full: false,
      items: [
        { rawName: 'PLC1.Gesamtkraft', count: 1, firstSeen: T0 + 60_000, lastSeen: T0 + 60_000, lastValue: 12_500.5 },
        { rawName: 'PLC1.VORTRIEB_V', count: 31, firstSeen: T0 - 60_000, lastSeen: T0 + 29_000, lastValue: 59 },
        { rawName: 'GW.Heartbeat', count: 3, firstSeen: T0, lastSeen: T0 + 20_000, lastValue: null },
      ],
    });
    // A batch resent with its id is not counted twice.
    expect((await ingest(frames, 'linker-1')).replayed).toBe(true);
    expect((await unmapped()).items.find((u) => u.rawName === 'PLC1.VORTRIEB_V')?.count).toBe(31);
  });

  it('keeps at most LIMITS.unmappedNamesKeptMax names per run: the kept ones go on being counted, the page is told the list is full', async () => {
    const runId = await buildRun(t.db, ids.orgA, { projectName: 'Chatty gateway' });
    const chatty = z.object({ key: z.string() }).parse(await ok(c.ingestKeyRotate, { runId })).key;
    const send = async (values: Record<string, number>, ts: number) => {
      const body = envelope(await call(t.app, 'POST', endpointUrl(c.ingestFrames), { token: chatty, payload: { frames: [{ ts, values }] } }));
      expect(body.code, body.msg).toBe(0);
    };
    const max = LIMITS.unmappedNamesKeptMax;
    await send(Object.fromEntries(Array.from({ length: max + 5 }, (_, i) => [`GW.N${String(i).padStart(5, '0')}`, i])), T0);
    const full = await unmapped(runId);
    expect(full).toMatchObject({ total: max, full: true });
    // A name kept is still counted; a new one finds no room (the gateway is still told of it).
    await send({ 'GW.N00000': 7, 'GW.Brand_new': 1 }, T0 + 1_000);
    const after = await unmapped(runId);
    expect(after.total).toBe(max);
    expect(after.items.find((u) => u.rawName === 'GW.N00000')).toMatchObject({ count: 2, lastValue: 7 });
    expect(after.items.some((u) => u.rawName === 'GW.Brand_new')).toBe(false);
  });

  it('suggests catalogue tags for a name by its words in any language, and by unit', async () => {
    const answer = z
      .array(z.object({ rawName: z.string(), suggestions: z.array(z.object({ code: z.string(), score: z.number() })) }))
      .parse(
        await ok(
          c.tagMappingSuggest,
          { runId: ids.runA, names: [{ rawName: 'PLC1.Gesamtkraft' }, { rawName: 'Vortriebsgeschwindigkeit', unit: 'mm/min' }, { rawName: '§§' }] },
          tokens.reader,
        ),
      );
    expect(answer.map((a) => a.rawName)).toEqual(['PLC1.Gesamtkraft', 'Vortriebsgeschwindigkeit', '§§']);
    expect(answer[0]?.suggestions.map((s) => s.code)).toContain(THRUST);
    expect(answer[1]?.suggestions[0]?.code).toBe(SPEED);
    expect(answer[1]?.suggestions.length).toBeLessThanOrEqual(LIMITS.tagSuggestionsPerName);
    expect(answer[2]?.suggestions).toEqual([]);
    const tooMany = await send(c.tagMappingSuggest, { runId: ids.runA, names: Array.from({ length: LIMITS.tagSuggestNamesMax + 1 }, (_, i) => ({ rawName: `n${i}` })) });
    expect(tooMany.msg).toMatch(/^Gateway variables: /);
    const longUnit = await send(c.tagMappingSuggest, { runId: ids.runA, names: [{ rawName: 'x', unit: 'u'.repeat(LIMITS.tagUnitMaxLength + 1) }] }, tokens.reader, 'it_IT');
    expect(longUnit.msg).toMatch(/^Unità: /);
  });

  it('refuses a tag outside the catalogue and a name given twice at their rows, in the caller language', async () => {
    const save = (mappings: object[], lang = 'en_US') => send(c.tagMappingSave, { runId: ids.runA, mappings }, tokens.writer, lang);
    const mappings = [
      { rawName: 'PLC1.VORTRIEB_V', tagCode: SPEED },
      { rawName: 'PLC1.Gesamtkraft', tagCode: 'thrust.noSuch' },
    ];
    const english = await save(mappings);
    expect(english).toMatchObject({ code: 3, msg: 'Not a tag of this machine: thrust.noSuch' });
    expect(FieldsSchema.parse(english.data).fields).toEqual([{ field: 'mappings.1.tagCode', message: 'Not a tag of this machine: thrust.noSuch' }]);
    const german = await save(mappings, 'de_AT');
    expect(german.msg).toBe('Kein Messpunkt dieser Maschine: thrust.noSuch');
    const twice = await save([{ rawName: 'A', tagCode: SPEED }, { rawName: 'B', tagCode: SPEED }, { rawName: 'A', tagCode: THRUST }]);
    // The contract's own check names the field (the page runs the same check at the row before sending).
    expect(FieldsSchema.parse(twice.data).fields).toEqual([{ field: 'rawName', message: 'Gateway variable: Each name may be used only once' }]);
    expect((await save([{ rawName: 'A', tagCode: SPEED }, { rawName: 'A', tagCode: THRUST }], 'de_AT')).msg).toBe('Gateway-Variable: Jeder Name darf nur einmal vorkommen');
    // Nothing was saved.
    expect(await ok(c.tagMappingQuery, { runId: ids.runA }, tokens.reader)).toEqual([]);
  });

  it('takes a name off the list once mapped: its next frames are stored under the tag and not counted', async () => {
    await ok(c.tagMappingSave, { runId: ids.runA, mappings: [{ rawName: 'PLC1.VORTRIEB_V', tagCode: SPEED }] }, tokens.writer);
    expect((await unmapped()).items.map((u) => u.rawName)).toEqual(['PLC1.Gesamtkraft', 'GW.Heartbeat']);
    const result = await ingest([{ ts: T0 + 120_000, values: { 'PLC1.VORTRIEB_V': 44.4, 'GW.Heartbeat': 7 } }]);
    expect(result.unknownTags).toEqual(['GW.Heartbeat']);
    const list = await unmapped();
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({ rawName: 'GW.Heartbeat', count: 4, lastSeen: T0 + 120_000, lastValue: 7 });
    const series = await ok(c.seriesQuery, { runId: ids.runA, tags: [SPEED], from: T0 + 119_000, to: T0 + 121_000 });
    expect(series).toMatchObject({ series: [{ code: SPEED, points: [[T0 + 120_000, 44.4]] }] });
  });

  it('imports a spreadsheet through the platform import, merged into the saved mappings', async () => {
    const file = await workbook([
      ['Gateway variable', 'Tag code'],
      ['PLC1.Gesamtkraft', THRUST],
      ['PLC1.VORTRIEB_V', KEY_TAGS.cutterSpeed],
    ]);
    const body = await importFile([['runId', String(ids.runA)]], file);
    expect(body).toMatchObject({ code: 0, data: { imported: 2, refused: [] } });
    expect(await ok(c.tagMappingQuery, { runId: ids.runA }, tokens.reader)).toEqual([
      { rawName: 'PLC1.Gesamtkraft', tagCode: THRUST },
      { rawName: 'PLC1.VORTRIEB_V', tagCode: KEY_TAGS.cutterSpeed },
    ]);
    expect((await unmapped()).items.map((u) => u.rawName)).toEqual(['GW.Heartbeat']);
    // The decoder reads the imported names from the next frame on.
    expect((await ingest([{ ts: T0 + 180_000, values: { 'PLC1.Gesamtkraft': 13_000 } }])).unknownTags).toEqual([]);
  });

  it('refuses an imported tag outside the catalogue at its row, and stores nothing of the file', async () => {
    const file = await workbook([
      ['Gateway-Variable', 'Messpunkt-Code'],
      ['GW.Heartbeat', SPEED],
      ['X.Y', 'thrust.noSuch'],
    ]);
    const body = await importFile([['runId', String(ids.runA)]], file, tokens.writer, 'de_AT');
    expect(body).toMatchObject({ code: 0, data: { imported: 0, refused: [{ row: 3, column: 'Messpunkt-Code', message: 'Kein Messpunkt dieser Maschine: thrust.noSuch' }] } });
    expect((await ok(c.tagMappingQuery, { runId: ids.runA }, tokens.reader)) as unknown[]).toHaveLength(2);
    expect((await importFile([['runId', 'abc']], file)).msg).toBe('Project: The value is not valid');
    expect((await importFile([['runId', String(ids.runA)]], null)).code).toBe(3);
  });

  it('lets a reader read and only a writer change; another organization gets what a missing run gets', async () => {
    const missing = 999_999;
    for (const [endpoint, payload] of [
      [c.tagMappingUnmapped, { runId: ids.runA }],
      [c.tagMappingSuggest, { runId: ids.runA, names: [{ rawName: 'x' }] }],
      [c.tagMappingQuery, { runId: ids.runA }],
    ] as const) {
      expect((await send(endpoint, payload, tokens.reader)).code).toBe(0);
      expect((await send(endpoint, payload, tokens.plain)).code).toBe(2);
      const foreign = await send(endpoint, payload, tokens.other);
      const absent = await send(endpoint, { ...payload, runId: missing }, tokens.other);
      expect([foreign.code, foreign.msg]).toEqual([absent.code, absent.msg]);
      expect(foreign.code).toBe(2);
    }
    expect((await send(c.tagMappingSave, { runId: ids.runA, mappings: [] }, tokens.reader)).code).toBe(2);
    const file = await workbook([['Gateway variable', 'Tag code'], ['Z', SPEED]]);
    expect((await importFile([['runId', String(ids.runA)]], file, tokens.reader)).code).toBe(2);
    const foreign = await importFile([['runId', String(ids.runA)]], file, tokens.other);
    const absent = await importFile([['runId', String(missing)]], file, tokens.other);
    expect([foreign.code, foreign.msg]).toEqual([absent.code, absent.msg]);
    // Run B's list is its own.
    expect(await unmapped(ids.runB, tokens.other)).toEqual({ total: 0, full: false, items: [] });
  });

  it('serves the tag-mapping template in the caller language', async () => {
    const response = await call(t.app, 'GET', endpointUrl(importsContract.TEMPLATE_ENDPOINTS.tagmap), { token: tokens.reader, lang: 'it_IT' });
    expect(response.statusCode).toBe(200);
    expect(decodeURIComponent(String(response.headers['content-disposition']))).toContain('Mappatura dei tag');
  });
});
