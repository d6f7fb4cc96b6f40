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
import { RunScope } from './runScope.js';
import { ShiftRepo } from './shift.repo.js';
import { registerShiftRoutes } from './shift.routes.js';
import { ShiftService } from './shift.service.js';

export { type DriveForecast, type DrivePlan, forecastOf, PACE_DAYS, paceWindowStart, planOf, ProjectFigures } from './driveFigures.js';
export { DictionaryService } from './dictionary.service.js';
export { metresOf } from './ringLength.js';
export { machineTypeOf, type NewRun, RunRepo, type RunRow } from './run.repo.js';
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
  }
}

/** Runs and the project list, the board, basic info of project and TBM, shifts, the dictionary. */
export const projectModule = defineModule({
  name: 'project',
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
  },
});
