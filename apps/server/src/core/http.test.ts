import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_ENDPOINTS, endpointUrl } from '@boreline/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/testApp.js';

const LOGIN = '/server_main/g/web/sys/login/v1';

describe('server core', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'boreline-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
    writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
    t = await createTestApp({ WEB_DIST: webDist, BODY_LIMIT_BYTES: '2048' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  describe('GET /g/web/sys/health/v1', () => {
    it('answers the envelope with the database reachable', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/server_main/g/web/sys/health/v1' });
      expect(response.statusCode).toBe(200);
      expect(envelope(response)).toMatchObject({
        code: 0,
        msg: 'Success',
        data: { status: 'ok' },
      });
    });
  });

  describe('translated envelope', () => {
    it('translates msg by the lang header, English by default', async () => {
      const payload = { account: '', password: 'x', state: 'abcdefghijklmnop', captcha: '1' };
      const english = envelope(await t.app.inject({ method: 'POST', url: LOGIN, payload }));
      const chinese = envelope(await t.app.inject({ method: 'POST', url: LOGIN, payload, headers: { lang: 'zh_CN' } }));
      const german = envelope(await t.app.inject({ method: 'POST', url: LOGIN, payload, headers: { lang: 'de-AT' } }));
      expect(english).toMatchObject({ code: 3, msg: 'Account: This field is required' });
      expect(chinese.code).toBe(3);
      expect(chinese.msg).toContain('账号');
      expect(german.msg).not.toBe(english.msg);
      expect(english.data).toEqual({ fields: [{ field: 'account', message: 'Account: This field is required' }] });
    });

    it('answers an unknown API path with 404 and code 404, translated', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/server_project/u/web/nothing/v1', headers: { lang: 'it_IT' } });
      expect(response.statusCode).toBe(404);
      const body = envelope(response);
      expect(body.code).toBe(404);
      expect(body.msg).toMatch(/404/);
      expect(body.msg).not.toBe('The requested address was not found (404)');
    });

    it('answers malformed JSON and an oversized body with code 3, never 500', async () => {
      const bad = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'application/json' },
        payload: '{"account":',
      });
      expect(bad.statusCode).toBe(400);
      expect(envelope(bad)).toMatchObject({ code: 3, msg: 'The request could not be read' });
      const big = await t.app.inject({ method: 'POST', url: LOGIN, payload: { account: 'x'.repeat(4096) } });
      expect(big.statusCode).toBe(413);
      expect(envelope(big)).toMatchObject({ code: 3, msg: 'The request is too large' });
    });

    it('never shows a stack, SQL or path in an error answer', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: LOGIN,
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
      });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toMatch(/at .*\.ts|select |node_modules/i);
    });
  });

  describe('security headers', () => {
    it('sends CSP, nosniff, referrer policy and frame protection on API and pages', async () => {
      for (const url of ['/server_main/g/web/sys/health/v1', '/client_web/']) {
        const response = await t.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("media-src 'self' blob:");
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('same-origin');
        expect(response.headers['access-control-allow-origin']).toBeUndefined();
      }
    });
  });

  describe('web app at /client_web', () => {
    it('serves index.html, with history fallback for app routes', async () => {
      for (const url of ['/client_web/', '/client_web/login', '/client_web/fw1/home?runId=3']) {
        const response = await t.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-type'], url).toContain('text/html');
        expect(response.body).toContain('<div id="root">');
      }
    });

    it('serves hashed assets as immutable and answers a missing asset with 404, not the page', async () => {
      const asset = await t.app.inject({ method: 'GET', url: '/client_web/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      const missing = await t.app.inject({ method: 'GET', url: '/client_web/assets/missing-1.js' });
      expect(missing.statusCode).toBe(404);
    });

    it('redirects / to the app', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/client_web/');
    });
  });

  describe('GET /g/web/sys/openapi/v1', () => {
    it('documents every contract endpoint with its method, permission and envelope', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/server_main/g/web/sys/openapi/v1' });
      expect(response.statusCode).toBe(200);
      type Parameter = { name: string; in: string; required: boolean };
      const doc: { openapi: string; paths: Record<string, Record<string, { operationId: string; 'x-permission': string; parameters: Parameter[] }>> } =
        response.json();
      expect(doc.openapi).toBe('3.1.0');
      for (const endpoint of ALL_ENDPOINTS) {
        // Path parameters are written in OpenAPI's form: `:token` as `{token}`.
        const operation = doc.paths[endpointUrl(endpoint).replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
        expect(operation?.operationId, endpoint.id).toBe(endpoint.id);
        expect(operation?.['x-permission']).toBe(endpoint.permission);
      }
      const byToken = doc.paths['/server_project/u/web/alarm/current/query/v1/{token}']?.get;
      expect(byToken?.parameters.filter((p) => p.in !== 'header')).toEqual([
        expect.objectContaining({ name: 'runId', in: 'query', required: true }),
        expect.objectContaining({ name: 'level', in: 'query', required: false }),
        expect.objectContaining({ name: 'subsystem', in: 'query', required: false }),
        expect.objectContaining({ name: 'token', in: 'path', required: true }),
      ]);
    });
  });
});
