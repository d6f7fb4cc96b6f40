import type { Db } from '../src/db/database.js';

/** The kinds of caller the matrix runs every route for. */
export type MatrixActor = 'anonymous' | 'revoked' | 'noResource' | 'authorized' | 'otherTenant' | 'childAdmin' | 'siblingRun' | 'h5Run' | 'h5OtherRun' | 'superAdmin';

/**
 * What a module's matrix samples (`modules/<m>/<m>.matrix.ts`) are given: tenant A's objects as the
 * caller aims at them. The authorization matrix finds every module's samples by their file name,
 * so a new module's endpoints get valid requests without editing the matrix.
 */
export interface MatrixContext {
  /** Tenant A's objects (for the administrator of A's sub-organization, `sub` is A itself: he aims one level up). */
  a: { org: number; sub: number; role: number; user: number; run: number; run2: number; report: number };
  /** For attackers (another tenant, the child administrator) A's real id; for callers allowed to change it, a missing id, so A's objects survive the matrix. */
  target(real: number): number;
  attacker: boolean;
  /** Today in the test runs' zone (Europe/Rome): its day shift is open for editing. */
  today: string;
  /** A's canary text: answers to other callers must never contain it. */
  canary: string;
  /** Who calls: objects that belong to one user (their messages) are aimed per caller. */
  actor: MatrixActor;
  /** What the modules' `matrixObjects` made before the matrix ran, by the names they gave. */
  objects: Readonly<Record<string, number>>;
  /** Files: a risk picture of A's first run; the caller's own unattached upload (the caller without resources only). */
  files: { a: string; own: string | null };
}

/** Valid-shaped inputs by endpoint id. */
export type MatrixSamples = (context: MatrixContext) => Record<string, object>;

/**
 * Objects a module makes once before the matrix runs, for its samples to aim at (exported as
 * `matrixObjects` beside `matrixSamples`): given A's objects, the canary and the users behind the
 * callers that are accounts. Answers ids by names of the module's choosing.
 */
export type MatrixObjects = (setup: { db: Db; a: MatrixContext['a']; canary: string; users: Readonly<Partial<Record<MatrixActor, number>>> }) => Promise<Record<string, number>>;
