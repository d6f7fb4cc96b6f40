import { LIMITS, type Page, riskContract } from '@boreline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import type { Database } from '../../db/schema.js';
import type { MachineHistory } from '../../telemetry/index.js';
import type { FilesService } from '../files/index.js';
import type { MessageCentre } from '../messages/index.js';
import type { RunScope } from '../project/index.js';
import type { RiskPointRow, RiskRepo } from './risk.repo.js';
import { announcementOf, directionOf, type DriveGeometry, ringRange, zoneState } from './riskState.js';

type RiskPoint = riskContract.RiskPoint;
type RiskAddInput = riskContract.RiskAddOutput;
type RiskEditInput = riskContract.RiskEditOutput;

const OWNER_KIND = 'riskPoint';
const PURPOSE = 'riskPicture';

export interface RunGeometryRow {
  id: number;
  start_chainage: number;
  end_chainage: number;
  start_ring: number;
  ring_width_mm: number;
}

export const geometryOf = (run: RunGeometryRow): DriveGeometry => ({
  startChainage: run.start_chainage,
  endChainage: run.end_chainage,
  startRing: run.start_ring,
  ringWidthM: Math.max(run.ring_width_mm, 1) / 1000,
});

export interface Position {
  ring: number | null;
  chainage: number;
  direction: 1 | -1;
}

export interface RiskServiceDeps {
  db: Kysely<Database>;
  repo: RiskRepo;
  runs: RunScope;
  files: FilesService;
  machine: MachineHistory;
  /** Read when a zone's state is announced (the message centre registers before this module). */
  messages: () => MessageCentre;
  now: () => number;
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

const matches = (filter: riskContract.RiskFilterOutput, zone: RiskPoint): boolean => {
  const keyword = filter.keyword?.toLowerCase();
  if (keyword && !`${zone.code} ${zone.name}`.toLowerCase().includes(keyword)) return false;
  if (filter.code && !zone.code.toLowerCase().includes(filter.code.toLowerCase())) return false;
  return !filter.state || zone.state === filter.state;
};

/** The columns a user writes of a zone, the same for a new zone and an edited one. */
const zoneColumns = (input: RiskAddInput | RiskEditInput) => ({
  code: input.code,
  position: input.position,
  name: input.name,
  start_chainage: input.startChainage,
  end_chainage: input.endChainage,
  remark: input.remark,
  settlement_level: input.settlementLevel,
  vibration_level: input.vibrationLevel,
  description: input.description,
});

/**
 * Risk points of a run: kept with their pictures (the file service, purpose `riskPicture`), told
 * apart by state from where the machine is (`riskState`), and announced once when they become
 * approaching and once when the machine enters them (`evaluate`, queued per run by the module).
 */
export class RiskService {
  constructor(private readonly deps: RiskServiceDeps) {}

  // Where the machine is -----------------------------------------------------------------------

  /** The cutterhead's chainage now: the last ring's end, else counted from the drive's start. */
  async position(run: RunGeometryRow): Promise<Position> {
    const drive = geometryOf(run);
    const direction = directionOf(drive);
    const summary = await this.deps.machine.ringSummary(run.id);
    if (summary.lastRing === null) return { ring: null, chainage: drive.startChainage, direction };
    const counted = drive.startChainage + direction * (summary.lastRing - drive.startRing + 1) * drive.ringWidthM;
    return { ring: summary.lastRing + 1, chainage: summary.lastChainage ?? counted, direction };
  }

  async warnRings(runId: number): Promise<number> {
    return (await this.deps.repo.warnRings(runId)) ?? LIMITS.riskWarnRingsDefault;
  }

  private async present(run: RunGeometryRow, rows: readonly RiskPointRow[]): Promise<{ zones: RiskPoint[]; position: Position; warnRings: number }> {
    const [position, warnRings, pictures] = await Promise.all([this.position(run), this.warnRings(run.id), this.deps.repo.pictureCounts(rows.map((r) => r.id))]);
    const drive = geometryOf(run);
    const zones = rows.map((row) => {
      const span = { startChainage: row.start_chainage, endChainage: row.end_chainage };
      return {
        id: row.id,
        runId: row.run_id,
        code: row.code,
        position: row.position,
        name: row.name,
        startChainage: row.start_chainage,
        endChainage: row.end_chainage,
        ...ringRange(drive, span),
        remark: row.remark,
        settlementLevel: riskContract.RiskLevelSchema.nullable().catch(null).parse(row.settlement_level),
        vibrationLevel: riskContract.RiskLevelSchema.nullable().catch(null).parse(row.vibration_level),
        description: row.description,
        pictureCount: pictures.get(row.id) ?? 0,
        ...zoneState(drive, span, position.chainage, warnRings),
        updatedAt: row.updated_at,
      };
    });
    // Drive order: the zone the machine meets first comes first.
    zones.sort((a, b) => a.startRing - b.startRing || a.id - b.id);
    return { zones, position, warnRings };
  }

  private async zonesOf(run: RunGeometryRow) {
    return this.present(run, await this.deps.repo.ofRun(run.id));
  }

