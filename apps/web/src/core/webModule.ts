import type { ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { AppRoute } from './routing.js';

/** The side-menu sections of spec §2; their labels, icons and order belong to the app frame. */
export type MenuSectionKey = 'overview' | 'system' | 'construction';

/** A page reachable from the side menu; it shows only when the user may use `resource`. */
export interface MenuItem {
  section: MenuSectionKey;
  /** Unique across modules; also the route name of pages that have no page of their own yet. */
  key: string;
  label: MessageKey;
  path: string;
  /** 'authenticated': every signed-in user (their own settings). */
  resource: ResourceCode | 'authenticated';
  /** Place in its section: items of every module are sorted by it (gaps of 10 leave room). */
  order: number;
}

/**
 * What a web module brings to the app: its routes under each area, its side-menu items and the
 * resource codes its screens check (menu, routes, buttons). The app lists modules once
 * (`app/modules.ts`) and builds the router and the menu from them.
 */
export interface WebModule {
  name: string;
  routes: {
    /** Outside the signed-in frame, without the guard (sign-in pages, tools, the H5 view). */
    public?: AppRoute[];
    /** Under /fw0 (administration area) and /fw1 (project area), inside the frame. */
    fw0?: AppRoute[];
    fw1?: AppRoute[];
  };
  menu?: MenuItem[];
  resources: readonly ResourceCode[];
}

/** Declares a module (kept as a function so a manifest is checked where it is written). */
export const defineWebModule = (module: WebModule): WebModule => module;
