import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_ENDPOINTS, endpointUrl, projectContract } from './index.js';

describe('module contracts', () => {
  it('are all exported (the generated index is current), each as <name>Contract', () => {
    expect(() => execFileSync(process.execPath, [join(import.meta.dirname, '..', 'scripts', 'generate-index.mjs'), '--check'], { stdio: 'pipe' })).not.toThrow();
    expect(projectContract.runQueryAll.path).toBe('/u/web/sts/run/queryAll/v1');
  });

  it('collect every endpoint once: unique ids and unique method + address', () => {
    const ids = ALL_ENDPOINTS.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = ALL_ENDPOINTS.map((e) => `${e.method} ${endpointUrl(e)}`);
    expect(new Set(routes).size).toBe(routes.length);
    expect(ids).toEqual(expect.arrayContaining(['auth.loginV1', 'admin.orgAdd', 'statistic.ringStats', 'report.shiftQuery']));
  });
});
