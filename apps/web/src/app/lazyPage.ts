import type { ComponentType } from 'react';
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
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new ChunkLoadError()), webConfig.chunkLoadTimeoutMs);
    });
    try {
      const module = await Promise.race([load(), timeout]);
      return { Component: pick(module) };
    } catch (error) {
      throw error instanceof ChunkLoadError ? error : new ChunkLoadError();
    } finally {
      clearTimeout(timer);
    }
  };
}
