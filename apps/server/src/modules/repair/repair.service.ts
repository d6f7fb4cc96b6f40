import { type Language, type Page, repairContract, SUBSYSTEM_NAME_KEYS, type Subsystem, tagDisplayName, type TagDef, formatInstant, DATE_FORMATS } from '@boreline/contracts';
import type { MessageKey } from '@boreline/i18n';
import type { Kysely, Selectable } from 'kysely';
import type { z } from 'zod';
import type { AuthSession } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { t } from '../../core/i18n.js';
import type { Database } from '../../db/schema.js';
import type { AlarmTable } from '../../db/schema/alarm.js';
import type { RepairRecordTable } from '../../db/schema/repair.js';
import { type MachineHistory, runTagList } from '../../telemetry/index.js';
import { type FilesService, presentFile } from '../files/index.js';
import { machineTypeOf, type RunScope, type ScopedRun } from '../project/index.js';
import type { RepairFinder } from './finder.js';
import { fingerprintOf, parseFingerprint } from './fingerprint.js';

type Repair = repairContract.Repair;
type Case = z.infer<typeof repairContract.CaseSchema>;
type AddInput = z.output<typeof repairContract.repairAdd.input>;
type UpdateInput = z.output<typeof repairContract.repairUpdate.input>;
type PageInput = z.output<typeof repairContract.repairPage.input>;
type CasePageInput = z.output<typeof repairContract.casePage.input>;
type FromAlarm = z.output<typeof repairContract.repairFromAlarm.output>;
type RepairRow = Selectable<RepairRecordTable>;
type AlarmRow = Selectable<AlarmTable>;

export const OWNER_KIND = 'repairRecord';
const PHOTO = 'repairPhoto';
const VIDEO = 'repairVideo';
/** Repairs `byTbm` answers: what was done on the machine lately. */
const LATEST_MAX = 50;
const READ = 'maintenance.repair.read';
const WRITE = 'maintenance.repair.write';

/** Names of the failure modes (ISO 14224), for lists and exports. */
export const FAILURE_MODE_TEXT = {
  leakage: 'repair.failureMode.leakage',
  wear: 'repair.failureMode.wear',
  fatigue: 'repair.failureMode.fatigue',
  overheating: 'repair.failureMode.overheating',
  misalignment: 'repair.failureMode.misalignment',
  vibration: 'repair.failureMode.vibration',
  blockage: 'repair.failureMode.blockage',
  breakage: 'repair.failureMode.breakage',
  electrical: 'repair.failureMode.electrical',
  control: 'repair.failureMode.control',
  other: 'repair.failureMode.other',
} as const satisfies Record<repairContract.FailureMode, MessageKey>;

/** Names of a repair's state and of its case state. */
export const STATE_TEXT = { open: 'repair.state.open', repaired: 'repair.state.repaired' } as const satisfies Record<repairContract.RepairState, MessageKey>;
export const CASE_STATE_TEXT = { none: 'repair.caseState.none', published: 'repair.caseState.published' } as const satisfies Record<repairContract.CaseState, MessageKey>;

export interface RepairServiceDeps {
  db: Kysely<Database>;
  runs: RunScope;
  files: FilesService;
  machine: MachineHistory;
  /** Told after every write of a repair (the search index follows). */
  indexed: (kind: 'repair' | 'knowledge', id: number) => Promise<void>;
  /** Finds repairs by words (full text once the search part is wired; `LikeRepairFinder` until then). */
  finder: () => RepairFinder;
  now: () => number;
}

/** What a repair still lacks to be repaired (and so publishable): cause, result, repair date. */
const missingForRepaired = (r: { cause: string | null; result: string | null; repairedAt: number | null }) =>
  [r.cause ? null : ('field.cause' as const), r.result ? null : ('field.result' as const), r.repairedAt === null ? ('field.repairedAt' as const) : null].filter((k) => k !== null);

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/**
 * Repair records of a run and the case base (issue 22). Every call checks the caller's code at the
 * run first (`RunScope.require`), then looks ids up within that run: another run's repair, alarm,
 * maintenance record or file answers like a missing one. Cases are read across every run where the
 * reader holds the repair read code.
 */
export class RepairService {
  constructor(private readonly deps: RepairServiceDeps) {}

  private get db() {
    return this.deps.db;
  }

  // Naming --------------------------------------------------------------------------------------

  private async tagsOf(run: ScopedRun, language: Language): Promise<Map<string, TagDef>> {
    return new Map((await runTagList(this.db, run.id, machineTypeOf(run), language)).map((tag) => [tag.code, tag]));
  }

