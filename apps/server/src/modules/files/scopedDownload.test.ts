import { endpointUrl, filesContract, graphContract, type StoredFile } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRun, call, signIn } from '../../../test/factories.js';
import { ADMIN, createTestApp, envelope, type TestApp } from '../../../test/testApp.js';
import { multipartOf, pngOf } from './files.fixture.js';

const CLIENT = { ip: '127.0.0.1', userAgent: 'test' };

/**
 * A run-scoped session (a tool page's, an H5 link's) reads a stored file only through the object
 * it belongs to: its own run's drawing with the drawing's read code, nothing else.
 */
describe('stored files for run-scoped sessions (GET /g/web/getDownloadFile/v1)', () => {
  let t: TestApp;
  let sa = '';
  let saId = 0;
  const runs = { a: 0, b: 0 };
  const files = { drawingA: '', drawingB: '', loose: '' };

  const upload = async (runId: number): Promise<StoredFile> => {
    const form = multipartOf({ purpose: 'drawing', runId: String(runId) }, [{ name: 'plan.png', type: 'image/png', data: await pngOf(2_000, 120, 80) }]);
    const body = envelope(await t.app.inject({ method: 'POST', url: endpointUrl(filesContract.upload), headers: { ...form.headers, authorization: sa, lang: 'en_US' }, payload: form.payload, remoteAddress: '127.0.0.1' }));
    expect(body.code, body.msg).toBe(0);
    return body.data as StoredFile;
  };
  const drawingOf = async (runId: number): Promise<string> => {
    const file = await upload(runId);
    const body = envelope(await call(t.app, 'POST', endpointUrl(graphContract.drawingSave), { token: sa, payload: { runId, name: 'plan', lang: null, variant: 'default', fileId: file.id } }));
    expect(body.code, body.msg).toBe(0);
    return file.id;
  };
  const download = (token: string, id: string) => t.app.inject({ method: 'GET', url: `${endpointUrl(filesContract.download)}?id=${id}`, headers: { authorization: token } });

  beforeAll(async () => {
    t = await createTestApp();
    sa = await signIn(t.app, ADMIN.email, ADMIN.password, { ip: '10.94.0.1' });
    const admin = await t.db.kysely.selectFrom('users').select('id').where('email', '=', ADMIN.email).executeTakeFirstOrThrow();
    saId = admin.id;
    const root = (await t.db.kysely.selectFrom('orgs').select('id').where('parent_id', 'is', null).executeTakeFirstOrThrow()).id;
    runs.a = await buildRun(t.db, root, { projectName: 'Run A' });
    runs.b = await buildRun(t.db, root, { projectName: 'Run B' });
    files.drawingA = await drawingOf(runs.a);
    files.drawingB = await drawingOf(runs.b);
    // Uploaded, never attached: its uploader's own.
    files.loose = (await upload(runs.a)).id;
  });
  afterAll(() => t.close());

  const scoped = async (runId: number, tool?: 'graphTool' | 'guideTool') => (await t.app.platform.services.get('sessions').openScoped(saId, runId, CLIENT, tool)).token;

  it("a graph tool's session reads its run's drawing", async () => {
    const response = await download(await scoped(runs.a, 'graphTool'), files.drawingA);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
  });

  it("is refused another run's drawing, a file attached to nothing, and a drawing its tool does not show", async () => {
    const graph = await scoped(runs.a, 'graphTool');
    expect(envelope(await download(graph, files.drawingB)).code).toBe(2);
    expect(envelope(await download(graph, files.loose)).code).toBe(2);
    // The guidance view's session reads real-time values only; an H5 link's the same.
    expect(envelope(await download(await scoped(runs.a, 'guideTool'), files.drawingA)).code).toBe(2);
    expect(envelope(await download(await scoped(runs.a), files.drawingA)).code).toBe(2);
  });

  it('the same session still opens nothing else outside its codes', async () => {
    const graph = await scoped(runs.a, 'graphTool');
    const body = envelope(await call(t.app, 'POST', endpointUrl(filesContract.ticketIssue), { token: graph, payload: { id: files.drawingA } }));
    expect(body.code).toBe(2);
  });
});