  /**
   * A run's zones with their state, the machine's position and the warning distance, for a caller
   * whose access to the run was checked by its own module (the drawings' overlay): the states are
   * the ones this module announces.
   */
  async zonesOfRun(runId: number): Promise<{ zones: RiskPoint[]; position: Position; warnRings: number } | null> {
    const run = await this.runOf(runId);
    return run ? this.zonesOf(run) : null;
  }

  // Reads ---------------------------------------------------------------------------------------

  async query(session: AuthSession, input: riskContract.RiskQueryOutput): Promise<Page<RiskPoint>> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.risk.read');
    const all = (await this.zonesOf(run)).zones.filter((z) => matches(input, z));
    const from = (input.page - 1) * input.pageSize;
    return { total: all.length, page: input.page, pageSize: input.pageSize, records: all.slice(from, from + input.pageSize) };
  }

  async filtered(session: AuthSession, input: riskContract.RiskFilterOutput): Promise<RiskPoint[]> {
    const run = await this.deps.runs.require(session, input.runId, 'alarm.risk.read');
    return (await this.zonesOf(run)).zones.filter((z) => matches(input, z));
  }

  async current(session: AuthSession, runId: number): Promise<riskContract.RiskCurrent> {
    const run = await this.deps.runs.require(session, runId, 'alarm.risk.read');
    const { zones, position, warnRings } = await this.zonesOf(run);
    const nearest = zones.find((z) => z.state === 'inside') ?? zones.filter((z) => z.ringsToGo !== null).sort((a, b) => (a.ringsToGo ?? 0) - (b.ringsToGo ?? 0))[0] ?? null;
    return { warnRings, position, zones, nearest };
  }

  async rings(session: AuthSession, runId: number): Promise<riskContract.RiskRingRange[]> {
    const run = await this.deps.runs.require(session, runId, 'alarm.risk.read');
    return (await this.zonesOf(run)).zones.map((z) => ({ id: z.id, code: z.code, name: z.name, startRing: z.startRing, endRing: z.endRing, state: z.state }));
  }

  async ringSpec(session: AuthSession, runId: number, ring: number): Promise<RiskPoint[]> {
    const run = await this.deps.runs.require(session, runId, 'alarm.risk.read');
    return (await this.zonesOf(run)).zones.filter((z) => z.startRing <= ring && ring <= z.endRing);
  }

  /**
   * The zone, when the caller holds `code` at its run. A zone that does not exist and one of a run
   * the caller cannot read at all answer the same code 3 (another tenant learns nothing); a caller
   * who reads the run but may not change it gets the no-permission answer.
   */
  private async zoneFor(session: AuthSession, id: number, code: 'alarm.risk.read' | 'alarm.risk.write'): Promise<RiskPointRow> {
    const zone = await this.deps.repo.find(id);
    if (!zone) throw errors.business('risk.error.notFound');
    try {
      await this.deps.runs.require(session, zone.run_id, code);
    } catch (error) {
      const readable = code === 'alarm.risk.write' && (await this.deps.runs.require(session, zone.run_id, 'alarm.risk.read').then(() => true, () => false));
      throw readable ? error : errors.business('risk.error.notFound');
    }
    return zone;
  }

  async pictures(session: AuthSession, id: number) {
    await this.zoneFor(session, id, 'alarm.risk.read');
    return this.deps.files.filesOf({ kind: OWNER_KIND, id }, PURPOSE);
  }

  async settings(session: AuthSession, runId: number): Promise<riskContract.RiskSettings> {
    await this.deps.runs.require(session, runId, 'alarm.risk.read');
    return { runId, warnRings: await this.warnRings(runId) };
  }

  // Changes -------------------------------------------------------------------------------------

  async saveSettings(session: AuthSession, runId: number, warnRings: number): Promise<riskContract.RiskSettings> {
    await this.deps.runs.require(session, runId, 'alarm.risk.write');
    await this.deps.repo.saveWarnRings(runId, warnRings, this.deps.now());
    return { runId, warnRings };
  }

  /**
   * Checks uploads before a zone takes them: pictures of this run, unattached and the caller's, or
   * already the zone's. Answers the file service's own refusal, so nothing is removed for a bad id.
   */
  private async checkPictures(session: AuthSession, runId: number, ids: readonly string[], zoneId: number | null): Promise<void> {
    const unique = [...new Set(ids)];
    for (const id of unique) {
      const file = await this.deps.files.find(id);
      const own = file !== undefined && file.owner_kind === null && file.uploader_id === session.userId;
      const zones = file !== undefined && zoneId !== null && file.owner_kind === OWNER_KIND && file.owner_id === String(zoneId);
      if (!file || file.purpose !== PURPOSE || file.parent_id !== null || file.run_id !== runId || !(own || zones)) throw errors.business('files.attach.invalid');
    }
  }

  private async checkZone(runId: number, code: string, except: number | null): Promise<void> {
    if (await this.deps.repo.codeTaken(runId, code, except)) throw errors.business('risk.error.codeTaken', { code });
  }

