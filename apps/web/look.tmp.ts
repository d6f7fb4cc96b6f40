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
  ['rrep', '/fw1/stm_smtce/repair'],
  ['rcase', '/fw1/stm_smtce/case'],
  ['rknow', '/fw1/stm_smtce/knowledge'],
];
for (const [name, path] of shots) {
  await p.goto(`${base}${path}`);
  await p.waitForTimeout(4000);
  await p.screenshot({ path: `/tmp/look-${name}.png`, fullPage: true });
}
await p.goto(`${base}/fw1/alarm/history_alarm`);
await p.waitForTimeout(4000);
await p.locator('[data-testid=open-detail]').first().click();
await p.waitForTimeout(3000);
await p.screenshot({ path: '/tmp/look-adetail.png' });
const diag = p.getByTestId('diagnose');
console.log('diagnose buttons', await diag.count());
if (await diag.count()) { await diag.first().click(); await p.waitForTimeout(4000); await p.screenshot({ path: '/tmp/look-diag.png' }); }
console.log('errors', errs);
await b.close();
