/**
 * The administration pages' chunks, one loader each. The routes reach them through this small
 * module so the app's entry — downloaded before sign-in — carries one import for the module, not
 * five imports each with the list of chunks (tables, forms, the kit) it preloads.
 */
export const loadOrgPage = () => import('./pages/OrgPage.js');
export const loadRolePage = () => import('./pages/RolePage.js');
export const loadResourcePage = () => import('./pages/ResourcePage.js');
export const loadUserPage = () => import('./pages/UserPage.js');
export const loadWarnSettingPage = () => import('./pages/WarnSettingPage.js');
