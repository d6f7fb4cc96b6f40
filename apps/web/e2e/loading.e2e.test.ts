import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoginPage } from './pom/LoginPage.js';
import { ProjectList } from './pom/ProjectList.js';
import { Shell } from './pom/Shell.js';
import { launchBrowser, newPage } from './support/browser.js';
import { E2E_ADMIN, type RunningServer, startServer } from './support/server.js';

const manifestPath = fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url));

/** The built file of a source module (`npm run build` wrote the manifest). */
function builtFileOf(source: string): string {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string }>;
  const key = Object.keys(manifest).find((k) => k.endsWith(source));
  if (!key) throw new Error(`${source} is not in the build`);
  return manifest[key]?.file ?? '';
}

/** Every Content-Security-Policy violation the page reports, from its first script on. */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

/** The scripts the page asked for, by path. */
function recordScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.js')) scripts.push(path);
  });
  return scripts;
}

describe('loading the app in Chromium', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    server?.stop();
  });

  it('loads the sign-in page, signs in and opens the project list without any CSP violation', async () => {
    const { page, problems } = await newPage(browser);
    const violations = await recordCspViolations(page);
    const login = new LoginPage(page, server.base);
    await login.open();
    await login.captchaLoaded();
    expect(await violations()).toEqual([]);
    await login.signIn(E2E_ADMIN.email, E2E_ADMIN.password);
    await new Shell(page).waitUntilShown();
    expect(await violations()).toEqual([]);

    // A fresh load of signed-in pages (the validation runs on every answer) reports nothing either.
    await page.goto(`${server.base}/fw0/stsRun/list`);
    await new ProjectList(page).read();
    expect(await violations()).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('sends a signed-out deep link to sign-in without downloading the page it points to', async () => {
    const { page, problems } = await newPage(browser);
    const scripts = recordScripts(page);
    await page.goto(`${server.base}/fw1/home`);
    await page.waitForURL(/\/client_web\/login$/);
    await page.getByTestId('login-form').waitFor();
    await page.waitForLoadState('networkidle');
    const home = `/client_web/${builtFileOf('modules/project/pages/ProjectHomePage.tsx')}`;
    const layout = `/client_web/${builtFileOf('app/layout/AppLayout.tsx')}`;
    expect(scripts).toContain(`/client_web/${builtFileOf('modules/auth/pages/LoginPage.tsx')}`);
    expect(scripts).not.toContain(home);
    expect(scripts).not.toContain(layout);
    expect(problems).toEqual([]);
    await page.close();
  });
});
