/** Every zh-CN catalogue, one file for the browser to load (the domains are merged at build time). */
const files = import.meta.glob<Record<string, unknown>>('../../../../../packages/i18n/locales/zh-CN/*.json', { eager: true, import: 'default' });
export const catalogue = Object.assign({}, ...Object.values(files)) as Record<string, unknown>;
