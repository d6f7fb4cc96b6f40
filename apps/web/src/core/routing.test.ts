import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, lazyPage } from './routing.js';

describe('lazy pages', () => {
  afterEach(() => vi.useRealTimers());

  it('reports a chunk that has not arrived after 120 s as a chunk-load failure, not before', async () => {
    vi.useFakeTimers();
    const load = lazyPage(() => new Promise<{ Page: () => null }>(() => undefined), (m) => m.Page);
    let settled: unknown = 'pending';
    load().then(
      () => (settled = 'loaded'),
      (error: unknown) => (settled = error),
    );
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(ChunkLoadError);
  });

  it('turns a failed chunk request into a chunk-load failure and passes a loaded page on', async () => {
    await expect(lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')), () => () => null)()).rejects.toBeInstanceOf(
      ChunkLoadError,
    );
    const Page = () => null;
    await expect(lazyPage(async () => ({ Page }), (m) => m.Page)()).resolves.toEqual({ Component: Page });
  });
});
