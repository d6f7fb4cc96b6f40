import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8099/client_web';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const ctx = await b.newContext({ viewport: { width: 1440, height: 900 } });
const p = await ctx.newPage();
const errs: string[] = [];
p.on('pageerror', (e) => errs.push(e.message));
await p.goto(`${base}/login`);
await p.waitForFunction(() => { const i = document.querySelector<HTMLImageElement>('img[data-testid=captcha-image]'); return !!i && i.complete && i.naturalWidth > 0; });
await p.locator('#account').fill('admin@boreline.local');
await p.locator('#password').fill('Look-admin-pass-1');
await p.getByTestId('captcha-input').fill('LOOK');
await p.locator('form[data-testid=login-form] button[type=submit]').click();
await p.waitForTimeout(2500);
await p.goto(`${base}/fw0/stsRun/list`);
await p.waitForTimeout(2500);
await p.locator('tbody tr.ant-table-row').first().getByRole('button').first().click();
await p.waitForTimeout(3000);
const shots: [string, string][] = [
  ['gpose', '/fw1/segment/segmentPose'],
  ['gtail', '/fw1/segment/tailSpace'],
  ['gstat', '/fw1/statistic/segment'],
  ['gstatt', '/fw1/statistic/tail'],
];
for (const [name, path] of shots) {
  await p.goto(`${base}${path}`);
  await p.waitForTimeout(4000);
  await p.screenshot({ path: `/tmp/look-${name}.png`, fullPage: true });
}
console.log('errors', errs);
await b.close();
