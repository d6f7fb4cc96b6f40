import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltServer, startBuiltServer } from './builtServer.js';

const webDist = fileURLToPath(new URL('../../web/dist/', import.meta.url));

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A GET that keeps the bytes as they came over the wire (fetch would decode them). */
function get(url: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (raw: Raw): Buffer => {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(raw.body);
  if (encoding === 'gzip') return gunzipSync(raw.body);
  return raw.body;
};

/** The built app's files the first page asks for: the entry script and the style sheet. */
function entryFiles(): { script: string; style: string } {
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const script = /<script type="module" crossorigin src="\/client_web\/([^"]+)"/.exec(html)?.[1];
  const style = /<link rel="stylesheet" crossorigin href="\/client_web\/([^"]+)"/.exec(html)?.[1];
  if (!script || !style) throw new Error('build the web app first (npm run build)');
  return { script, style };
}

describe('the built app’s files, compressed (smoke)', () => {
  let server: BuiltServer;

  beforeAll(async () => {
    server = await startBuiltServer();
  });
  afterAll(() => server.stop());

  it('sends the scripts brotli- or gzip-compressed when the browser accepts it, each decoding to the built file', async () => {
    const { script, style } = entryFiles();
    for (const file of [script, style]) {
      const plain = readFileSync(join(webDist, file));
      for (const [accept, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const raw = await get(`${server.origin}/client_web/${file}`, { 'accept-encoding': accept });
        expect(raw.status, file).toBe(200);
        expect(raw.headers['content-encoding'], `${file} ${accept}`).toBe(encoding);
        expect(raw.body.length, file).toBeLessThan(plain.length / 2);
        expect(Number(raw.headers['content-length']), file).toBe(raw.body.length);
        expect(decode(raw).equals(plain), file).toBe(true);
        expect(raw.headers['content-type'], file).toMatch(file.endsWith('.js') ? /^(text|application)\/javascript/ : /^text\/css/);
        expect(String(raw.headers.vary).toLowerCase()).toContain('accept-encoding');
        // The hashed files keep their long-lived caching.
        expect(raw.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
    }
  });

  it('sends the plain file, with its length, to a client that accepts no compression', async () => {
    const { script } = entryFiles();
    const plain = readFileSync(join(webDist, script));
    const raw = await get(`${server.origin}/client_web/${script}`, { 'accept-encoding': 'identity' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(Number(raw.headers['content-length'])).toBe(plain.length);
    expect(raw.body.equals(plain)).toBe(true);
    expect(String(raw.headers.vary).toLowerCase()).toContain('accept-encoding');
  });

  it('compresses the page of an app route too, still never cached', async () => {
    const raw = await get(`${server.origin}/client_web/fw1/home`, { 'accept-encoding': 'br' });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-type']).toMatch(/^text\/html/);
    expect(raw.headers['cache-control']).toBe('no-cache');
    expect(decode(raw).toString()).toContain('<div id="root"></div>');
  });
});
