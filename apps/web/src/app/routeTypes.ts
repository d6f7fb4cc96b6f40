import type { ResourceCode } from '@boreline/contracts';
import type { RouteObject } from 'react-router';

/** Every route says its name and who may open it; public routes skip the guard. */
export interface RouteHandle {
  name: string;
  resource: ResourceCode | 'authenticated' | 'public';
  /** i18n key of the page title. */
  title?: string;
}

export type AppRoute = RouteObject & { handle: RouteHandle };
