import { pathIds, type projectContract, type ResourceCode, type RunOption } from '@boreline/contracts';
import { type AuthSession, scopedCodes } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { RoleGrantPolicy } from '../admin/index.js';
import { machineTypeOf, type RunRepo, type RunRow } from './run.repo.js';

/** The second-level organization path of a run (its own path when it sits at the top level). */
export function secondLevelPath(path: string): string {
  const ids = pathIds(path).slice(0, 2);
  return ids.length === 0 ? path : `/${ids.join('/')}/`;
}

/** The id of the second-level organization of a path (deptIdTwo; its own id at the top level). */
export function secondLevelId(path: string): number {
  const ids = pathIds(path);
  return ids[1] ?? ids[0] ?? 0;
}

/** A run with both organization paths of spec §3 (deptPath, deptTwoPath). */
export interface ScopedRun extends RunRow {
  deptPath: string;
  deptTwoPath: string;
}

const scoped = (run: RunRow): ScopedRun => ({ ...run, deptPath: run.org_path, deptTwoPath: secondLevelPath(run.org_path) });

/**
 * The one place that decides whether a caller may touch a run (spec §6, ARCHITECTURE.md §4): a
 * super administrator always; anyone else when one of their roles grants the resource at the run's
 * organization path — the second-level path for `zb` users — and, when the user is limited to some
 * runs, the run is one of them. Runs the caller may not see answer exactly like missing ones.
 */
export class RunScope {
  constructor(
    private readonly runs: RunRepo,
    private readonly policy: RoleGrantPolicy,
  ) {}

  /** The organization path a caller's grants are checked at for this run. */
  static checkPath(session: AuthSession, run: ScopedRun): string {
    return session.zb ? run.deptTwoPath : run.deptPath;
  }

  /** Null: no limit; otherwise the only runs the caller may reach (none for a user without organization). */
  private async limitedTo(session: AuthSession): Promise<Set<number> | null> {
    if (session.sa) return null;
    if (!(await this.policy.hasOrg(session))) return new Set();
    const ids = await this.runs.assignedRunIds(session.userId);
    return ids.length > 0 ? new Set(ids) : null;
  }

  /** Whether the caller reaches only the runs assigned to him. */
  async isLimited(session: AuthSession): Promise<boolean> {
    return (await this.limitedTo(session)) !== null;
  }

  /** The run, when the caller holds `code` for it; otherwise the no-permission answer (code 2). */
  async require(session: AuthSession, runId: number, code: ResourceCode): Promise<ScopedRun> {
    // A session from an H5 link or a tool page reads its own run, with its own codes, and nothing else.
    const scopedTo = scopedCodes(session);
    if (scopedTo !== null && (session.runId !== runId || !scopedTo.includes(code))) throw errors.noPermission();
    const [row, limited] = await Promise.all([this.runs.find(runId), this.limitedTo(session)]);
    if (!row || (limited && !limited.has(row.id))) throw errors.noPermission();
    const run = scoped(row);
    if (!(await this.policy.isAllowedAt(session, code, RunScope.checkPath(session, run)))) throw errors.noPermission();
    return run;
  }

  /** Every run where the caller holds at least one resource (the project list's rule). */
  async visible(session: AuthSession): Promise<ScopedRun[]> {
    const [rows, limited] = await Promise.all([this.runs.under(null), this.limitedTo(session)]);
    const candidates = rows.filter((r) => (!limited || limited.has(r.id)) && (session.runId === null || session.runId === r.id)).map(scoped);
    if (session.sa) return candidates;
    const codesByPath = new Map<string, number>();
    for (const run of candidates) {
      const path = RunScope.checkPath(session, run);
      if (!codesByPath.has(path)) codesByPath.set(path, (await this.policy.codesAt(session, path)).size);
    }
    return candidates.filter((run) => (codesByPath.get(RunScope.checkPath(session, run)) ?? 0) > 0);
  }

  static option(run: RunRow): RunOption {
    return { runId: run.id, projectName: run.project_name, tbmCode: run.tbm_code, machineType: machineTypeOf(run), timeZone: run.time_zone, orgId: run.org_id };
  }

  /** The run as the project pages know it (`runQuery`, and a tool page's exchange). */
  static current(run: ScopedRun): projectContract.CurrentRun {
    return {
      ...RunScope.option(run),
      deptId: run.org_id,
      deptIdTwo: secondLevelId(run.org_path),
      deptPath: run.deptPath,
      deptTwoPath: run.deptTwoPath,
      ringWidthMm: run.ring_width_mm,
      startRing: run.start_ring,
      plannedRings: run.planned_rings,
      startChainage: run.start_chainage,
      endChainage: run.end_chainage,
    };
  }
}
