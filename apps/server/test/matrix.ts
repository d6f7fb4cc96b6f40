import { z } from 'zod';
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

/** A field of an endpoint's input that names an object by id: where it sits, its name, and whether it holds a list. */
export interface IdField {
  /** Property names and, for a field inside the elements of a list, the element index 0. */
  path: (string | number)[];
  name: string;
  many: boolean;
}

/** `id`, `ids` and every `…Id` / `…Ids`: the fields that name objects. */
const ID_FIELD = /^(?:id|ids|[a-z][A-Za-z0-9]*Ids?)$/;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

const isList = (s: JsonSchema): boolean => s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')) || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isList);
const objectElements = (s: JsonSchema): JsonSchema[] =>
  [s.items, ...[...(s.anyOf ?? []), ...(s.oneOf ?? [])].map((x) => x.items)].filter((x): x is JsonSchema => x !== undefined && (x.properties !== undefined || x.anyOf !== undefined));

/**
 * Every id field of an input schema, found by walking the contract's zod schema (through its JSON
 * Schema): top-level fields, fields of every variant of a union, and fields inside a list's
 * elements. The authorization matrix swaps each for another tenant's object of its kind.
 */
export function idFieldsOf(input: z.ZodType): IdField[] {
  const found = new Map<string, IdField>();
  const walk = (schema: JsonSchema, at: (string | number)[]): void => {
    for (const variant of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(variant, at);
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const path = [...at, name];
      if (ID_FIELD.test(name)) found.set(path.join('.'), { path, name, many: isList(property) });
      for (const element of objectElements(property)) walk(element, [...path, 0]);
      if (property.properties) walk(property, path);
    }
  };
  walk(z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema, []);
  return [...found.values()];
}

/** The kinds of object an id field names. */
export type IdKind = 'org' | 'role' | 'user' | 'run' | 'shiftReport' | 'shift' | 'shiftRecord' | 'message' | 'file' | 'resource' | 'alarm' | 'riskPoint' | 'maintenancePlan' | 'maintenanceRecord' | 'stockPart' | 'stockSheet' | 'segmentPose' | 'tailGap' | 'tailClearance' | 'repair' | 'knowledge' | 'drawing' | 'feedback' | 'announcement' | 'collectionItem' | 'subscription';

/** What a field named `…Id` / `…Ids` names, by its name. */
export const KIND_OF_FIELD: Readonly<Record<string, IdKind>> = {
  orgId: 'org',
  parentId: 'org',
  userId: 'user',
  adminUserId: 'user',
  roleId: 'role',
  roleIds: 'role',
  orgIds: 'org',
  runId: 'run',
  runIds: 'run',
  shiftRecId: 'shiftReport',
  shiftId: 'shift',
  recordId: 'shiftRecord',
  messageId: 'message',
  messageIds: 'message',
  fileId: 'file',
  pictureIds: 'file',
  planId: 'maintenancePlan',
  maintenanceRecordId: 'maintenanceRecord',
  partId: 'stockPart',
  alarmId: 'alarm',
  repairId: 'repair',
  photoIds: 'file',
  videoIds: 'file',
};
/** What `id` / `ids` (and a resource's `parentId`) name, by the endpoint's family. */
const KIND_OF_OBJECT: readonly (readonly [RegExp, IdKind])[] = [
  [/^admin\.org/, 'org'],
  [/^admin\.role/, 'role'],
  [/^admin\.user/, 'user'],
  [/^admin\.resource/, 'resource'],
  [/^files\./, 'file'],
  [/^messages\./, 'message'],
  [/^alarm\./, 'alarm'],
  [/^risk\./, 'riskPoint'],
  // A record's own calls and the content page's history entry name a record; every other maintenance call a plan.
  [/^maintenance\.(?:record(?:Page|Add|Detail|Dashboard)|contentHistoryDetail)$/, 'maintenanceRecord'],
  [/^maintenance\./, 'maintenancePlan'],
  // A sheet's own calls (detail, correction) name a sheet; every other stock call a part.
  [/^stock\.(?:in|out)(?:Detail|Correct)$/, 'stockSheet'],
  [/^stock\./, 'stockPart'],
  // A segment call names a record of its own dataset: attitude, tail gap or tail clearance.
  [/^segment\.(?:pose|ringWidth|kPos)/, 'segmentPose'],
  [/^segment\.tail/, 'tailGap'],
  [/^segment\.clearance/, 'tailClearance'],
  // Knowledge calls name a knowledge item; repair, case and diagnosis calls a repair (a suggestion's source is a case).
  [/^knowledge\./, 'knowledge'],
  [/^repair\./, 'repair'],
  [/^announcement\./, 'announcement'],
  [/^collection\./, 'collectionItem'],
  // A graph call's `id` names one of the run's drawings.
  [/^graph\./, 'drawing'],
  [/^feedback\./, 'feedback'],
  // A delivery call's `id` names one of the caller's report subscriptions.
  [/^delivery\./, 'subscription'],
];

/** The kind of an id field; undefined when the matrix cannot tell (the swap test then fails, naming the field). */
export function idKindOf(endpointId: string, name: string): IdKind | undefined {
  const family = KIND_OF_OBJECT.find(([pattern]) => pattern.test(endpointId))?.[1];
  if (name === 'id' || name === 'ids' || (name === 'parentId' && family === 'resource')) return family;
  return KIND_OF_FIELD[name];
}

/** The route's URL with its `:param` segments filled from the input (a route without any is its URL). */
export function urlWithParams(url: string, input: object): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (whole, name: string) => {
    const value: unknown = (input as Record<string, unknown>)[name];
    return typeof value === 'string' || typeof value === 'number' ? encodeURIComponent(String(value)) : whole;
  });
}

/** A copy of `input` with the value at `path` replaced (a list's element 0 is swapped only when the sample holds one). */
export function withField(input: object, path: readonly (string | number)[], value: unknown): object | undefined {
  const [head, ...rest] = path;
  if (head === undefined) return undefined;
  const copy: Record<string | number, unknown> = Array.isArray(input) ? [...(input as unknown[])] as unknown as Record<number, unknown> : { ...input };
  if (rest.length === 0) {
    copy[head] = value;
    return copy;
  }
  const inner = copy[head];
  if (typeof inner !== 'object' || inner === null || (typeof head === 'number' && !(head in copy))) return undefined;
  const swapped = withField(inner, rest, value);
  if (swapped === undefined) return undefined;
  copy[head] = swapped;
  return copy;
}
