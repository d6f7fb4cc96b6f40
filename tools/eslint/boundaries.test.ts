import { RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryProblem, boundariesRule } from './boundaries.js';

const root = new URL('../../', import.meta.url).pathname;
const at = (path: string) => `${root}${path}`;

describe('import boundaries (ARCHITECTURE.md §11)', () => {
  it('keeps the platform free of modules', () => {
    expect(boundaryProblem('apps/server/src/telemetry/ingest.ts', 'apps/server/src/modules/report/index.ts')).toMatch(/platform/);
    expect(boundaryProblem('apps/server/src/core/http.ts', 'apps/server/src/modules/auth/auth.routes.ts')).toMatch(/platform/);
    expect(boundaryProblem('apps/server/src/realtime/socketServer.ts', 'apps/server/src/modules/monitor/connection.repo.ts')).toMatch(/platform/);
    expect(boundaryProblem('apps/server/src/db/migrate.ts', 'apps/server/src/demo/index.ts')).toMatch(/platform/);
    expect(boundaryProblem('apps/server/src/telemetry/ingest.ts', 'apps/server/src/core/db.ts')).toBeNull();
  });

  it('lets modules meet only through their entries, and read telemetry only through its entry', () => {
    expect(boundaryProblem('apps/server/src/modules/statistic/progress.ts', 'apps/server/src/modules/project/runScope.ts')).toMatch(/entry/);
    expect(boundaryProblem('apps/server/src/modules/statistic/progress.ts', 'apps/server/src/modules/project/index.ts')).toBeNull();
    expect(boundaryProblem('apps/server/src/modules/statistic/progress.ts', 'apps/server/src/modules/statistic/statistic.repo.ts')).toBeNull();
    expect(boundaryProblem('apps/server/src/modules/statistic/progress.ts', 'apps/server/src/telemetry/series.ts')).toMatch(/telemetry/);
    expect(boundaryProblem('apps/server/src/modules/statistic/progress.ts', 'apps/server/src/telemetry/index.ts')).toBeNull();
    // Tests may share another module's fixtures.
    expect(boundaryProblem('apps/server/src/modules/statistic/statistic.test.ts', 'apps/server/src/modules/report/ringReport.fixture.ts')).toBeNull();
    // The composition root lists modules.
    expect(boundaryProblem('apps/server/src/modules.ts', 'apps/server/src/modules/report/index.ts')).toBeNull();
  });

  it('keeps ui/ and core/ of the web free of modules and app/, and modules free of app/', () => {
    expect(boundaryProblem('apps/web/src/ui/DataTable.tsx', 'apps/web/src/modules/admin/api.ts')).toMatch(/ui/);
    expect(boundaryProblem('apps/web/src/ui/chart/Chart.tsx', 'apps/web/src/app/lazyPage.ts')).toMatch(/ui/);
    expect(boundaryProblem('apps/web/src/modules/report/routes.tsx', 'apps/web/src/app/lazyPage.ts')).toMatch(/app/);
    expect(boundaryProblem('apps/web/src/modules/statistic/pages/X.tsx', 'apps/web/src/modules/report/components/Y.tsx')).toMatch(/entry/);
    expect(boundaryProblem('apps/web/src/app/routes.tsx', 'apps/web/src/modules/report/index.ts')).toBeNull();
  });

  it('fails the lint on a file that crosses a boundary', () => {
    const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: 'module' } });
    tester.run('boundaries', boundariesRule, {
      valid: [
        { code: "import { x } from '../project/index.js';", filename: at('apps/server/src/modules/report/report.service.ts') },
        { code: "import { y } from './db.js';", filename: at('apps/server/src/core/http.ts') },
      ],
      invalid: [
        { code: "import { ShiftRepo } from '../project/shift.repo.js';", filename: at('apps/server/src/modules/report/report.service.ts'), errors: [{ messageId: 'crossed' }] },
        { code: "export { x } from '../modules/auth/index.js';", filename: at('apps/server/src/telemetry/runtime.ts'), errors: [{ messageId: 'crossed' }] },
        { code: "const m = import('../../app/lazyPage.js');", filename: at('apps/web/src/modules/report/routes.tsx'), errors: [{ messageId: 'crossed' }] },
      ],
    });
  });
});
