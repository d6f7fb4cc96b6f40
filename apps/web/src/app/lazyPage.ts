import { type ComponentType, lazy } from 'react';
import { webConfig } from '../core/config.js';

export class ChunkLoadError extends Error {
  constructor() {
    super('chunk load failed');
    this.name = 'ChunkLoadError';
  }
}

/**
 * A route's page module, loaded when the route is first visited. A chunk that has not arrived
 * within the configured time (120 s) or failed is reported as a chunk-load failure.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({ Component: pick(await loadChunk(load)) });
}

/** The same for a component rendered inside a page (React.lazy, under a Suspense boundary). */
export function lazyComponent<M, P extends object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  return lazy(async () => ({ default: pick(await loadChunk(load)) }));
}

async function loadChunk<M>(load: () => Promise<M>): Promise<M> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError()), webConfig.chunkLoadTimeoutMs);
  });
  try {
    return await Promise.race([load(), timeout]);
  } catch (error) {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError();
  } finally {
    clearTimeout(timer);
  }
}
