import { dictionaryContract, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, call, signIn } from '../../../test/factories.js';
import { createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

type DicList = { type: string; items: { code: string; name: string }[] };

describe('dictionaries (POST /u/web/dic/queryDicList/v1)', () => {
  let t: TestApp;
  let token: string;
  const url = endpointUrl(dictionaryContract.dicQueryList);
  const list = async (types: unknown, lang = 'en_US', auth: string = token) => envelope(await call(t.app, 'POST', url, { token: auth, payload: { types }, lang }));
  const lists = async (types: string[], lang = 'en_US') => {
    const body = await list(types, lang);
    expect(body.code, body.msg).toBe(0);
    return body.data as DicList[];
  };
  const names = (all: DicList[], type: string) => Object.fromEntries(all.find((l) => l.type === type)?.items.map((i) => [i.code, i.name]) ?? []);

  beforeAll(async () => {
    t = await createTestApp();
    // Any signed-in user reads the dictionaries: no organization, role or resource needed.
    const user = await buildUser(t.db);
    token = await signIn(t.app, user.phone, user.password, { ip: '10.75.0.1' });
  });
  afterAll(() => t.close());

  it('answers code 1 without a session and names bad input', async () => {
    expect((await list(['machineStatus'], 'en_US', '')).code).toBe(1);
    expect((await list(['noSuchDictionary'])).msg).toBe('Dictionaries: The value is not valid');
    expect((await list([])).msg).toBe('Dictionaries: This field is required');
    expect((await list(undefined)).msg).toBe('Dictionaries: This field is required');
  });

  it('answers the asked dictionaries once each, in the asked order, with English names', async () => {
    const all = await lists(['stopReason', 'machineStatus', 'stopReason', 'maintenanceCycle']);
    expect(all.map((l) => l.type)).toEqual(['stopReason', 'machineStatus', 'maintenanceCycle']);
    expect(names(all, 'machineStatus')).toEqual({ advance: 'Advance', ringBuild: 'Ring building', waiting: 'Waiting', finish: 'Finish', offline: 'Offline' });
    const reasons = all[0]?.items ?? [];
    expect(reasons.length).toBeGreaterThanOrEqual(12);
    expect(reasons.map((r) => r.code)).toEqual([...dictionaryContract.STOP_REASONS]);
    expect(names(all, 'stopReason')).toMatchObject({ segmentSupply: 'Segment supply', cutterChange: 'Cutter change', hydraulicBreakdown: 'Hydraulic breakdown', other: 'Other' });
    expect(names(all, 'maintenanceCycle')).toMatchObject({ beforeUse: 'Before use', halfYearly: 'Half-yearly', yearly: 'Yearly' });
    const rest = await lists(['machineType', 'workProcess', 'maintenanceType', 'country']);
    expect(names(rest, 'machineType')).toEqual({ epb: 'EPB', slurry: 'Slurry' });
    expect(names(rest, 'workProcess')).toMatchObject({ ringBuild: 'Ring building', serviceExtension: 'Extension of rails and pipes' });
    expect(names(rest, 'maintenanceType')).toMatchObject({ dailyInspection: 'Daily inspection', corrective: 'Corrective maintenance' });
    // Countries of the demo projects and more, alphabetical in the caller language.
    const countries = rest.find((l) => l.type === 'country')?.items ?? [];
    expect(countries.map((c) => c.code)).toEqual(expect.arrayContaining(['IT', 'TR', 'PT', 'CN', 'AT', 'DE', 'GB', 'US']));
    expect(countries.length).toBeGreaterThanOrEqual(16);
    expect(names(rest, 'country')).toMatchObject({ IT: 'Italy', DE: 'Germany', PT: 'Portugal' });
    expect(countries.map((c) => c.name)).toEqual([...countries.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('translates the names into the caller language', async () => {
    const chinese = await lists(['machineStatus', 'stopReason', 'country'], 'zh_CN');
    expect(names(chinese, 'machineStatus')).toMatchObject({ advance: '掘进', ringBuild: '拼装', waiting: '等待', offline: '离线' });
    expect(names(chinese, 'stopReason')).toMatchObject({ segmentSupply: '管片供应', cutterChange: '换刀' });
    expect(names(chinese, 'country')).toMatchObject({ IT: '意大利', CN: '中国' });
    const austrian = await lists(['stopReason', 'country'], 'de_AT');
    expect(names(austrian, 'stopReason')).toMatchObject({ segmentSupply: 'Tübbinglieferung', shiftChange: 'Schichtwechsel' });
    expect(names(austrian, 'country')).toMatchObject({ AT: 'Österreich', IT: 'Italien' });
  });
});
