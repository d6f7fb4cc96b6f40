import { ALL_ENDPOINTS, endpointUrl, isResourceCode } from '@boreline/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAccessGate } from './auth.js';
import { createTestApp, type TestApp } from '../../test/testApp.js';

/** The public calls of spec §7 (main service `/g/...`) plus what the product adds in the same style. */
const EXPECTED_PUBLIC_API = [
  'GET /server_main/g/web/sys/getKaptcha/',
  'GET /server_main/g/web/sys/getSlideCaptcha/v1',
  'GET /server_main/g/web/sys/getMobileCode',
  'POST /server_main/g/web/sys/login/v1',
  'POST /server_main/g/web/sys/login/v2',
  'POST /server_main/g/web/sys/login/v3',
  'GET /server_main/g/web/sys/logout/v1',
  'POST /server_main/g/sys/user/register/v1',
  'GET /server_main/g/web/sys/health/v1',
  'GET /server_main/g/web/sys/openapi/v1',
  // The H5 view's one-time link exchange (the token in the body is the credential).
  'POST /server_project/g/web/monitor/h5/exchange/v1',
  // A tool page's one-time render ticket exchange, like the H5 link's (the ticket in the body is the credential).
  'POST /server_project/g/web/tool/exchange/v1',
  // A file ticket's stream (the ticket in the query, issued for one file, is the credential).
  'GET /server_project/g/web/file/stream/v1',
  // A report delivery's file through the link its webhook received (the token in the query is the credential).
  'GET /server_project/g/web/report/delivery/file/v1',
  // The H5 view's current alarms: the H5 session's token in the path is the credential.
  'GET /server_project/u/web/alarm/current/query/v1/:token',
  // Feedback is explicitly open (spec §2): captcha, per-address limit and sizes guard it.
  'POST /server_project/u/feedBack/add',
  'POST /server_project/u/web/feedBack/add/v1',
].sort();

describe('route gate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('registers every contract endpoint at its spec path and nothing else under the API bases', () => {
    const api = t.app.routeTable.filter((r) => r.url.startsWith('/server_') && r.method !== 'HEAD');
    const expected = ALL_ENDPOINTS.map((e) => `${e.method} ${endpointUrl(e)}`).sort();
    expect(api.map((r) => `${r.method} ${r.url}`).sort()).toEqual(expected);
    for (const endpoint of ALL_ENDPOINTS) {
      const declared = endpoint.permission;
      expect(declared === 'public' || declared === 'authenticated' || declared === 'machine' || isResourceCode(declared), endpoint.id).toBe(true);
    }
  });

  it('lists the route table: every route declares its access, and the public API set equals the spec', () => {
    const table = t.app.routeTable;
    const publicApi = table
      .filter((r) => r.url.startsWith('/server_') && r.method !== 'HEAD' && r.permission === 'public')
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(publicApi).toEqual(EXPECTED_PUBLIC_API);
    // Machine keys open exactly the ingest route, nothing a user reaches.
    const machineApi = table.filter((r) => r.permission === 'machine').map((r) => `${r.method} ${r.url}`);
    expect(machineApi).toEqual(['POST /server_project/ingest/frames/v1']);
    const protectedApi = table.filter((r) => r.url.startsWith('/server_') && r.permission !== 'public');
    expect(protectedApi.length).toBeGreaterThan(0);
    console.log(`route gate: ${table.length} routes = ${table.length} declared; ${publicApi.length} public API routes`);
  });

  it('refuses at start-up a route that declares no access', async () => {
    const app = Fastify();
    registerAccessGate(app, { sessions: { authenticate: () => Promise.reject(new Error('unused')) }, machines: { authenticate: async () => null }, policy: { isAllowed: async () => false, resourcesOf: async () => [], rolesOf: async () => [] } });
    app.get('/server_main/u/declared', { config: { permission: 'authenticated' } }, async () => 'x');
    expect(() => app.get('/server_main/u/undeclared', async () => 'x')).toThrow(/declares no access/);
    await app.close();
  });

  it('never lets duplicate slashes, a trailing slash or an encoded prefix reach a protected route', async () => {
    for (const url of [
      '//server_main/u/web/sys/user/queryUserInfo/v1',
      '/server_main//u/web/sys/user/queryUserInfo/v1',
      '/server_main/u/web/sys/user/queryUserInfo/v1/',
      '/server_main/%75/web/sys/user/queryUserInfo/v1',
      '/server_main/u/web/sys/user/queryUserInfo/v1?x=/g/',
    ]) {
      const response = await t.app.inject({ method: 'POST', url, payload: {} });
      const body: { code: number; data: unknown } = response.json();
      expect(body.code, url).not.toBe(0);
      expect(JSON.stringify(body.data), url).not.toMatch(/phone|email|token/);
    }
  });
});
