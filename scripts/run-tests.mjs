// Runs the whole vitest suite (unit, server on SQLite, server on PostgreSQL, smoke) and ends with
// the plain `N passed, N failed` line CI reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const report = '.test-results/vitest.json';
mkdirSync('.test-results', { recursive: true });
rmSync(report, { force: true });

const run = spawnSync(
  process.execPath,
  ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : (process.env.FORCE_COLOR ?? '1') } },
);

let passed = 0;
let failed = 0;
if (existsSync(report)) {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests;
  // A suite that failed to load counts as a failure even though none of its tests ran.
  failed += results.testResults.filter((r) => r.status === 'failed' && r.assertionResults.length === 0).length;
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || run.status !== 0 ? 1 : 0);
