import { alarmContract, authContract, riskContract } from '@boreline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, type ClientContext, configureClient, request } from './client.js';

interface Recorded {
  url: string;
  init: RequestInit;
}

function respond(body: unknown, init: { status?: number; type?: string } = {}) {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': init.type ?? 'application/json; charset=utf-8' },
  });
}

describe('request client', () => {
  const calls: Recorded[] = [];
  const warnings: string[] = [];
  const ended: { forcedOffline: boolean; message: string }[] = [];
  let mobile = false;
  let next: () => Promise<Response>;

  beforeEach(() => {
    calls.length = 0;
    warnings.length = 0;
    ended.length = 0;
    mobile = false;
    const context: ClientContext = {
      token: () => 'tok-123',
      language: () => 'de_AT',
      isMobile: () => mobile,
      text: (key) => `text:${key}`,
      warn: (text) => warnings.push(text),
      onSessionEnded: (reason) => ended.push(reason),
    };
    configureClient(context);
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return next();
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends Authorization and lang, with credentials, and resolves data on code 0', async () => {
    next = async () => respond({ code: 0, msg: 'ok', data: { total: 1 } });
    await expect(call(authContract.loginLog, { page: 2, pageSize: 10 })).resolves.toEqual({ total: 1 });
    const [first] = calls;
    expect(first?.url).toBe('/server_project/u/user/listLoginLog');
    expect(first?.init.credentials).toBe('include');
    expect(first?.init.headers).toMatchObject({ Authorization: 'tok-123', lang: 'de_AT', 'Content-Type': 'application/json' });
    expect(first?.init.body).toBe(JSON.stringify({ page: 2, pageSize: 10 }));
  });

  it('puts GET input in the query string', async () => {
    next = async () => respond({ code: 0, msg: 'ok', data: null });
    await call(authContract.mobileCode, { mobile: '139', state: 'abcdefghijklmnop', captcha: 'X' });
    expect(calls[0]?.url).toBe('/server_main/g/web/sys/getMobileCode?mobile=139&state=abcdefghijklmnop&captcha=X');
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('fills `:param` segments of the path from the input and sends the rest in the query string', async () => {
    next = async () => respond({ code: 0, msg: 'ok', data: null });
    await call(alarmContract.alarmCurrentQueryByToken, { token: 'h5AbCdEfGhIjKlMnOpQrStUv', runId: 7 });
    expect(calls[0]?.url).toBe('/server_project/u/web/alarm/current/query/v1/h5AbCdEfGhIjKlMnOpQrStUv?runId=7');
  });

  it('sends a form endpoint form-encoded: text values, lists repeated, an empty list as one empty field, absent values left out', async () => {
    next = async () => respond({ code: 0, msg: 'ok', data: { id: 4 } });
    await call(riskContract.riskEdit, { id: 4, code: 'R-1', position: 12.5, name: 'Fault zone', startChainage: '1+100', endChainage: 1120, pictureIds: ['a'.repeat(22), 'b'.repeat(22)] });
    expect(calls[0]?.url).toBe('/server_project/u/web/alarm/risk/edit/v1');
    expect(calls[0]?.init.headers).toMatchObject({ 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' });
    expect(calls[0]?.init.body).toBe(`id=4&code=R-1&position=12.5&name=Fault+zone&startChainage=1%2B100&endChainage=1120&pictureIds=${'a'.repeat(22)}&pictureIds=${'b'.repeat(22)}`);
    await call(riskContract.riskEdit, { id: 4, code: 'R-1', position: 1, name: 'N', startChainage: 1, endChainage: 2, pictureIds: [], remark: undefined });
    expect(calls[1]?.init.body).toBe('id=4&code=R-1&position=1&name=N&startChainage=1&endChainage=2&pictureIds=');
  });

  it('code 1: warns with the server text, ends the session and rejects', async () => {
    next = async () => respond({ code: 1, msg: 'Sitzung abgelaufen', data: { reason: 'expired' } }, { status: 401 });
    await expect(request({ method: 'POST', url: '/x', json: {} })).rejects.toMatchObject({ code: 1, message: 'Sitzung abgelaufen' });
    expect(warnings).toEqual(['Sitzung abgelaufen']);
    expect(ended).toEqual([{ forcedOffline: false, message: 'Sitzung abgelaufen' }]);
  });

  it('code 1 forced offline: no warning (a dialog follows), the session ends with the reason', async () => {
    next = async () => respond({ code: 1, msg: 'elsewhere', data: { reason: 'forced_offline' } }, { status: 401 });
    await expect(request({ method: 'POST', url: '/x', json: {} })).rejects.toBeInstanceOf(ApiError);
    expect(warnings).toEqual([]);
    expect(ended).toEqual([{ forcedOffline: true, message: 'elsewhere' }]);
  });

  it('code 2: warns about permissions and rejects', async () => {
    next = async () => respond({ code: 2, msg: '', data: null }, { status: 403 });
    await expect(request({ method: 'POST', url: '/x', json: {} })).rejects.toMatchObject({ code: 2, message: 'text:forbidden' });
    expect(warnings).toEqual(['text:forbidden']);
  });

  it('in mobile mode shows no warning for codes 1 and 2', async () => {
    mobile = true;
    next = async () => respond({ code: 1, msg: 'gone', data: null }, { status: 401 });
    await expect(request({ method: 'POST', url: '/x' })).rejects.toMatchObject({ code: 1 });
    next = async () => respond({ code: 2, msg: 'no', data: null }, { status: 403 });
    await expect(request({ method: 'POST', url: '/x' })).rejects.toMatchObject({ code: 2 });
    expect(warnings).toEqual([]);
    expect(ended).toHaveLength(1);
  });

  it('code 3: hands the server message and field problems to the caller, no warning', async () => {
    const data = { fields: [{ field: 'phone', message: 'Phone: wrong' }] };
    next = async () => respond({ code: 3, msg: 'Phone: wrong', data }, { status: 400 });
    await expect(request({ method: 'POST', url: '/x' })).rejects.toMatchObject({ code: 3, message: 'Phone: wrong', data });
    expect(warnings).toEqual([]);
  });

  it('maps an unknown code to -2 and keeps 404 and 500', async () => {
    next = async () => respond({ code: 77, msg: 'odd', data: null });
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ code: -2, message: 'odd' });
    next = async () => respond({ code: 404, msg: '', data: null }, { status: 404 });
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ code: 404, message: 'text:notFound404' });
    next = async () => respond({ code: 500, msg: '', data: null }, { status: 500 });
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ code: 500, message: 'text:server500' });
  });

  it('uses the standard texts for network failures, bare 404/500 pages and bad formats', async () => {
    next = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ message: 'text:cannotConnect' });
    next = async () => respond('<html>gateway</html>', { status: 502, type: 'text/html' });
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ code: 500, message: 'text:server500' });
    next = async () => respond('<html>nope</html>', { status: 404, type: 'text/html' });
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ code: 404, message: 'text:notFound404' });
    next = async () => respond('{"code":', { type: 'application/json' });
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ message: 'text:badFormat' });
    next = async () => respond('null', { type: 'application/json' });
    await expect(request({ method: 'GET', url: '/x' })).rejects.toMatchObject({ message: 'text:noData' });
  });

  it('returns text/xml and octet-stream answers unchanged', async () => {
    next = async () => respond('<svg/>', { type: 'text/xml' });
    await expect(request({ method: 'GET', url: '/x' })).resolves.toBe('<svg/>');
    next = async () => new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'application/octet-stream' } });
    const blob = await request<Blob>({ method: 'GET', url: '/x' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('returns SVG drawings as their text (the machine diagram), Office documents as files', async () => {
    next = async () => respond('<svg xmlns="http://www.w3.org/2000/svg"/>', { type: 'image/svg+xml' });
    await expect(request({ method: 'GET', url: '/x' })).resolves.toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });

  it('returns stored files of every kind a page shows unchanged: videos, PDFs and Office documents', async () => {
    for (const type of ['video/mp4', 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/msword']) {
      next = async () => new Response(new Uint8Array([4, 5, 6]), { headers: { 'content-type': type } });
      const blob = await request<Blob>({ method: 'GET', url: '/x' });
      expect(new Uint8Array(await blob.arrayBuffer()), type).toEqual(new Uint8Array([4, 5, 6]));
    }
  });

  it('gives up after the configured timeout with the network text', async () => {
    vi.useFakeTimers();
    next = () =>
      new Promise((_, reject) => {
        const signal = calls.at(-1)?.init.signal;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const pending = request({ method: 'GET', url: '/slow', timeoutMs: 30_000 });
    const assertion = expect(pending).rejects.toMatchObject({ code: -2, message: 'text:network' });
    await vi.advanceTimersByTimeAsync(29_999);
    expect(calls.at(-1)?.init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(2);
    await assertion;
  });
});
