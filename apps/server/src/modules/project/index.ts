import { migration as runAdminMigration } from '../../db/migrations/20261128T1000_runAdmin.js';
import { defineModule } from '../../platform/module.js';
import { BasicInfoRepo } from './basicInfo.repo.js';
import { registerBasicInfoRoutes } from './basicInfo.routes.js';
import { BasicInfoService } from './basicInfo.service.js';
import { BoardService } from './board.service.js';
import { registerDictionaryRoutes } from './dictionary.routes.js';
import { DictionaryService } from './dictionary.service.js';
import { ProjectFigures } from './driveFigures.js';
import { registerProjectRoutes } from './project.routes.js';
import { RunRepo } from './run.repo.js';
import { RunAdminRepo } from './runAdmin.repo.js';
import { registerRunAdminRoutes } from './runAdmin.routes.js';
import { RunAdminService } from './runAdmin.service.js';
import { RunScope } from './runScope.js';
import { ShiftRepo } from './shift.repo.js';
import { registerShiftRoutes } from './shift.routes.js';
import { ShiftService } from './shift.service.js';

export { type DriveForecast, type DrivePlan, forecastOf, PACE_DAYS, paceWindowStart, planOf, ProjectFigures } from './driveFigures.js';
export { DictionaryService } from './dictionary.service.js';
export { metresOf } from './ringLength.js';
export { machineTypeOf, type NewRun, RunRepo, type RunRow } from './run.repo.js';
export { type RunChange, type RunChangeListener, RunAdminService } from './runAdmin.service.js';
export { RunScope, type ScopedRun, secondLevelId, secondLevelPath } from './runScope.js';
export { ShiftRepo } from './shift.repo.js';

declare module '../../core/services.js' {
  interface Services {
    /** The runs (one TBM on one tunnel) as stored. */
    runs: RunRepo;
    /** The one place that decides whether a caller may touch a run. */
    runScope: RunScope;
    /** The drive's plan, rings built, pace and forecast finish, as every screen shows them. */
    projectFigures: ProjectFigures;
    /** Creating, editing, finishing, reopening and deleting runs; later modules follow the changes. */
    runAdmin: RunAdminService;
  }
}

/** Runs and the project list, the board, basic info of project and TBM, shifts, the dictionary. */
export const projectModule = defineModule({
  name: 'project',
  migrations: { '20261128T1000_runAdmin': runAdminMigration },
  register(ctx) {
    const runs = new RunRepo(ctx.db);
    const runScope = new RunScope(runs, ctx.services.get('policy'));
    ctx.services.provide('runs', runs);
    ctx.services.provide('runScope', runScope);

    const basicInfo = new BasicInfoRepo(ctx.db);
    const figures = new ProjectFigures(ctx.machine, (runId) => basicInfo.projectInfo(runId), ctx.now);
    ctx.services.provide('projectFigures', figures);
    const board = new BoardService(runScope, ctx.machine, figures, ctx.now);
    // Figures the board remembers are dropped as soon as the run's history changes.
    ctx.events.on('stateChanged', (e) => board.invalidate(e.runId));
    ctx.events.on('ringCompleted', (e) => board.invalidate(e.runId));
    ctx.events.on('historyRewritten', (e) => board.invalidate(e.runId));

    registerProjectRoutes(ctx.app, { runs: runScope, board }, ctx.endpoints);
    registerBasicInfoRoutes(ctx.app, new BasicInfoService(basicInfo, runScope), ctx.endpoints);
    registerShiftRoutes(ctx.app, new ShiftService(new ShiftRepo(ctx.db), runScope), ctx.endpoints);
    registerDictionaryRoutes(ctx.app, new DictionaryService(), ctx.endpoints);

    const runAdmin = new RunAdminService(
      new RunAdminRepo(ctx.db),
      runScope,
      ctx.services.get('policy'),
      ctx.services.get('orgScope'),
      (path) => {
        let query = ctx.db.selectFrom('orgs').select(['id', 'name', 'path']);
        if (path) query = query.where('path', 'like', `${path}%`);
        return query.orderBy('path').execute();
      },
      ctx.now,
    );
    ctx.services.provide('runAdmin', runAdmin);
    // The project list's figures of a finished, reopened or edited run change at once.
    runAdmin.onChange((change) => board.invalidate(change.runId));
    registerRunAdminRoutes(ctx.app, runAdmin, ctx.endpoints);
  },
});
