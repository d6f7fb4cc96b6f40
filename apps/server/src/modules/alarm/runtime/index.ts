import { randomUUID } from 'node:crypto';
import { wallTimeToMinutes } from '@boreline/contracts';
import type { ModuleContext } from '../../../platform/module.js';
import { runTagList } from '../../../telemetry/index.js';
import { machineTypeOf, ShiftRepo } from '../../project/index.js';
import type { AlarmRuntimeControl } from '../runtimeControl.js';
import { AlarmStore } from './alarmStore.js';
import { AlarmWriter, RunRecords } from './alarmWriter.js';
import { RunAlarms, type RunSetup } from './runAlarms.js';
import type { ShiftMinutes } from './shiftOf.js';

/** What the runtime offers beyond the control the API uses: waiting for its writes (tests, shutdown). */
export interface AlarmRuntime extends AlarmRuntimeControl {
  /** Resolves once every run's queued work (reads, writes, messages) is done. */
  settled(): Promise<void>;
}

declare module '../../../core/services.js' {
  interface Services {
    /** The alarm engine at ingest: tell it when a run's alarm settings or shelves changed. */
    alarmRuntime: AlarmRuntime;
  }
}

/** A backfill with no late frame for this long (wall clock) is closed: its open alarms end at its last frame. */
export const BACKFILL_QUIET_MS = 30_000;
/** Machine states (long stop) and quiet backfills are looked at this often. */
const TICK_MS = 30_000;
/** Settings, shelves and shifts of the runs judged here are read again this often (a missed bus message, a changed shift). */
const RELOAD_MS = 300_000;

/** A reload of a run's settings or shelves, told to the other instances on the bus. */
interface ReloadMessage {
  type: 'alarmReload';
  runId: number;
  what: 'settings' | 'shelves';
  origin: string;
}
const RELOAD_PREFIX = '{"type":"alarmReload"';

/** One run: its in-memory alarms, its records and the queue its database work runs in. */
class RunSlot {
  readonly alarms: RunAlarms;
  readonly records = new RunRecords();
  private tail: Promise<void> = Promise.resolve();
  private flushing = false;
  gone = false;

  constructor(
    runId: number,
    private readonly flush: (slot: RunSlot) => Promise<void>,
    private readonly log: ModuleContext['log'],
  ) {
    this.alarms = new RunAlarms(runId, () => this.schedule());
  }

  /** Runs work after everything queued before it. */
  enqueue(work: () => Promise<void>): Promise<void> {
    const next = this.tail.then(work).catch((error: unknown) => this.log.warn({ err: error, runId: this.alarms.runId }, 'alarm runtime work failed'));
    this.tail = next;
    return next;
  }

  /** Writes the collected transitions once (several frames' transitions in one batch). */
  schedule(): void {
    if (this.flushing) return;
    this.flushing = true;
    void this.enqueue(async () => {
      this.flushing = false;
      await this.flush(this);
    });
  }

  idle(): Promise<void> {
    return this.tail;
  }
}

/**
 * The alarm engine at ingest: judges every stored frame (live and late) and the machine's states,
 * keeps the alarm records, announces new alarms. Per run, the settings, shelves and active alarms
 * are read on first sight (active alarms survive a restart: the engine continues their records);
 * a change of settings or shelves is read again when the API or another instance says so.
 */
