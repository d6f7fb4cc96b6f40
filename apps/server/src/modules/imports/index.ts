import { migration as importProgress } from '../../db/migrations/20261126T1100_importProgress.js';
import { defineModule } from '../../platform/module.js';
import { ImportService } from './import.service.js';
import { ImportProgressRepo } from './importProgress.repo.js';
import { importReader } from './importReader.js';
import { registerImportRoutes } from './imports.routes.js';

export { ImportRowsRefused, type ImportedRow, type ImportRequest, type ImportService } from './import.service.js';
export { readImportUpload } from './imports.routes.js';
export { TEMPLATE_ROWS } from './templateWorkbook.js';
export { importReader } from './importReader.js';

declare module '../../core/services.js' {
  interface Services {
    /** Spreadsheet imports: `imports.run({ kind, file, language, mode, write })`. */
    imports: ImportService;
  }
}

/** Spreadsheet import machinery for every module, its templates and the dry run of an upload. */
export const importsModule = defineModule({
  name: 'imports',
  migrations: { '20261126T1100_importProgress': importProgress },
  register(ctx) {
    const reader = importReader();
    const imports = new ImportService(ctx.db, reader, new ImportProgressRepo(ctx.db), ctx.log, ctx.now);
    ctx.services.provide('imports', imports);
    registerImportRoutes(ctx.app, imports, ctx.endpoints);
    ctx.lifecycle.onStop(() => reader.close());
  },
});
