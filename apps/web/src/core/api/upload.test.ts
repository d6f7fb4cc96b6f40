import { authContract } from '@boreline/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureClient } from './client.js';
import { uploadFile } from './upload.js';

/** A stand-in for the browser's XMLHttpRequest: records what was sent, answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  timeout = 0;
  status = 0;
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  getResponseHeader(name: string) {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  answer(status: number, body: unknown, type = 'application/json') {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.responseHeaders = { 'content-type': type };
    this.onload?.();
  }
}

describe('file upload', () => {
  const warnings: string[] = [];
  const ended: boolean[] = [];

  beforeEach(() => {
    warnings.length = 0;
    ended.length = 0;
    configureClient({
      token: () => 'tok-9',
      language: () => 'it_IT',
      isMobile: () => false,
      text: (key) => `text:${key}`,
      warn: (text) => warnings.push(text),
      onSessionEnded: ({ forcedOffline }) => ended.push(forcedOffline),
    });
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts the file as multipart with the session and language headers, reporting progress, and resolves the data', async () => {
    const progress: number[] = [];
    const file = new File(['png-bytes'], 'me.png', { type: 'image/png' });
    const done = uploadFile(authContract.uploadAvatar, file, { fields: { purpose: 'avatar' }, onProgress: (p) => progress.push(p) });
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/server_main/u/web/uploadAvatar/v1');
    expect(xhr?.headers).toEqual({ Authorization: 'tok-9', lang: 'it_IT' });
    expect(xhr?.withCredentials).toBe(true);
    expect(xhr?.body?.get('purpose')).toBe('avatar');
    expect(xhr?.body?.get('file')).toBeInstanceOf(File);
    xhr?.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 });
    xhr?.answer(200, { code: 0, msg: 'ok', data: { id: 7 } });
    await expect(done).resolves.toEqual({ id: 7 });
    expect(progress).toEqual([25, 100]);
  });

  it('rejects with the server’s message on code 3 and ends the session on code 1', async () => {
    const refused = uploadFile(authContract.uploadAvatar, new Blob(['x']));
    FakeXhr.last?.answer(200, { code: 3, msg: 'Il file è troppo grande', data: null });
    await expect(refused).rejects.toMatchObject({ code: 3, message: 'Il file è troppo grande' });

    const expired = uploadFile(authContract.uploadAvatar, new Blob(['x']));
    FakeXhr.last?.answer(200, { code: 1, msg: '', data: null });
    await expect(expired).rejects.toBeInstanceOf(ApiError);
    expect(ended).toEqual([false]);
    expect(warnings).toEqual(['text:sessionExpired']);
  });

  it('names a proxy’s error page and a lost connection in the standard texts', async () => {
    const crashed = uploadFile(authContract.uploadAvatar, new Blob(['x']));
    FakeXhr.last?.answer(502, '<html>Bad gateway</html>', 'text/html');
    await expect(crashed).rejects.toMatchObject({ message: 'text:server500' });

    const lost = uploadFile(authContract.uploadAvatar, new Blob(['x']));
    FakeXhr.last?.onerror?.();
    await expect(lost).rejects.toMatchObject({ message: 'text:cannotConnect' });
  });
});
