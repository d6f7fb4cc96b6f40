import type { ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import { type ComponentType, lazy } from 'react';
import { type RouteObject, useMatches } from 'react-router';
import { webConfig } from './config.js';

/** Every route says its name and who may open it; public routes skip the guard. */
export interface RouteHandle {
  name: string;
  resource: ResourceCode | 'authenticated' | 'public';
  /** The page title. */
  title?: MessageKey;
  /** The page shows without the frame (side menu, header) when its address asks for `?variant=mobile` or `?variant=screenshot`. */
  chromeless?: boolean;
}

export type AppRoute = RouteObject & { handle: RouteHandle };

const isHandle = (value: unknown): value is RouteHandle =>
  typeof value === 'object' && value !== null && 'name' in value && 'resource' in value;

/** The deepest matched route's handle: its name and resource decide access. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  return [...matches].reverse().map((m) => m.handle).find(isHandle);
}

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