  async add(session: AuthSession, input: RiskAddInput): Promise<{ id: number }> {
    await this.deps.runs.require(session, input.runId, 'alarm.risk.write');
    if ((await this.deps.repo.countOf(input.runId)) >= LIMITS.riskPointsPerRunMax) throw errors.business('risk.error.tooManyZones', { max: LIMITS.riskPointsPerRunMax });
    await this.checkZone(input.runId, input.code, null);
    const pictureIds = input.pictureIds ?? [];
    await this.checkPictures(session, input.runId, pictureIds, null);
    const now = this.deps.now();
    const id = await this.deps.repo.insert({
      run_id: input.runId,
      ...zoneColumns(input),
      notified_state: null,
      created_by: session.userId,
      created_at: now,
      updated_at: now,
    });
    try {
      await this.deps.files.attach(pictureIds, { kind: OWNER_KIND, id }, { runId: input.runId, by: session.userId });
    } catch (error) {
      await this.deps.repo.remove(id);
      throw error;
    }
    return { id };
  }

  async edit(session: AuthSession, input: RiskEditInput): Promise<{ id: number; runId: number }> {
    const zone = await this.zoneFor(session, input.id, 'alarm.risk.write');
    await this.checkZone(zone.run_id, input.code, zone.id);
    const owner = { kind: OWNER_KIND, id: zone.id };
    if (input.pictureIds !== undefined) {
      await this.checkPictures(session, zone.run_id, input.pictureIds, zone.id);
      const keep = new Set(input.pictureIds);
      const dropped = (await this.deps.files.filesOf(owner, PURPOSE)).filter((f) => !keep.has(f.id)).map((f) => f.id);
      await this.deps.files.remove(dropped);
      await this.deps.files.attach(input.pictureIds, owner, { runId: zone.run_id, by: session.userId });
    }
    const moved = zone.start_chainage !== input.startChainage || zone.end_chainage !== input.endChainage;
    await this.deps.repo.update(zone.id, {
      ...zoneColumns(input),
      // A zone moved along the drive is announced again from where it now is.
      ...(moved ? { notified_state: null } : {}),
      updated_at: this.deps.now(),
    });
    return { id: zone.id, runId: zone.run_id };
  }

  async remove(session: AuthSession, id: number): Promise<number> {
    const zone = await this.zoneFor(session, id, 'alarm.risk.write');
    await this.deps.files.detachAllOf({ kind: OWNER_KIND, id: zone.id });
    await this.deps.repo.remove(zone.id);
    return zone.run_id;
  }

  /** Removes one picture of a zone; a file that is no zone's picture, or of a run out of reach, answers as a missing zone. */
  async removePicture(session: AuthSession, fileId: string): Promise<void> {
    const file = await this.deps.files.find(fileId);
    if (!file || file.purpose !== PURPOSE || file.owner_kind !== OWNER_KIND || file.owner_id === null || file.parent_id !== null) throw errors.business('risk.error.notFound');
    await this.zoneFor(session, Number(file.owner_id), 'alarm.risk.write');
    await this.deps.files.remove([file.id]);
  }

  // Announcements -------------------------------------------------------------------------------

  private async runOf(runId: number): Promise<RunGeometryRow | undefined> {
    return this.deps.db.selectFrom('runs').select(['id', 'start_chainage', 'end_chainage', 'start_ring', 'ring_width_mm']).where('id', '=', runId).executeTakeFirst();
  }

  /**
   * Tells the run's users (holders of `alarm.risk.read`) of every zone that became approaching or
   * that the machine entered since it was last told, once each: the zone's announced state is
   * recorded first (a conditional update), so two evaluations never send the same message twice.
   * Answers the announcements sent.
   */
  async evaluate(runId: number): Promise<number> {
    const run = await this.runOf(runId);
    if (!run) return 0;
    const rows = await this.deps.repo.ofRun(runId);
    if (rows.length === 0) return 0;
    const { zones } = await this.present(run, rows);
    const notified = new Map(rows.map((r) => [r.id, r.notified_state]));
    let sent = 0;
    for (const zone of zones) {
      const before = notified.get(zone.id) ?? null;
      const announce = announcementOf(zone.state, before);
      if (!announce || !(await this.deps.repo.markNotified(zone.id, before, announce))) continue;
      await this.deps
        .messages()
        .send({
          type: 'monitoringAlarm',
          audience: { runId, resourceCode: 'alarm.risk.read' },
          key: announce === 'inside' ? 'risk.message.inside' : 'risk.message.approaching',
          params: { code: zone.code, name: zone.name, rings: zone.ringsToGo ?? 0 },
          object: { kind: 'riskPoint', id: zone.id },
        })
        .catch((error: unknown) => this.deps.log.error({ err: error, runId, zone: zone.id }, 'risk announcement failed'));
      sent += 1;
    }
    return sent;
  }

  runsWithZones(): Promise<number[]> {
    return this.deps.repo.runsWithZones();
  }
}