  private pointName(point: string, tags: ReadonlyMap<string, TagDef>, language: Language): string {
    const tag = tags.get(point);
    return tag ? tagDisplayName(tag, (key, vars) => t(language, key as MessageKey, vars)) : point;
  }

  private async userNames(ids: readonly (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db.selectFrom('users').select(['id', 'nickname']).where('id', 'in', wanted).execute();
    return new Map(rows.map((r) => [r.id, r.nickname]));
  }

  // Presenting ----------------------------------------------------------------------------------

  private async present(rows: readonly RepairRow[], language: Language): Promise<Repair[]> {
    if (rows.length === 0) return [];
    const runIds = [...new Set(rows.map((r) => r.run_id))];
    const runs = new Map((await this.db.selectFrom('runs').selectAll().where('id', 'in', runIds).execute()).map((r) => [r.id, r]));
    const alarmIds = [...new Set(rows.map((r) => r.alarm_id).filter((id): id is number => id !== null))];
    const alarms = new Map(alarmIds.length === 0 ? [] : (await this.db.selectFrom('alarms').selectAll().where('id', 'in', alarmIds).execute()).map((a) => [a.id, a]));
    const tagsByRun = new Map<number, Map<string, TagDef>>();
    for (const runId of new Set([...alarms.values()].map((a) => a.run_id))) {
      const run = runs.get(runId);
      if (run) tagsByRun.set(runId, new Map((await runTagList(this.db, run.id, machineTypeOf(run), language)).map((tag) => [tag.code, tag])));
    }
    const users = await this.userNames(rows.flatMap((r) => [r.created_by, r.published_by]));
    const ref = (id: number | null) => (id === null ? null : { id, name: users.get(id) ?? '' });
    const out: Repair[] = [];
    for (const row of rows) {
      const run = runs.get(row.run_id);
      const owner = { kind: OWNER_KIND, id: row.id };
      const [photos, videos] = await Promise.all([this.deps.files.filesOf(owner, PHOTO), this.deps.files.filesOf(owner, VIDEO)]);
      const alarm = row.alarm_id === null ? undefined : alarms.get(row.alarm_id);
      out.push({
        id: row.id,
        runId: row.run_id,
        project: run?.project_name ?? '',
        tbmCode: run?.tbm_code ?? '',
        finder: row.finder,
        foundAt: row.found_at,
        system: row.system,
        component: row.component,
        title: row.title,
        description: row.description,
        failureMode: repairContract.RepairSchema.shape.failureMode.catch(null).parse(row.failure_mode),
        cause: row.cause,
        result: row.result,
        repairers: row.repairers,
        repairedAt: row.repaired_at,
        state: row.state === 'repaired' ? 'repaired' : 'open',
        caseState: row.case_state === 'published' ? 'published' : 'none',
        publishedAt: row.published_at,
        publishedBy: ref(row.published_by),
        photos: photos.map(presentFile),
        videos: videos.map(presentFile),
        alarm: alarm ? { id: alarm.id, point: alarm.point, name: this.pointName(alarm.point, tagsByRun.get(alarm.run_id) ?? new Map(), language), start: alarm.start_ts, ringNo: alarm.ring_no } : null,
        ringNo: row.ring_no,
        maintenanceRecordId: row.mtce_record_id,
        fingerprint: parseFingerprint(row.fingerprint),
        createdBy: ref(row.created_by),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      });
    }
    return out;
  }

  private async rowOf(runId: number, id: number): Promise<RepairRow> {
    const row = await this.db.selectFrom('repair_records').selectAll().where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
    if (!row) throw errors.business('repair.refused.notFound');
    return row;
  }

  // Reads ---------------------------------------------------------------------------------------

  async byTbm(session: AuthSession, runId: number, language: Language): Promise<Repair[]> {
    const run = await this.deps.runs.require(session, runId, READ);
    const rows = await this.db.selectFrom('repair_records').selectAll().where('run_id', '=', run.id).orderBy('found_at', 'desc').orderBy('id', 'desc').limit(LATEST_MAX).execute();
    return this.present(rows, language);
  }

  async detail(session: AuthSession, runId: number, id: number, language: Language): Promise<Repair> {
    const run = await this.deps.runs.require(session, runId, READ);
    const [repair] = await this.present([await this.rowOf(run.id, id)], language);
    if (!repair) throw errors.business('repair.refused.notFound');
    return repair;
  }

  async page(session: AuthSession, input: PageInput, language: Language): Promise<Page<Repair>> {
    const run = await this.deps.runs.require(session, input.runId, READ);
    let ids: number[] | null = null;
    if (input.keyword?.trim()) {
      ids = (await this.deps.finder().find([run.id], input.keyword, { publishedOnly: false })).map((h) => h.id);
      if (ids.length === 0) return { total: 0, page: input.page, pageSize: input.pageSize, records: [] };
    }
    let query = this.db.selectFrom('repair_records').where('run_id', '=', run.id);
    if (ids) query = query.where('id', 'in', ids);
    if (input.from !== undefined) query = query.where('found_at', '>=', input.from);
    if (input.to !== undefined) query = query.where('found_at', '<=', input.to);
    if (input.system) query = query.where('system', '=', input.system);
    if (input.state) query = query.where('state', '=', input.state);
    if (input.caseState) query = query.where('case_state', '=', input.caseState);
    if (input.failureMode) query = query.where('failure_mode', '=', input.failureMode);
    const total = Number((await query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await query
      .selectAll()
      .orderBy('found_at', 'desc')
      .orderBy('id', 'desc')
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize)
      .execute();
    return { total, page: input.page, pageSize: input.pageSize, records: await this.present(rows, language) };
  }

  /** The runs whose cases a reader sees: the run itself, or every run where he holds the repair read code. */
  private async caseRuns(session: AuthSession, input: CasePageInput): Promise<number[]> {
    const run = await this.deps.runs.require(session, input.runId, READ);
    if (input.scope === 'run') return [run.id];
    const ids: number[] = [];
    for (const visible of await this.deps.runs.visible(session)) {
      const readable = visible.id === run.id || (await this.deps.runs.require(session, visible.id, READ).then(() => true, () => false));
      if (readable) ids.push(visible.id);
    }
    return ids;
  }

  async casePage(session: AuthSession, input: CasePageInput, language: Language): Promise<Page<Case>> {
    const runIds = await this.caseRuns(session, input);
    const empty = { total: 0, page: input.page, pageSize: input.pageSize, records: [] };
    const hits = input.keyword?.trim() ? await this.deps.finder().find(runIds, input.keyword, { publishedOnly: true }) : null;
    if (hits?.length === 0) return empty;
    let query = this.db.selectFrom('repair_records').selectAll().where('case_state', '=', 'published').where('run_id', 'in', runIds);
    if (hits) query = query.where('id', 'in', hits.map((h) => h.id));
    if (input.system) query = query.where('system', '=', input.system);
    if (input.failureMode) query = query.where('failure_mode', '=', input.failureMode);
    const rows = await query.execute();
    const helpful = await this.helpfulCounts(rows.map((r) => r.id));
    const byHit = new Map((hits ?? []).map((h) => [h.id, h]));
    const ordered = [...rows].sort(
      (a, b) =>
        (byHit.get(b.id)?.score ?? 0) - (byHit.get(a.id)?.score ?? 0) ||
        (helpful.get(b.id) ?? 0) - (helpful.get(a.id) ?? 0) ||
        (b.published_at ?? 0) - (a.published_at ?? 0) ||
        b.id - a.id,
    );
    const slice = ordered.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
    const presented = await this.present(slice, language);
    return {
      total: ordered.length,
      page: input.page,
      pageSize: input.pageSize,
      records: presented.map((repair) => ({
        ...repair,
        snippet: byHit.get(repair.id)?.snippet ?? { text: cut(repair.description, 160), marks: [] },
        helpful: helpful.get(repair.id) ?? 0,
      })),
    };
  }

  private async helpfulCounts(ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('diagnosis_marks')
      .select(['source_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('source_kind', '=', 'case')
      .where('helpful', '=', 1)
      .where('source_id', 'in', [...ids])
      .groupBy('source_id')
      .execute();
    return new Map(rows.map((r) => [r.source_id, Number(r.n)]));
  }

  // From an alarm ---------------------------------------------------------------------------------

  private async alarmOf(runId: number, id: number): Promise<AlarmRow> {
    const alarm = await this.db.selectFrom('alarms').selectAll().where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
    if (!alarm) throw errors.business('repair.refused.alarmNotFound');
    return alarm;
  }

  /** The form's fields from an alarm of the run: its point's subsystem and name, its values and limit, time, ring and fingerprint. */
  private async prefill(run: ScopedRun, alarm: AlarmRow, language: Language): Promise<FromAlarm> {
    const tags = await this.tagsOf(run, language);
    const tag = tags.get(alarm.point);
    const subsystem = (alarm.subsystem ?? tag?.subsystem ?? 'state') as Subsystem;
    const system = SUBSYSTEM_NAME_KEYS[subsystem] ? t(language, SUBSYSTEM_NAME_KEYS[subsystem] as MessageKey) : subsystem;
    const name = this.pointName(alarm.point, tags, language);
    const level = t(language, alarm.level === 'warning' ? 'alarm.level.warning' : 'alarm.level.alarm');
    const unit = tag?.unit ? ` ${tag.unit}` : '';
    const number = (v: number) => `${String(Number(v.toFixed(Math.min(Math.max(tag?.precision ?? 2, 0), 6))))}${unit}`;
    const start = formatInstant(alarm.start_ts, run.time_zone, DATE_FORMATS.dateTimeSeconds);
    const ring = alarm.ring_no === null ? '—' : String(alarm.ring_no);
    const description =
      alarm.start_value !== null && alarm.limit_value !== null
        ? t(language, 'repair.fromAlarm.description', { name, level, start, ring, value: number(alarm.start_value), peak: number(alarm.peak_value ?? alarm.start_value), limit: number(alarm.limit_value) })
        : t(language, 'repair.fromAlarm.descriptionPlain', { name, level, start, ring });
    const fingerprint = await fingerprintOf(this.deps, run, tags, alarm.start_ts, language, alarm.id);
    return {
      foundAt: alarm.start_ts,
      system: cut(system, repairContract.REPAIR_LIMITS.systemMaxLength),
      component: cut(name, repairContract.REPAIR_LIMITS.systemMaxLength),
      title: cut(t(language, 'repair.fromAlarm.title', { number: alarm.number, name }), repairContract.REPAIR_LIMITS.titleMaxLength),
      description: cut(description, repairContract.REPAIR_LIMITS.textMaxLength),
      ringNo: alarm.ring_no,
      alarmId: alarm.id,
      fingerprint,
    };
  }

  async fromAlarm(session: AuthSession, runId: number, alarmId: number, language: Language): Promise<FromAlarm> {
    const run = await this.deps.runs.require(session, runId, WRITE);
    return this.prefill(run, await this.alarmOf(run.id, alarmId), language);
  }

  /** The ring being built at an instant: the ring whose span holds it, else the one after the last completed; null before the first. */
  private async ringAt(runId: number, at: number): Promise<number | null> {
    const [holding] = (await this.deps.machine.ringsEndingIn(runId, at, at + 7 * 86_400_000)).filter((r) => r.start_ts <= at);
    if (holding) return holding.ring_no;
    const before = await this.deps.machine.ringsBefore(runId, at + 1);
    return before.lastRing === null ? null : before.lastRing + 1;
  }

  // Changes -------------------------------------------------------------------------------------

  /**
   * Checks uploads before a repair takes them: files of this run with the purpose, unattached and
   * the caller's, or already this repair's. A file of another run or tenant answers as a missing one.
   */
  private async checkFiles(session: AuthSession, runId: number, ids: readonly string[], purpose: typeof PHOTO | typeof VIDEO, repairId: number | null): Promise<void> {
    for (const id of new Set(ids)) {
      const file = await this.deps.files.find(id);
      const own = file !== undefined && file.owner_kind === null && file.uploader_id === session.userId;
      const mine = file !== undefined && repairId !== null && file.owner_kind === OWNER_KIND && file.owner_id === String(repairId);
      if (!file || file.purpose !== purpose || file.parent_id !== null || file.run_id !== runId || !(own || mine)) throw errors.business('files.attach.invalid');
    }
  }

  private async checkRecord(runId: number, id: number | null): Promise<void> {
    if (id === null) return;
    const found = await this.db.selectFrom('mtce_records').select('id').where('run_id', '=', runId).where('id', '=', id).executeTakeFirst();
    if (!found) throw errors.business('repair.refused.maintenanceRecordNotFound');
  }

  private checkDates(input: AddInput): void {
    if (input.repairedAt !== null && input.repairedAt < input.foundAt) throw errors.business('repair.refused.repairedBeforeFound');
  }

  private columns(input: AddInput) {
    const repaired = missingForRepaired(input).length === 0;
    return {
      finder: input.finder,
      found_at: input.foundAt,
      system: input.system,
      component: input.component,
      title: input.title,
      description: input.description,
      failure_mode: input.failureMode,
      cause: input.cause,
      result: input.result,
      repairers: input.repairers,
      repaired_at: input.repairedAt,
      state: repaired ? 'repaired' : 'open',
      mtce_record_id: input.maintenanceRecordId,
    };
  }

  /** Alarm, ring and fingerprint of a repair: from its alarm when it has one, else the ring being built when it was found. */
  private async origin(run: ScopedRun, input: AddInput, language: Language, kept: RepairRow | null) {
    if (input.alarmId === null) return { alarm_id: null, ring_no: await this.ringAt(run.id, input.foundAt), fingerprint: null };
    if (kept && kept.alarm_id === input.alarmId) return { alarm_id: kept.alarm_id, ring_no: kept.ring_no, fingerprint: kept.fingerprint };
    const alarm = await this.alarmOf(run.id, input.alarmId);
    const tags = await this.tagsOf(run, language);
    const fingerprint = await fingerprintOf(this.deps, run, tags, alarm.start_ts, language, alarm.id);
    return { alarm_id: alarm.id, ring_no: alarm.ring_no ?? (await this.ringAt(run.id, alarm.start_ts)), fingerprint: JSON.stringify(fingerprint) };
  }

  private async attach(session: AuthSession, runId: number, id: number, photoIds: readonly string[], videoIds: readonly string[]): Promise<void> {
    const owner = { kind: OWNER_KIND, id };
    for (const [purpose, ids] of [
      [PHOTO, photoIds],
      [VIDEO, videoIds],
    ] as const) {
      const keep = new Set(ids);
      const dropped = (await this.deps.files.filesOf(owner, purpose)).filter((f) => !keep.has(f.id)).map((f) => f.id);
      if (dropped.length > 0) await this.deps.files.remove(dropped);
      await this.deps.files.attach(ids, owner, { runId, by: session.userId });
    }
  }

  async add(session: AuthSession, input: AddInput, language: Language): Promise<Repair> {
    const run = await this.deps.runs.require(session, input.runId, WRITE);
    this.checkDates(input);
    await this.checkRecord(run.id, input.maintenanceRecordId);
    await this.checkFiles(session, run.id, input.photoIds, PHOTO, null);
    await this.checkFiles(session, run.id, input.videoIds, VIDEO, null);
    const origin = await this.origin(run, input, language, null);
    const now = this.deps.now();
    const { id } = await this.db
      .insertInto('repair_records')
      .values({ run_id: run.id, ...this.columns(input), ...origin, case_state: 'none', published_at: null, published_by: null, created_by: session.userId, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      await this.attach(session, run.id, id, input.photoIds, input.videoIds);
    } catch (error) {
      await this.deps.files.detachAllOf({ kind: OWNER_KIND, id });
      await this.db.deleteFrom('repair_records').where('id', '=', id).execute();
      throw error;
    }
    await this.deps.indexed('repair', id);
    return this.detail(session, run.id, id, language);
  }

  async update(session: AuthSession, input: UpdateInput, language: Language): Promise<Repair> {
    const run = await this.deps.runs.require(session, input.runId, WRITE);
    const row = await this.rowOf(run.id, input.id);
    this.checkDates(input);
    // A published case stays published: it keeps what made it a case.
    const missing = missingForRepaired(input);
    if (row.case_state === 'published' && missing.length > 0) throw errors.business('repair.refused.notRepaired', { missing: missing.map((key) => t(language, key)).join(', ') });
    await this.checkRecord(run.id, input.maintenanceRecordId);
    await this.checkFiles(session, run.id, input.photoIds, PHOTO, row.id);
    await this.checkFiles(session, run.id, input.videoIds, VIDEO, row.id);
    const origin = await this.origin(run, input, language, row);
    await this.attach(session, run.id, row.id, input.photoIds, input.videoIds);
    await this.db.updateTable('repair_records').set({ ...this.columns(input), ...origin, updated_at: this.deps.now() }).where('id', '=', row.id).execute();
    await this.deps.indexed('repair', row.id);
    return this.detail(session, run.id, row.id, language);
  }

  /** Publishes a repaired repair as a case (the refusal names what it lacks) or withdraws it. */
  async publish(session: AuthSession, input: { runId: number; id: number; publish: boolean }, language: Language): Promise<Repair> {
    const run = await this.deps.runs.require(session, input.runId, 'maintenance.case.publish');
    const row = await this.rowOf(run.id, input.id);
    if (input.publish) {
      const missing = missingForRepaired({ cause: row.cause, result: row.result, repairedAt: row.repaired_at });
      if (missing.length > 0) throw errors.business('repair.refused.notRepaired', { missing: missing.map((key) => t(language, key)).join(', ') });
      if (row.case_state !== 'published') {
        await this.db.updateTable('repair_records').set({ case_state: 'published', published_at: this.deps.now(), published_by: session.userId }).where('id', '=', row.id).execute();
      }
    } else {
      await this.db.updateTable('repair_records').set({ case_state: 'none', published_at: null, published_by: null }).where('id', '=', row.id).execute();
    }
    await this.deps.indexed('repair', row.id);
    return this.detail(session, run.id, row.id, language);
  }
}
