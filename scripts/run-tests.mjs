// Runs the whole vitest suite, project by project (unit, server on SQLite, server on PostgreSQL,
// web, end-to-end, smoke), prints each suite's time, and ends with the plain `N passed, N failed`
// line CI reads. Arguments (a project, a file) run one vitest invocation with them instead.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const PROJECTS = ['unit', 'server-sqlite', 'server-postgres', 'web', 'e2e', 'smoke'];

mkdirSync('.test-results', { recursive: true });

/** One vitest run; answers its counts and time. */
function vitest(name, args) {
  const report = `.test-results/vitest-${name}.json`;
  rmSync(report, { force: true });
  const started = Date.now();
  const run = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...args],
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
  return { name, passed, failed, seconds: (Date.now() - started) / 1000 };
}

const args = process.argv.slice(2);
const results = args.length > 0 ? [vitest('selection', args)] : PROJECTS.map((project) => vitest(project, ['--project', project]));

console.log('\nSuite times:');
for (const r of results) console.log(`  ${r.name.padEnd(16)} ${r.seconds.toFixed(1).padStart(7)} s  ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
