import type { MessageKey } from '@boreline/i18n';
import { START_PATH } from '../core/config.js';
import type { HeaderItem, MenuItem, MenuSectionKey, WebModule } from '../core/webModule.js';
import { MODULES } from './modules.js';

export interface MenuSection {
  key: MenuSectionKey;
  label: MessageKey;
  icon: MenuSectionKey;
  items: MenuItem[];
}

/** The side-menu sections of spec §2, in their order; their items come from the modules. */
const SECTIONS: readonly Omit<MenuSection, 'items'>[] = [
  { key: 'overview', label: 'shell.menu.statsBoard', icon: 'overview' },
  { key: 'system', label: 'shell.menu.systemSetting', icon: 'system' },
  { key: 'construction', label: 'shell.menu.intelligentConstruction', icon: 'construction' },
];

/** The sections with the items of every module, each section's items in their order. */
export function buildMenu(modules: readonly WebModule[]): MenuSection[] {
  const items = modules.flatMap((module) => module.menu ?? []);
  return SECTIONS.map((section) => ({
    ...section,
    items: items.filter((item) => item.section === section.key).sort((a, b) => a.order - b.order),
  }));
}

export const MENU: MenuSection[] = buildMenu(MODULES);

/** The sections as the user may see them: items without permission removed, empty sections too. */
export function visibleMenu(canUse: (resource: string) => boolean): MenuSection[] {
  return MENU.map((section) => ({ ...section, items: section.items.filter((item) => canUse(item.resource)) })).filter(
    (section) => section.items.length > 0,
  );
}

/** Where a user lands: "Enter system" when granted, else the first page of their menu. */
export function startPath(canUse: (resource: string) => boolean): string {
  const items = visibleMenu(canUse).flatMap((s) => s.items);
  return items.find((i) => i.path === START_PATH)?.path ?? items[0]?.path ?? START_PATH;
}

/**
 * The menu item a location belongs to: its own path, else the item whose page the location is
 * inside — a sub-path (`/fw0/sys/user/list/…`) or a sibling tab of the item's page
 * (`/fw1/basic_info/shift_info` belongs to `/fw1/basic_info/project_info`).
 */
export function menuKeyOf(pathname: string, paths: readonly string[]): string {
  if (paths.includes(pathname)) return pathname;
  const within = (prefix: string) => pathname.startsWith(`${prefix}/`);
  const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const byLength = [...paths].sort((a, b) => b.length - a.length);
  return byLength.find(within) ?? byLength.find((p) => parentOf(p).split('/').length > 2 && within(parentOf(p))) ?? pathname;
}

/** The header items of every module, left to right. */
export function buildHeaderItems(modules: readonly WebModule[]): HeaderItem[] {
  return modules.flatMap((module) => module.headerItems ?? []).sort((a, b) => a.order - b.order);
}

export const HEADER_ITEMS: readonly HeaderItem[] = buildHeaderItems(MODULES);
