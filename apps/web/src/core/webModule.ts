import type { ResourceCode } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { ComponentType } from 'react';
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
 * Something a module shows in the signed-in frame's header, between the language switch and
 * the user menu (the message bell). The component is lazy (`lazyComponent`): the manifest is part of the app's entry,
 * downloaded before sign-in, so it carries only the loader, and the header renders it once signed in.
 */
export interface HeaderItem {
  /** Unique across modules. */
  key: string;
  component: ComponentType;
  /** Place among the header items of every module, left to right. */
  order: number;
  /** Shown only to users who may use it; every signed-in user when absent. */
  resource?: ResourceCode | 'authenticated';
}

/**
 * What a web module brings to the app: its routes under each area, its side-menu items, its header
 * items and the resource codes its screens check (menu, routes, buttons). The app lists modules once
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
  headerItems?: HeaderItem[];
  resources: readonly ResourceCode[];
}

/** Declares a module (kept as a function so a manifest is checked where it is written). */
export const defineWebModule = (module: WebModule): WebModule => module;
