import { afterEach, describe, expect, it, vi } from 'vitest';
import { H5_MESSAGE, listenForHandover, parseHandover } from './h5Bridge.js';

const TOKEN = `h5${'a'.repeat(43)}`;

describe('H5 host bridge', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads a handover given as an object or as JSON text, keeping only a valid run id and language', () => {
    expect(parseHandover({ type: H5_MESSAGE.init, token: TOKEN, runId: 12, lang: 'de_AT' })).toEqual({ token: TOKEN, runId: 12, lang: 'de_AT' });
    expect(parseHandover(JSON.stringify({ type: H5_MESSAGE.init, token: TOKEN }))).toEqual({ token: TOKEN, runId: null, lang: null });
    expect(parseHandover({ type: H5_MESSAGE.init, token: TOKEN, runId: -3, lang: 'xx_YY' })).toEqual({ token: TOKEN, runId: null, lang: null });
  });

  it('ignores other messages and tokens that are not token-shaped', () => {
    expect(parseHandover({ type: 'other', token: TOKEN })).toBeNull();
    expect(parseHandover({ type: H5_MESSAGE.init, token: 'short' })).toBeNull();
    expect(parseHandover({ type: H5_MESSAGE.init, token: `${TOKEN}"><script>` })).toBeNull();
    expect(parseHandover('{not json')).toBeNull();
    expect(parseHandover(null)).toBeNull();
  });

  it('hears its own window (a native host injects there) but not a message from another window', () => {
    const heard: string[] = [];
    const stop = listenForHandover((h) => heard.push(h.token));
    const data = { type: H5_MESSAGE.init, token: TOKEN };
    window.dispatchEvent(new MessageEvent('message', { data, source: window }));
    const frame = document.createElement('iframe');
    document.body.appendChild(frame);
    const stranger = frame.contentWindow;
    window.dispatchEvent(new MessageEvent('message', { data: { ...data, token: `h5${'b'.repeat(43)}` }, source: stranger }));
    stop();
    window.dispatchEvent(new MessageEvent('message', { data, source: window }));
    frame.remove();
    expect(stranger).not.toBeNull();
    expect(heard).toEqual([TOKEN]);
  });
});
