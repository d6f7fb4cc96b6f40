import { type collectionContract, LIMITS } from '@boreline/contracts';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { RunScope, ScopedRun } from '../project/index.js';
import type { CollectionRepo, CollectionRow } from './collection.repo.js';

type Entry = collectionContract.CollectionEntry;

const present = (row: CollectionRow, run: ScopedRun | undefined): Entry => ({
  id: row.id,
  kind: row.kind as collectionContract.CollectionKind,
  runId: row.run_id,
  projectName: run?.project_name ?? null,
  tbmCode: run?.tbm_code ?? null,
  target: row.target,
  title: row.title,
  createdAt: Number(row.created_at),
});

/**
 * The collection: each user's own starred pages and objects. A run must be one the user may see
 * now (RunScope.visible; others answer as missing runs do, code 2); entries of runs the user no
 * longer sees stay stored but are not listed. An alarm must be one of the named run's.
 */
export class CollectionService {
  constructor(
    private readonly repo: CollectionRepo,
    private readonly runs: RunScope,
    private readonly now: () => number,
  ) {}

  private async visibleRuns(session: AuthSession): Promise<Map<number, ScopedRun>> {
    return new Map((await this.runs.visible(session)).map((r) => [r.id, r]));
  }

  async list(session: AuthSession): Promise<Entry[]> {
    const [rows, runs] = await Promise.all([this.repo.ofUser(session.userId), this.visibleRuns(session)]);
    return rows.filter((r) => r.run_id === null || runs.has(r.run_id)).map((r) => present(r, r.run_id === null ? undefined : runs.get(r.run_id)));
  }

  async add(session: AuthSession, input: collectionContract.CollectionAddOutput): Promise<Entry> {
    let run: ScopedRun | undefined;
    if (input.runId !== null) {
      run = (await this.visibleRuns(session)).get(input.runId);
      if (!run) throw errors.noPermission();
    }
    if (input.kind === 'project' && input.target !== String(input.runId)) throw errors.business('collection.error.objectNotFound');
    if (input.kind === 'alarm' && (input.runId === null || !(await this.repo.alarmOfRun(Number(input.target), input.runId)))) throw errors.business('collection.error.objectNotFound');
    const same = await this.repo.same(session.userId, input.kind, input.runId, input.target);
    if (same) {
      await this.repo.rename(same.id, input.title);
      return present({ ...same, title: input.title }, run);
    }
    if ((await this.repo.countOf(session.userId)) >= LIMITS.collectionMaxPerUser) throw errors.business('collection.error.full', { max: LIMITS.collectionMaxPerUser });
    const row = await this.repo.insert({ user_id: session.userId, kind: input.kind, run_id: input.runId, target: input.target, title: input.title, created_at: this.now() });
    return present(row, run);
  }

  /** Removes one of the caller's entries; anyone else's answers as a missing one. */
  async remove(session: AuthSession, id: number): Promise<void> {
    const row = await this.repo.find(id);
    if (!row || row.user_id !== session.userId) throw errors.business('collection.error.notFound');
    await this.repo.remove(id);
  }
}
