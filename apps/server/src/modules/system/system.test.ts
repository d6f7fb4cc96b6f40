import { systemContract } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';

const HEALTH = '/server_main/g/web/sys/health/v1';

describe('GET /g/web/sys/health/v1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const health = async (token?: string) => {
    const response = await t.app.inject({ method: 'GET', url: HEALTH, headers: token ? { authorization: token } : {} });
    expect(response.statusCode).toBe(200);
    return envelope(response).data;
  };

  it('tells an anonymous caller only whether the server is ok', async () => {
    expect(await health()).toEqual({ status: 'ok' });
    expect(await health('not-a-session-token-at-all')).toEqual({ status: 'ok' });
  });

  it('tells a signed-in user who is not the super administrator no more', async () => {
    const user = await buildUser(t.db);
    expect(await health(await signIn(t.app, user.phone, user.password, { ip: '10.40.0.1' }))).toEqual({ status: 'ok' });
  });

  it('gives the super administrator the engine, version and uptime', async () => {
    const token = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.40.0.2' });
    expect(await health(token)).toEqual({
      status: 'ok',
      details: {
        version: expect.any(String),
        database: process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite',
        databaseOk: true,
        uptimeSeconds: expect.any(Number),
      },
    });
  });

  it('is described in the OpenAPI document as the contract and the answers say', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/server_main/g/web/sys/openapi/v1' })).json() as {
      paths: Record<string, { get: Record<string, unknown> }>;
    };
    const operation = doc.paths[HEALTH]?.get as {
      summary: string;
      'x-permission': string;
      responses: { 200: { content: { 'application/json': { schema: { properties: { data: Record<string, unknown> } } } } } };
    };
    expect(operation.summary).toBe(systemContract.health.summary);
    expect(operation.summary).toMatch(/super administrator/);
    expect(operation['x-permission']).toBe('public');
    const data = operation.responses[200].content['application/json'].schema.properties.data as {
      required: string[];
      properties: { status: { enum: string[] }; details: { required: string[] } };
    };
    // Only the status is promised to every caller; the details are optional.
    expect(data.required).toEqual(['status']);
    expect(data.properties.status.enum).toEqual(['ok', 'degraded']);
    expect([...data.properties.details.required].sort()).toEqual(['database', 'databaseOk', 'uptimeSeconds', 'version']);
    // Every answer the server gives fits the documented schema: no field beyond it.
    expect(Object.keys(data.properties).sort()).toEqual(Object.keys((await health()) as object).concat('details').sort());
  });
});
