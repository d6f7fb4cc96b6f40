import { epsgDefinition, graphContract, type Language, stationingDirection } from '@boreline/contracts';
import type { Kysely, Selectable } from 'kysely';
import proj4 from 'proj4';
import sharp from 'sharp';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { AuthSession } from '../../core/auth.js';
import { AppError, errors } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { GraphDrawingTable } from '../../db/schema/graph.js';
import { type FileRow, type FilesService, presentFile } from '../files/index.js';
import type { RunScope, ScopedRun } from '../project/index.js';
import type { ChainageService } from './chainage.js';
import { signThirdToken } from './third.js';

const { DEFAULT_DISPLAY_OPTIONS, GRAPH_LIMITS, CalibrationSchema, DisplayOptionsSchema, SectionProfileSchema, StationEquationSchema, drawingKey, parseDrawingKey } = graphContract;

type Drawing = graphContract.Drawing;
type DrawingName = graphContract.DrawingName;
type DrawingVariant = graphContract.DrawingVariant;
type Calibration = graphContract.Calibration;
type GraphSetting = graphContract.GraphSetting;
type GraphSettingInput = graphContract.GraphSettingInput;
type DrawingSaveInput = graphContract.DrawingSaveInput;
type StationEquation = z.infer<typeof StationEquationSchema>;
type ThirdToken = z.infer<typeof graphContract.ThirdTokenSchema>;
type DrawingRow = Selectable<GraphDrawingTable>;

export interface GraphServiceDeps {
  db: Kysely<Database>;
  runs: RunScope;
  files: FilesService;
  chainage: ChainageService;
  maps: Config['maps'];
  now: () => number;
}

/** Drawings are files of this purpose, each attached to its row as owner `drawing`. */
const PURPOSE = 'drawing';
const OWNER_KIND = 'drawing';

/** The run's drawing shown to every language without its own is stored with this language. */
const DEFAULT_LANG = '';

const isUniqueViolation = (error: unknown): boolean => {
  const text = error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')}` : String(error);
  return /UNIQUE constraint failed|duplicate key value|23505|SQLITE_CONSTRAINT_UNIQUE/.test(text);
};

/** A stored JSON column read back through its schema; `fallback` when it does not parse (never from this service). */
function parsedJson<T>(text: string | null, schema: z.ZodType<T>, fallback: T): T {
  if (text === null) return fallback;
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const EMPTY_PROFILE: graphContract.SectionProfile = { ground: [], axis: [], geology: [] };

/** Whether proj4 can read a typed definition. */
function usableDefinition(definition: string): boolean {
  try {
    proj4(definition, 'WGS84');
    return true;
  } catch {
    return false;
  }
}

/**
 * The calibration kind a drawing takes: marks along the alignment for a plan or a map picture, two
 * marks on each axis for a section.
 */
const calibrationKindOf = (name: DrawingName): Calibration['kind'] => (name === 'section' ? 'axes' : 'alignment');

/** Refuses a calibration of the wrong kind for the drawing, or with a mark outside the picture. */
function checkCalibration(name: DrawingName, calibration: Calibration, size: { width: number; height: number }): void {
  if (calibration.kind !== calibrationKindOf(name)) {
    throw errors.business(name === 'section' ? 'graph.refused.sectionNeedsAxes' : 'graph.refused.planNeedsAlignment');
  }
  const { width, height } = size;
  if (calibration.kind === 'alignment') {
    calibration.points.forEach((p, i) => {
      if (p.x > width || p.y > height) throw errors.business('graph.refused.markOutside', { mark: i + 1, x: p.x, y: p.y, width, height });
    });
    return;
  }
  for (const mark of [calibration.chainage.a, calibration.chainage.b]) {
    if (mark.pixel > width) throw errors.business('graph.refused.chainageAxisOutside', { pixel: mark.pixel, width });
  }
  for (const mark of [calibration.level.a, calibration.level.b]) {
    if (mark.pixel > height) throw errors.business('graph.refused.levelAxisOutside', { pixel: mark.pixel, height });
  }
}

/**
 * Refuses station equations that do not fit the drive: each back must lie between the drive's start
 * and end chainage, and each must come after the one before it in driving order (beyond the
 * previous equation's ahead chainage, where the line's stationing then goes on).
 */
function checkEquations(equations: readonly StationEquation[], drive: { startChainage: number; endChainage: number }): void {
  const dir = stationingDirection(drive);
  const low = Math.min(drive.startChainage, drive.endChainage);
  const high = Math.max(drive.startChainage, drive.endChainage);
  let from = drive.startChainage;
  equations.forEach((eq, i) => {
    if (eq.back < low || eq.back > high) {
      throw errors.business('graph.refused.equationOutside', { number: i + 1, back: eq.back, start: drive.startChainage, end: drive.endChainage });
    }
    if (i > 0 && (eq.back - from) * dir <= 0) throw errors.business('graph.refused.equationOrder', { number: i + 1, back: eq.back, ahead: from });
    from = eq.ahead;
  });
}

async function bytesOf(files: FilesService, file: FileRow): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const piece of files.open(file).body) parts.push(Buffer.from(piece as Uint8Array));
  return Buffer.concat(parts);
}

