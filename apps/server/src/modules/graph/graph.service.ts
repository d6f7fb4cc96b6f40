import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { Config } from '../../config.js';
import type { FilesService } from '../files/index.js';
import type { RunScope } from '../project/index.js';
import type { ChainageService } from './chainage.js';

export interface GraphServiceDeps {
  db: Kysely<Database>;
  runs: RunScope;
  files: FilesService;
  chainage: ChainageService;
  maps: Config['maps'];
  now: () => number;
}

/** A run's graph settings and drawings (save, fetch by key with fallbacks, calibrate, delete), and third-party map tokens. */
export class GraphService {
  constructor(readonly deps: GraphServiceDeps) {}
}
