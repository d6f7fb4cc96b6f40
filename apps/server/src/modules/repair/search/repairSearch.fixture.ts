import { adminContract, endpointUrl, filesContract } from '@boreline/contracts';
import type { Insertable } from 'kysely';
import { expect } from 'vitest';
import { buildRun, buildUser, call, signIn } from '../../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../../test/testApp.js';
import type { RepairRecordTable } from '../../../db/schema/repair.js';
import { RepairSearch } from './repairSearch.js';

export type Body = { code: number; msg: string; data: unknown };
type Endpoint = { base: 'main' | 'project'; path: string };

export interface User {
  id: number;
  token: string;
}

/**
 * Two tenants for the search, knowledge and diagnosis tests: tenant A's organization with two runs
 * (runA, runA2) and tenant B's with one (runB).
 * - writer: every repair and knowledge code in A; reader: the read codes in A; plain: none;
 * - limited: the read codes in A but assigned to runA alone (runA2 is out of his reach);
 * - stranger: every code in B.
 * `search` indexes rows written straight into the tables (the repair service's writes index the same way).
 */
export interface SearchWorld {
  t: TestApp;
  sa: string;
  writer: User;
  reader: User;
  plain: User;
  limited: User;
  stranger: User;
  runA: number;
  runA2: number;
  runB: number;
  search: RepairSearch;
  post(endpoint: Endpoint, payload: object, token?: string, lang?: string): Promise<Body>;
  data<T>(body: Body): T;
  /** A repair written straight into the table (published unless said otherwise) and indexed. */
  addRepair(runId: number, fields: Partial<Insertable<RepairRecordTable>> & { title: string; description: string }): Promise<number>;
  /** Uploads a file for a run with purpose `knowledge`. */
  upload(runId: number, name: string, bytes: Uint8Array, token?: string): Promise<string>;
}

export const READ_CODES = ['maintenance.repair.read', 'maintenance.knowledge.read'];
export const ALL_CODES = [...READ_CODES, 'maintenance.repair.write', 'maintenance.knowledge.write', 'maintenance.case.publish'];

export async function searchWorld(ip: string): Promise<SearchWorld> {
  const t = await createTestApp();
  const sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: `${ip}.1` });
  const ok = async (endpoint: { path: string }, payload: object) => {
    const body = envelope(await call(t.app, 'POST', `/server_main${endpoint.path}`, { token: sa, payload }));
    expect(body.code, body.msg).toBe(0);
    return Number((body.data as { id?: number }).id);
  };
  const root = (envelope(await call(t.app, 'POST', endpointUrl(adminContract.orgQuery), { token: sa, payload: {} })).data as { id: number }[])[0]?.id ?? 1;
  const group = await ok(adminContract.orgAdd, { parentId: root, name: 'Tunnel contractor', type: 'company', sort: 1 });
  const other = await ok(adminContract.orgAdd, { parentId: root, name: 'Other contractor', type: 'company', sort: 2 });
  const runA = await buildRun(t.db, group, { projectName: 'Metro M5' });
  const runA2 = await buildRun(t.db, group, { projectName: 'Brenner base tunnel' });
  const runB = await buildRun(t.db, other, { projectName: 'Other metro' });
  for (const orgId of [group, other]) await ok(adminContract.orgResourcesEdit, { orgId, codes: ALL_CODES });
  const role = async (orgId: number, name: string, codes: string[]) => {
    const id = await ok(adminContract.roleAdd, { name, kind: 'custom', orgId, sort: 1 });
    await ok(adminContract.roleResourcesUpdate, { roleId: id, codes });
    return id;
  };
  const writers = await role(group, 'Repair writers', ALL_CODES);
  const readers = await role(group, 'Repair readers', READ_CODES);
  const strangers = await role(other, 'Other writers', ALL_CODES);
  let n = 1;
  const userIn = async (orgId: number, roleIds: number[], runs: number[] = []): Promise<User> => {
    const user = await buildUser(t.db);
    await t.db.kysely.updateTable('users').set({ org_id: orgId }).where('id', '=', user.id).execute();
    if (roleIds.length > 0) await ok(adminContract.userAssignRoles, { userId: user.id, roleIds });
    for (const runId of runs) await t.db.kysely.insertInto('user_runs').values({ user_id: user.id, run_id: runId }).execute();
    n += 1;
    return { id: user.id, token: await signIn(t.app, user.phone, user.password, { ip: `${ip}.${n}` }) };
  };
  const writer = await userIn(group, [writers]);
  const reader = await userIn(group, [readers]);
  const plain = await userIn(group, []);
  const limited = await userIn(group, [readers], [runA]);
  const stranger = await userIn(other, [strangers]);
  const search = new RepairSearch({ db: t.db.kysely, dialect: t.db.dialect });

  const post = async (endpoint: Endpoint, payload: object, token = writer.token, lang = 'en_US'): Promise<Body> =>
    envelope(await call(t.app, 'POST', endpointUrl(endpoint), { token, payload, lang }));
  const data = <T>(body: Body): T => {
    expect(body.code, body.msg).toBe(0);
    return body.data as T;
  };
  let found = Date.UTC(2026, 9, 1);
  const addRepair: SearchWorld['addRepair'] = async (runId, fields) => {
    found += 3_600_000;
    const { id } = await t.db.kysely
      .insertInto('repair_records')
      .values({
        run_id: runId,
        finder: 'Crew A',
        found_at: found,
        system: 'Main drive',
        component: 'Seal',
        failure_mode: null,
        cause: null,
        result: null,
        repairers: null,
        repaired_at: found + 1000,
        state: 'repaired',
        case_state: 'published',
        published_at: found + 2000,
        published_by: null,
        alarm_id: null,
        ring_no: null,
        mtce_record_id: null,
        fingerprint: null,
        created_by: null,
        created_at: found,
        updated_at: found,
        ...fields,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await search.reindex('repair', id);
    return id;
  };
  const upload: SearchWorld['upload'] = async (runId, name, bytes, token = writer.token) => {
    const body = new FormData();
    body.append('purpose', 'knowledge');
    body.append('runId', String(runId));
    body.append('file', new Blob([new Uint8Array(bytes)]), name);
    const request = new Request('http://localhost/', { method: 'POST', body });
    const response = await t.app.inject({
      method: 'POST',
      url: endpointUrl(filesContract.uploadV2),
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type') ?? '', authorization: token },
    });
    return data<{ id: string }>(envelope(response)).id;
  };
  return { t, sa, writer, reader, plain, limited, stranger, runA, runA2, runB, search, post, data, addRepair, upload };
}
