import { adminContract, endpointUrl } from '@boreline/contracts';
import { type Locale, type MessageKey, type MessageParams, translate } from '@boreline/i18n';
import { expect } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

export type Body = { code: number; msg: string; data: unknown };
export type Endpoint = { base: 'main' | 'project'; path: string; method: 'GET' | 'POST' };

/** The refusal of one field as the server words it in a language. */
export const fieldSays = (locale: Locale, field: string, key: MessageKey, params: MessageParams = {}) =>
  translate(locale, 'common.error.fieldInvalid', { field: translate(locale, `field.${field}` as MessageKey), message: translate(locale, key, params) });

/** A multipart form as a browser sends it: fields in order, the file under `file`. */
export async function multipart(parts: [string, string | Buffer][], fileName = 'rings.xlsx'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') data.append(name, value);
    else data.append(name, new Blob([new Uint8Array(value)]), fileName);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type') ?? '' } };
}

/** A query string of an input: lists as repeated keys. */
export const queryOf = (input: object): string =>
  new URLSearchParams(Object.entries(input).flatMap(([k, v]): [string, string][] => (Array.isArray(v) ? v.map((x): [string, string] => [k, String(x)]) : [[k, String(v)]]))).toString();

export interface SegmentWorld {
  t: TestApp;
  /** Read and write segment data in the run's organization. */
  writer: string;
  writerId: number;
  /** segment.data.read only. */
  reader: string;
  /** In the organization without any segment code. */
  plain: string;
  /** Every segment code, in another organization (another tenant) with its own run. */
  stranger: string;
  runId: number;
  otherRunId: number;
  api(endpoint: Endpoint, input: object, token?: string, lang?: string): Promise<Body>;
  ok<T>(endpoint: Endpoint, input: object, token?: string): Promise<T>;
}

/** A test app with two tenants, their runs and the callers of the segment tests. */
export async function segmentWorld(ipPrefix: string): Promise<SegmentWorld> {
  const t = await createTestApp();
  const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: `${ipPrefix}.1` });
  const admin = async (endpoint: { path: string }, payload: object) => {
    const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
    expect(body.code, body.msg).toBe(0);
    return Number((body.data as { id?: number }).id);
  };
  const root = ((envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id) ?? 1;
  const group = await admin(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
  const other = await admin(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
  const runId = await buildRun(t.db, group, { projectName: 'Metro M5', tbmCode: 'TBM-M5' });
  const otherRunId = await buildRun(t.db, other);
  const codes = ['segment.data.read', 'segment.data.write'];
  for (const orgId of [group, other]) await admin(adminContract.orgResourcesEdit, { orgId, codes });
  const role = async (orgId: number, name: string, roleCodes: string[]) => {
    const id = await admin(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
    await admin(adminContract.roleResourcesUpdate, { roleId: id, codes: roleCodes });
    return id;
  };
  const writers = await role(group, 'Surveyors', codes);
  const readers = await role(group, 'Segment readers', ['segment.data.read']);
  const strangers = await role(other, 'Other surveyors', codes);
  const userIn = async (orgId: number, roleIds: number[], ip: string) => {
    const user = await buildUser(t.db, { nickname: 'Sara Surveyor' });
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await admin(adminContract.userAssignRoles, { userId: user.id, roleIds });
    return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip }) };
  };
  const w = await userIn(group, [writers], `${ipPrefix}.2`);
  const reader = (await userIn(group, [readers], `${ipPrefix}.3`)).token;
  const plain = (await userIn(group, [], `${ipPrefix}.4`)).token;
  const stranger = (await userIn(other, [strangers], `${ipPrefix}.5`)).token;

  const api = async (endpoint: Endpoint, input: object, token = w.token, lang = 'en_US'): Promise<Body> => {
    if (endpoint.method === 'GET') return envelope(await call(t.app, 'GET', `${endpointUrl(endpoint)}?${queryOf(input)}`, { token, lang }));
    return envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload: input, lang }));
  };
  const ok = async <T>(endpoint: Endpoint, input: object, token = w.token): Promise<T> => {
    const body = await api(endpoint, input, token);
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  return { t, writer: w.token, writerId: w.id, reader, plain, stranger, runId, otherRunId, api, ok };
}