export function registerAlarmRuntime(ctx: ModuleContext): AlarmRuntime {
  const store = new AlarmStore(ctx.db);
  const shifts = new ShiftRepo(ctx.db);
  const origin = randomUUID();
  const writer = new AlarmWriter({
    db: ctx.db,
    machine: ctx.machine,
    bus: ctx.bus,
    messages: () => (ctx.services.has('messageCentre') ? ctx.services.get('messageCentre') : null),
    now: ctx.now,
    log: ctx.log,
  });
  const slots = new Map<number, RunSlot>();
  let stopped = false;

  const readSetup = async (runId: number): Promise<RunSetup | null> => {
    const run = await ctx.services.get('runs').find(runId);
    if (!run) return null;
    const now = ctx.now();
    const [tags, warnSettings, runSettings, shelves, saved] = await Promise.all([
      runTagList(ctx.db, runId, machineTypeOf(run)),
      store.warnSettings(runId),
      store.runSettings(runId),
      store.shelves(runId, now),
      shifts.ofRun(runId),
    ]);
    const shiftMinutes: ShiftMinutes[] =
      saved.length > 0
        ? saved.map((s) => ({ startMin: s.start_min, endMin: s.end_min }))
        : [
            { startMin: wallTimeToMinutes('07:00') ?? 420, endMin: wallTimeToMinutes('19:00') ?? 1140 },
            { startMin: wallTimeToMinutes('19:00') ?? 1140, endMin: wallTimeToMinutes('07:00') ?? 420 },
          ];
    return { timeZone: run.time_zone, tags, warnSettings, runSettings, shelves, shifts: shiftMinutes };
  };

  const flush = async (slot: RunSlot) => {
    const setup = slot.alarms.setup;
    if (!setup) return;
    await writer.write(slot.alarms.runId, setup, slot.records, slot.alarms.drain());
  };

  /** The run's slot; its setup and active alarms are read in its queue on first sight. */
  const slotOf = (runId: number): RunSlot => {
    let slot = slots.get(runId);
    if (slot) return slot;
    const created = new RunSlot(runId, flush, ctx.log);
    slots.set(runId, created);
    slot = created;
    void created.enqueue(async () => {
      // A failed read is tried again with the run's next frame (the frames kept meanwhile are lost).
      const setup = await readSetup(runId).catch((error: unknown) => {
        if (slots.get(runId) === created) slots.delete(runId);
        throw error;
      });
      if (!setup) {
        created.gone = true;
        slots.delete(runId);
        return;
      }
      const active = await store.active(runId);
      for (const row of active) {
        if (row.backfill === 1) created.records.backfill.set(row.point, row.id);
        else created.records.live.set(row.point, row.id);
      }
      created.records.heads = await store.announcedSince(runId, ctx.now() - setup.runSettings.groupWindowMinutes * 60_000);
      created.alarms.apply(setup, ctx.now(), active);
    });
    return slot;
  };

  const reload = async (runId: number, what: 'settings' | 'shelves'): Promise<void> => {
    const slot = slotOf(runId);
    await slot.enqueue(async () => {
      if (slot.gone) return;
      if (what === 'shelves') {
        slot.alarms.setShelves(await store.shelves(runId, ctx.now()));
        return;
      }
      const setup = await readSetup(runId);
      if (setup) slot.alarms.apply(setup, ctx.now());
    });
    // The transitions the change caused (points switched off) are written before answering.
    await slot.idle();
  };

  const tell = (runId: number, what: 'settings' | 'shelves') => {
    const message: ReloadMessage = { type: 'alarmReload', runId, what, origin };
    ctx.bus.publish(JSON.stringify(message));
  };

  ctx.bus.onMessage((raw) => {
    if (!raw.startsWith(RELOAD_PREFIX)) return;
    try {
      const message = JSON.parse(raw) as ReloadMessage;
      if (message.origin === origin || typeof message.runId !== 'number' || !slots.has(message.runId)) return;
      void reload(message.runId, message.what === 'shelves' ? 'shelves' : 'settings');
    } catch {
      // Not ours.
    }
  });

  ctx.events.on('frameStored', (e) => {
    const slot = slotOf(e.runId);
    const now = ctx.now();
    slot.alarms.frame(e.frame, e.codes, e.late, now);
    if (!e.late) slot.alarms.checkLongStop(() => ctx.machine.engineState(e.runId), e.frame.ts);
  });
  ctx.events.on('stateChanged', (e) => {
    const slot = slotOf(e.runId);
    slot.alarms.stateClosed(e.interval);
  });
  ctx.events.on('connectionChanged', (e) => {
    const slot = slotOf(e.runId);
    if (slot.alarms.ready) slot.alarms.connection(e.connected, e.at);
    else void slot.enqueue(async () => slot.alarms.connection(e.connected, e.at));
  });

  let timer: NodeJS.Timeout | null = null;
  let reloadedAt = 0;
  ctx.lifecycle.onStart(() => {
    reloadedAt = ctx.now();
    timer = setInterval(() => {
      if (stopped) return;
      const now = ctx.now();
      if (now - reloadedAt >= RELOAD_MS) {
        reloadedAt = now;
        for (const runId of slots.keys()) void reload(runId, 'settings');
      }
      for (const slot of slots.values()) {
        slot.alarms.closeQuietBackfill(now, BACKFILL_QUIET_MS);
        const at = Number.isFinite(slot.alarms.newestLiveTs) ? slot.alarms.newestLiveTs : now;
        slot.alarms.checkLongStop(() => ctx.machine.engineState(slot.alarms.runId), at, true);
      }
    }, TICK_MS);
    timer.unref();
  });
  ctx.lifecycle.onStop(async () => {
    stopped = true;
    if (timer) clearInterval(timer);
    await Promise.all([...slots.values()].map((s) => s.idle()));
  });

  const runtime: AlarmRuntime = {
    async settingsChanged(runId) {
      await reload(runId, 'settings');
      tell(runId, 'settings');
    },
    async shelvesChanged(runId) {
      await reload(runId, 'shelves');
      tell(runId, 'shelves');
    },
    async settled() {
      // Work may queue more work (a flush after a reload): wait until every queue stays idle.
      for (let i = 0; i < 10; i += 1) {
        const tails = [...slots.values()].map((s) => s.idle());
        await Promise.all(tails);
        await new Promise((resolve) => setImmediate(resolve));
        if ([...slots.values()].every((s, k) => s.idle() === tails[k])) return;
      }
    },
  };
  ctx.services.provide('alarmRuntime', runtime);
  // Part alarm settings are saved by the administration module: re-read them before the next frame.
  ctx.services.get('warnSettingChanges').on((runId) => runtime.settingsChanged(runId));
  return runtime;
}