/**
 * A run's graph settings and drawings (save, fetch by key with fallbacks, calibrate, delete), and
 * third-party map tokens (issue 24, spec §7 Graph).
 *
 * Every call first checks the caller's code at the run (`RunScope.require`: reading needs
 * `graph.drawing.read`, changing `graph.drawing.write`), then looks ids up within that run only:
 * another run's drawing answers as a missing one. A drawing owns one picture in the file service
 * (purpose `drawing`, owner `drawing`/row id); its pixel size is read from the stored bytes when it
 * is saved, and every calibration mark must lie inside it.
 */
export class GraphService {
  constructor(readonly deps: GraphServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  // Settings --------------------------------------------------------------------------------------

  async getSetting(session: AuthSession, runId: number): Promise<GraphSetting> {
    const run = await this.deps.runs.require(session, runId, 'graph.drawing.read');
    return this.settingOf(session, run);
  }

  async saveSetting(session: AuthSession, input: GraphSettingInput): Promise<GraphSetting> {
    const run = await this.deps.runs.require(session, input.runId, 'graph.drawing.write');
    checkEquations(input.stationEquations, { startChainage: Number(run.start_chainage), endChainage: Number(run.end_chainage) });
    const proj4Text = input.proj4 && input.proj4.length > 0 ? input.proj4 : null;
    if (proj4Text !== null && !usableDefinition(proj4Text)) throw errors.business('graph.refused.proj4Invalid');
    if (input.epsg !== null && proj4Text === null && epsgDefinition(input.epsg) === null) throw errors.business('graph.refused.epsgUnknown', { epsg: input.epsg });
    const values = {
      display: JSON.stringify(input.display),
      profile: JSON.stringify(input.profile),
      station_equations: JSON.stringify(input.stationEquations),
      epsg: input.epsg,
      proj4: proj4Text,
      updated_by: session.userId,
      updated_at: this.deps.now(),
    };
    await this.db
      .insertInto('graph_settings')
      .values({ run_id: run.id, ...values })
      .onConflict((oc) => oc.column('run_id').doUpdateSet(values))
      .execute();
    return this.settingOf(session, run);
  }

  private async settingOf(session: AuthSession, run: ScopedRun): Promise<GraphSetting> {
    const [row, drawings, points, canEdit] = await Promise.all([
      this.db.selectFrom('graph_settings').selectAll().where('run_id', '=', run.id).executeTakeFirst(),
      this.drawingsOf(run.id),
      this.db.selectFrom('graph_alignment_points').select((eb) => eb.fn.countAll<number | string>().as('n')).where('run_id', '=', run.id).executeTakeFirst(),
      this.deps.runs.require(session, run.id, 'graph.drawing.write').then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false;
          throw error;
        },
      ),
    ]);
    const epsg = row?.epsg ?? null;
    const proj4Text = row?.proj4 ?? null;
    return {
      runId: run.id,
      drawings,
      display: parsedJson(row?.display ?? null, DisplayOptionsSchema, { ...DEFAULT_DISPLAY_OPTIONS }),
      profile: parsedJson(row?.profile ?? null, SectionProfileSchema, EMPTY_PROFILE),
      stationEquations: parsedJson(row?.station_equations ?? null, StationEquationSchema.array(), []),
      map: {
        epsg,
        proj4: proj4Text,
        definition: proj4Text ?? (epsg === null ? null : epsgDefinition(epsg)),
        alignmentPoints: Number(points?.n ?? 0),
        // The tile source as configured: a provider's name at most, never its secret.
        tiles: this.deps.maps.tiles ? { url: this.deps.maps.tiles.url, attribution: this.deps.maps.tiles.attribution, maxZoom: this.deps.maps.tiles.maxZoom, provider: this.deps.maps.tiles.provider } : null,
      },
      drive: {
        startChainage: Number(run.start_chainage),
        endChainage: Number(run.end_chainage),
        startRing: run.start_ring,
        ringWidthM: run.ring_width_mm / 1000,
      },
      canEdit,
    };
  }

  // Drawings --------------------------------------------------------------------------------------

  /** Every drawing of a run (each name, language and variant), with its picture. */
  async drawingsOf(runId: number): Promise<Drawing[]> {
    const rows = await this.db.selectFrom('graph_drawings').selectAll().where('run_id', '=', runId).orderBy('name').orderBy('lang').orderBy('variant').execute();
    const presented = await this.present(rows);
    return presented.filter((d): d is Drawing => d !== null);
  }

  private async present(rows: readonly DrawingRow[]): Promise<(Drawing | null)[]> {
    const userIds = [...new Set(rows.map((r) => r.updated_by).filter((id): id is number => id !== null))];
    const [users, files] = await Promise.all([
      userIds.length === 0 ? Promise.resolve([]) : this.db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', userIds).execute(),
      Promise.all(rows.map((r) => this.deps.files.find(r.file_id))),
    ]);
    const names = new Map(users.map((u) => [u.id, u.nickname]));
    return rows.map((row, i) => {
      const file = files[i];
      if (!file) return null;
      const name = row.name as DrawingName;
      const lang = row.lang === DEFAULT_LANG ? null : (row.lang as Language);
      const variant = row.variant as DrawingVariant;
      return {
        id: row.id,
        runId: row.run_id,
        name,
        lang,
        variant,
        key: drawingKey({ runId: row.run_id, name, lang, variant }),
        file: presentFile(file),
        width: row.width,
        height: row.height,
        calibration: parsedJson(row.calibration, CalibrationSchema, null),
        updatedAt: Number(row.updated_at),
        updatedBy: row.updated_by === null ? null : (names.get(row.updated_by) ?? null),
      };
    });
  }

  private async presentOne(row: DrawingRow): Promise<Drawing> {
    const [drawing] = await this.present([row]);
    if (!drawing) throw errors.business('graph.drawing.notFound');
    return drawing;
  }

  private rowOf(runId: number, id: number): Promise<DrawingRow | undefined> {
    return this.db.selectFrom('graph_drawings').selectAll().where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
  }

  private rowAt(runId: number, name: DrawingName, lang: string, variant: DrawingVariant): Promise<DrawingRow | undefined> {
    return this.db.selectFrom('graph_drawings').selectAll().where('run_id', '=', runId).where('name', '=', name).where('lang', '=', lang).where('variant', '=', variant).executeTakeFirst();
  }

  /**
   * A drawing by its key for the run `runId` names: the key must be of that run. Without a drawing
   * of the key's language the run's default one, without its variant the plain one:
   * (language, variant) → (default, variant) → (language, plain) → (default, plain).
   */
  async byKey(session: AuthSession, runId: number, key: string): Promise<Drawing> {
    await this.deps.runs.require(session, runId, 'graph.drawing.read');
    const parsed = parseDrawingKey(key);
    if (!parsed) throw errors.business('graph.drawing.badKey', { key });
    if (parsed.runId !== runId) throw errors.noPermission();
    const langs = parsed.lang === null ? [DEFAULT_LANG] : [parsed.lang, DEFAULT_LANG];
    const variants: DrawingVariant[] = parsed.variant === 'default' ? ['default'] : [parsed.variant, 'default'];
    for (const variant of variants) {
      for (const lang of langs) {
        const row = await this.rowAt(runId, parsed.name, lang, variant);
        if (row) return this.presentOne(row);
      }
    }
    throw errors.business('graph.drawing.notFound');
  }

  /**
   * Checks the upload a drawing is to take: a picture of purpose `drawing` of this run, complete,
   * either the caller's own unattached upload or already this very drawing's picture. Anything else
   * (another run's or tenant's file, a missing one, another purpose) answers the file service's one
   * refusal, so nothing tells them apart.
   */
  private async checkUpload(session: AuthSession, runId: number, fileId: string, drawingId: number | null): Promise<FileRow> {
    const file = await this.deps.files.find(fileId);
    const own = file !== undefined && file.owner_kind === null && file.uploader_id === session.userId;
    const its = file !== undefined && drawingId !== null && file.owner_kind === OWNER_KIND && file.owner_id === String(drawingId);
    if (!file || file.purpose !== PURPOSE || file.state !== 'complete' || file.parent_id !== null || file.run_id !== runId || !(own || its)) throw errors.business('files.attach.invalid');
    return file;
  }

  /** The picture's size in pixels as it is shown (turned upright by its EXIF orientation), read from the stored bytes. */
  private async sizeOf(file: FileRow): Promise<{ width: number; height: number }> {
    try {
      const meta = await sharp(await bytesOf(this.deps.files, file)).metadata();
      const { width, height } = meta.autoOrient;
      if (!(width > 0 && height > 0)) throw new Error('no size');
      return { width, height };
    } catch {
      throw errors.business('files.upload.notDecodable');
    }
  }

  /**
   * Puts an uploaded picture in place as the run's drawing of a name, language and variant: a new
   * row, or the one there with its picture replaced (the old picture is removed). The calibration
   * is the one given, or the replaced drawing's when none is given (refused when its marks fall
   * outside the new picture).
   */
  async save(session: AuthSession, input: DrawingSaveInput): Promise<Drawing> {
    const run = await this.deps.runs.require(session, input.runId, 'graph.drawing.write');
    const lang = input.lang ?? DEFAULT_LANG;
    const existing = await this.rowAt(run.id, input.name, lang, input.variant);
    const file = await this.checkUpload(session, run.id, input.fileId, existing?.id ?? null);
    const size = await this.sizeOf(file);
    const calibration = input.calibration === undefined ? (existing ? parsedJson(existing.calibration, CalibrationSchema, null) : null) : input.calibration;
    if (calibration) {
      try {
        checkCalibration(input.name, calibration, size);
      } catch (error) {
        // The replaced drawing's marks do not fit the new picture: say so rather than keep them wrong.
        if (input.calibration === undefined && error instanceof AppError) throw errors.business('graph.refused.keptCalibrationOutside');
        throw error;
      }
    }
    const values = {
      file_id: file.id,
      width: size.width,
      height: size.height,
      calibration: calibration ? JSON.stringify(calibration) : null,
      updated_by: session.userId,
      updated_at: this.deps.now(),
    };
    if (existing) {
      // The new picture first (the old one goes with `replace`), then the row that names it.
      await this.deps.files.attach([file.id], { kind: OWNER_KIND, id: existing.id }, { runId: run.id, by: session.userId, replace: true });
      await this.db.updateTable('graph_drawings').set(values).where('id', '=', existing.id).execute();
      return this.presentOne({ ...existing, ...values });
    }
    let id: number;
    try {
      id = (await this.db.insertInto('graph_drawings').values({ run_id: run.id, name: input.name, lang, variant: input.variant, ...values }).returning('id').executeTakeFirstOrThrow()).id;
    } catch (error) {
      // Someone saved the same drawing meanwhile: this picture replaces theirs.
      if (isUniqueViolation(error)) return this.save(session, input);
      throw error;
    }
    try {
      await this.deps.files.attach([file.id], { kind: OWNER_KIND, id }, { runId: run.id, by: session.userId, replace: true });
    } catch (error) {
      await this.db.deleteFrom('graph_drawings').where('id', '=', id).execute();
      throw error;
    }
    const row = await this.rowOf(run.id, id);
    if (!row) throw errors.business('graph.drawing.notFound');
    return this.presentOne(row);
  }

  /** Calibrates a drawing of the run (null: not calibrated); marks of the drawing's kind, inside its picture. */
  async calibrate(session: AuthSession, runId: number, id: number, calibration: Calibration | null): Promise<Drawing> {
    await this.deps.runs.require(session, runId, 'graph.drawing.write');
    const row = await this.rowOf(runId, id);
    if (!row) throw errors.business('graph.drawing.notFound');
    if (calibration) checkCalibration(row.name as DrawingName, calibration, { width: row.width, height: row.height });
    const values = { calibration: calibration ? JSON.stringify(calibration) : null, updated_by: session.userId, updated_at: this.deps.now() };
    await this.db.updateTable('graph_drawings').set(values).where('run_id', '=', runId).where('id', '=', id).execute();
    return this.presentOne({ ...row, ...values });
  }

  /** Removes a drawing of the run with its picture. */
  async remove(session: AuthSession, runId: number, id: number): Promise<number> {
    await this.deps.runs.require(session, runId, 'graph.drawing.write');
    const row = await this.rowOf(runId, id);
    if (!row) throw errors.business('graph.drawing.notFound');
    await this.deps.files.detachAllOf({ kind: OWNER_KIND, id: row.id });
    const result = await this.db.deleteFrom('graph_drawings').where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  // Third-party token -----------------------------------------------------------------------------

  /** A short-lived token of a configured map provider for a run the caller may see; the secret stays here. */
  async thirdToken(session: AuthSession, provider: string, runId: number): Promise<ThirdToken> {
    await this.deps.runs.require(session, runId, 'graph.drawing.read');
    const configured = this.deps.maps.providers.get(provider);
    if (!configured) throw errors.business('graph.third.notConfigured', { provider });
    const expiresAt = this.deps.now() + GRAPH_LIMITS.thirdTokenSeconds * 1000;
    return { provider, token: signThirdToken(configured.secret, { p: provider, r: runId, u: session.userId, e: expiresAt }), expiresAt };
  }
}
