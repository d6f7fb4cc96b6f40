import { tagCatalogue, type MachineType, type TagDef } from '@boreline/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decodeChunk, encodeChunk } from './codec/chunkCodec.js';
import { CycleEngine, type CycleEvent, type RingRecord, type StateInterval } from './cycle/cycleEngine.js';
import { parseCycleSnapshot } from './cycle/cycleSnapshot.js';
import { DomainEvents } from './events.js';
import { type Frame, TagLayout } from './frame.js';
import type { LatestValues } from './latestValues.js';
import { CycleRepo } from './store/cycle.repo.js';
import { FrameStoreRepo } from './store/frameStore.repo.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, mergeRollups, rollupFrames, rollupPrecisions } from './store/rollup.js';

/** Frames are grouped into chunks of this many milliseconds (aligned to the clock). */
export const CHUNK_WINDOW_MS = 10 * MINUTE_MS;

export interface RunTelemetry {
  runId: number;
  machineType: MachineType;
  ringWidthMm: number;
  endChainage: number | null;
  /** The run's own tags (after the catalogue in its layout); none when absent. */
  ownTags?: readonly TagDef[];
}

/** The tags of a run's layout: its catalogue, then its own tags. */
const layoutTags = (info: RunTelemetry): TagDef[] => [...tagCatalogue(info.machineType), ...(info.ownTags ?? [])];

const sameLayout = (a: TagLayout, b: TagLayout) =>
  a.size === b.size && a.codes.every((code, i) => code === b.codes[i] && a.precisions[i] === b.precisions[i]);

/** Frames of one layout in the columns of another (by code; a column the first lacks stays missing). */
function remapFrames(frames: readonly Frame[], fromCodes: readonly string[], to: TagLayout): Frame[] {
  const target = fromCodes.map((code) => to.indexOf(code));
  return frames.map((frame) => {
    const values = to.emptyValues();
    target.forEach((i, k) => {
      if (i >= 0) values[i] = frame.values[k] ?? Number.NaN;
    });
    return { runId: frame.runId, ts: frame.ts, values };
  });
}

export interface IngestResult {
  accepted: number;
  duplicates: number;
  late: number;
  /** The whole batch was seen before (same batch id): nothing was written again. */
  replayed: boolean;
}

interface RunState {
  info: RunTelemetry;
  layout: TagLayout;
  layoutId: number;
  engine: CycleEngine;
  windowTs: number | null;
  frames: Frame[];
  seen: Set<number>;
  /** Serializes the work of one run: order and transactions stay coherent. */
  queue: Promise<unknown>;
}

const windowOf = (ts: number) => Math.floor(ts / CHUNK_WINDOW_MS) * CHUNK_WINDOW_MS;

/** Column-wise copy of frames (ascending, unique ts) for the codec. */
function columnsOf(frames: readonly Frame[], size: number) {
  const ts = new Float64Array(frames.length);
  const columns = Array.from({ length: size }, () => new Float64Array(frames.length));
  frames.forEach((frame, k) => {
    ts[k] = frame.ts;
    for (let i = 0; i < size; i += 1) {
      const column = columns[i];
      if (column) column[k] = frame.values[i] ?? Number.NaN;
    }
  });
  return { ts, columns };
}

function framesOf(runId: number, bytes: Uint8Array): Frame[] {
  const chunk = decodeChunk(bytes);
  return Array.from(chunk.ts, (ts, k) => ({ runId, ts, values: Float64Array.from(chunk.columns, (c) => c[k] ?? Number.NaN) }));
}

/** Sorted by time, one frame per instant (the first wins: a resent frame changes nothing). */
function uniqueSorted(frames: readonly Frame[]): Frame[] {
  const sorted = [...frames].sort((a, b) => a.ts - b.ts);
  return sorted.filter((f, i) => i === 0 || f.ts !== sorted[i - 1]?.ts);
}

/**
 * The ingest pipeline (ARCHITECTURE.md §1): frames of any source → latest values → cycle engine →
 * durable commit. A call resolves only when its frames are committed, so a source may acknowledge
 * then (HTTP answers, MQTT PUBACK). Frames of the open 10-minute window are written as pending
 * rows; when the window closes they become one compressed chunk with per-minute rollups, merged
 * into the day's hourly rollups, in one transaction. Late frames keep their timestamps and are
 * stored as chunks of their own.
 */
export class IngestService {
  private readonly runs = new Map<number, RunState>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly latest: LatestValues,
    /** Where the pipeline's events go (see `events.ts`); emitted from the run's queue, so in order per run. */
    readonly events: DomainEvents = new DomainEvents(),
  ) {}

  /** The database the pipeline writes to (for work that must hold the run's queue). */
  get database(): Kysely<Database> {
    return this.db;
  }

  /**
   * Opens a run for ingest: its layout, the cycle engine where it stopped, the open window's frames.
   * A run already open whose tags changed (own tags added, edited or removed) gets the new layout:
   * the open window is closed under the old one first, and new frames are stored under a new layout
   * version (readers take every stored layout by code).
   */
  async open(info: RunTelemetry): Promise<TagLayout> {
    const wanted = new TagLayout(layoutTags(info));
    const known = this.runs.get(info.runId);
    if (known) {
      if (sameLayout(known.layout, wanted)) return known.layout;
      const work = known.queue.then(() => this.relayout(known, info, wanted));
      known.queue = work.catch(() => undefined);
      return work;
    }
    const layout = wanted;
    const store = new FrameStoreRepo(this.db);
    const layoutId = await store.layoutId(info.runId, layout.codes, Date.now());
    const saved = await new CycleRepo(this.db).snapshot(info.runId);
    const resumed = saved ? parseCycleSnapshot(saved.data) : undefined;
    const engine = new CycleEngine({ runId: info.runId, layout, ringWidthMm: info.ringWidthMm, endChainage: info.endChainage, ...(resumed ? { state: resumed } : {}) });
    const state: RunState = { info, layout, layoutId, engine, windowTs: null, frames: [], seen: new Set(), queue: Promise.resolve() };
    // Frames acknowledged before a stop are in pending rows: they become the open window again
    // (rows of another layout version are read by code).
    const pending = await store.pending(info.runId);
    const layouts = pending.some((row) => row.layout_id !== layoutId) ? await store.layouts(info.runId) : new Map<number, string[]>();
    for (const row of pending) {
      state.windowTs = Math.max(state.windowTs ?? 0, row.window_ts);
    }
    for (const row of pending) {
      if (row.window_ts !== state.windowTs) continue;
      const stored = framesOf(info.runId, row.data);
      const frames = row.layout_id === layoutId ? stored : remapFrames(stored, layouts.get(row.layout_id) ?? [], layout);
      for (const frame of frames) if (windowOf(frame.ts) === state.windowTs && !state.seen.has(frame.ts)) {
        state.frames.push(frame);
        state.seen.add(frame.ts);
      }
    }
    state.frames = uniqueSorted(state.frames);
    this.runs.set(info.runId, state);
    return layout;
  }

  /** Moves an open run to a new layout (inside the run's queue). */
  private async relayout(state: RunState, info: RunTelemetry, layout: TagLayout): Promise<TagLayout> {
    if (sameLayout(state.layout, layout)) return state.layout;
    await this.closeWindow(state);
    state.layoutId = await new FrameStoreRepo(this.db).layoutId(info.runId, layout.codes, Date.now());
    state.engine = new CycleEngine({ runId: info.runId, layout, ringWidthMm: info.ringWidthMm, endChainage: info.endChainage, state: state.engine.snapshot() });
    state.layout = layout;
    state.info = info;
    return layout;
  }

  /**
   * Ingests frames of one run; resolves once they are durable. `from`: the layout the frames were
   * decoded with, when the run's layout may have changed since (they are read by code then).
   */
  ingest(runId: number, frames: readonly Frame[], batchId?: string, from?: TagLayout): Promise<IngestResult> {
    const state = this.runs.get(runId);
    if (!state) return Promise.reject(new Error(`run ${runId} is not open for ingest`));
    const work = state.queue.then(() => this.ingestNow(state, from && from !== state.layout && !sameLayout(from, state.layout) ? remapFrames(frames, from.codes, state.layout) : frames, batchId));
    state.queue = work.catch(() => undefined);
    return work;
  }

  /** The engine's committed state of an open run (null when the run is not open here). */
  engineState(runId: number): { state: string | null; since: number | null; ringNo: number | null } | null {
    return this.runs.get(runId)?.engine.current() ?? null;
  }

  /** Runs `work` while holding the run's queue: no frame of that run is ingested meanwhile. */
  exclusive<T>(runId: number, work: (run: RunTelemetry, layout: TagLayout) => Promise<T>): Promise<T> {
    const state = this.runs.get(runId);
    if (!state) return Promise.reject(new Error(`run ${runId} is not open for ingest`));
    const next = state.queue.then(() => work(state.info, state.layout));
    state.queue = next.catch(() => undefined);
    return next;
  }

  /** Continues from a recomputed engine (call inside `exclusive`). */
  replaceEngine(runId: number, engine: CycleEngine): void {
    const state = this.runs.get(runId);
    if (state) state.engine = engine;
  }

  /** Closes windows that saw no frame for a while (a machine that went quiet). */
  async flushIdle(now: number): Promise<void> {
    for (const state of this.runs.values()) {
      if (state.windowTs === null || state.windowTs + CHUNK_WINDOW_MS + MINUTE_MS > now) continue;
      const work = state.queue.then(() => this.closeWindow(state));
      state.queue = work.catch(() => undefined);
      await work;
    }
  }

  private async closeWindow(state: RunState): Promise<void> {
    if (state.windowTs === null || state.frames.length === 0) return;
    const windowTs = state.windowTs;
    const frames = state.frames;
    await new FrameStoreRepo(this.db).transaction((store) => this.writeChunk(store, state, frames, windowTs));
    state.windowTs = null;
    state.frames = [];
    state.seen = new Set();
  }

  private async ingestNow(state: RunState, incoming: readonly Frame[], batchId?: string): Promise<IngestResult> {
    if (batchId && (await new FrameStoreRepo(this.db).batchKnown(state.info.runId, batchId))) {
      return { accepted: 0, duplicates: incoming.length, late: 0, replayed: true };
    }
    const frames = uniqueSorted(incoming);
    const plan = { pending: new Map<number, Frame[]>(), late: new Map<number, Frame[]>(), close: [] as { windowTs: number; frames: Frame[] }[] };
    let windowTs = state.windowTs;
    let windowFrames = state.frames.slice();
    const seen = new Set(state.seen);
    let duplicates = incoming.length - frames.length;
    for (const frame of frames) {
      const w = windowOf(frame.ts);
      if (windowTs !== null && w < windowTs) {
        const list = plan.late.get(w);
        if (list) list.push(frame);
        else plan.late.set(w, [frame]);
        continue;
      }
      if (windowTs !== null && w > windowTs) {
        if (windowFrames.length > 0) plan.close.push({ windowTs, frames: windowFrames });
        windowFrames = [];
        seen.clear();
      }
      windowTs = w;
      if (seen.has(frame.ts)) {
        duplicates += 1;
        continue;
      }
      seen.add(frame.ts);
      windowFrames.push(frame);
      const list = plan.pending.get(w);
      if (list) list.push(frame);
      else plan.pending.set(w, [frame]);
    }
    windowFrames.sort((a, b) => a.ts - b.ts);

    // The engine runs before the commit; on a failed commit it goes back to where it was.
    const before = state.engine.snapshot();
    const events: CycleEvent[] = [];
    for (const list of plan.pending.values()) for (const frame of list) events.push(...state.engine.push(frame));
    const intervals: StateInterval[] = [];
    const rings: RingRecord[] = [];
    for (const e of events) {
      if (e.type === 'interval') intervals.push(e.interval);
      else rings.push(e.ring);
    }
    // Live values go out before the durable commit: a screen shows what the machine measures now,
    // without waiting for the disk (ARCHITECTURE.md §1: latest values → bus beside the frame store).
    // A batch whose commit fails is resent by its source and its frames are shown once.
    const newest = frames.at(-1);
    if (newest) {
      this.latest.update(newest, state.layout.codes);
      if (this.events.wanted('frameReceived')) this.events.emit('frameReceived', { runId: state.info.runId, frame: newest, codes: state.layout.codes });
    }
    const lastTs = frames.at(-1)?.ts ?? Date.now();
    try {
      await this.db.transaction().execute(async (trx) => {
        const store = new FrameStoreRepo(trx);
        if (batchId) await store.claimBatch(state.info.runId, batchId, incoming.length, Date.now());
        for (const closing of plan.close) await this.writeChunk(store, state, closing.frames, closing.windowTs);
        for (const list of plan.late.values()) await this.writeChunk(store, state, list, null);
        for (const [w, list] of plan.pending) {
          // Frames of a window this batch already closed are inside its chunk.
          if (w !== windowTs) continue;
          const { ts, columns } = columnsOf(list, state.layout.size);
          await store.insertPending(state.info.runId, state.layoutId, w, list.length, encodeChunk({ ts, columns, precisions: state.layout.precisions }));
        }
        const cycle = new CycleRepo(trx);
        await cycle.insertIntervals(intervals);
        await cycle.upsertRings(rings);
        await cycle.saveSnapshot(state.info.runId, lastTs, JSON.stringify(state.engine.snapshot()));
      });
    } catch (error) {
      state.engine = new CycleEngine({ runId: state.info.runId, layout: state.layout, ringWidthMm: state.info.ringWidthMm, endChainage: state.info.endChainage, state: before });
      throw error;
    }
    state.windowTs = windowTs;
    state.frames = windowFrames;
    state.seen = seen;
    this.announce(state, plan, intervals, rings);
    const lateCount = [...plan.late.values()].reduce((n, l) => n + l.length, 0);
    const pendingCount = [...plan.pending.values()].reduce((n, l) => n + l.length, 0);
    return { accepted: pendingCount + lateCount, duplicates, late: lateCount, replayed: false };
  }

  /** The batch's events once it is durable: frames in time order (late ones first, as stored), then closed states and rings. */
  private announce(state: RunState, plan: { pending: Map<number, Frame[]>; late: Map<number, Frame[]> }, intervals: readonly StateInterval[], rings: readonly RingRecord[]): void {
    const runId = state.info.runId;
    const codes = state.layout.codes;
    if (this.events.wanted('frameStored')) {
      for (const list of plan.late.values()) for (const frame of list) this.events.emit('frameStored', { runId, frame, codes, late: true });
      for (const list of plan.pending.values()) for (const frame of list) this.events.emit('frameStored', { runId, frame, codes, late: false });
    }
    for (const interval of intervals) this.events.emit('stateChanged', { runId, interval });
    for (const ring of rings) this.events.emit('ringCompleted', { runId, ring });
  }

  /** A chunk of frames with its minute rollups, merged into the hourly rollups of its day. */
  private async writeChunk(store: FrameStoreRepo, state: RunState, frames: readonly Frame[], pendingWindow: number | null): Promise<void> {
    const sorted = uniqueSorted(frames);
    const first = sorted[0];
    const last = sorted.at(-1);
    if (!first || !last) return;
    const { ts, columns } = columnsOf(sorted, state.layout.size);
    const precisions = state.layout.precisions;
    const minutes = rollupFrames(ts, columns, precisions, MINUTE_MS);
    const minuteChunk = { ts: minutes.ts, columns: minutes.columns, precisions: rollupPrecisions(precisions) };
    await store.insertChunk(
      state.info.runId,
      { layoutId: state.layoutId, startTs: first.ts, endTs: last.ts, frames: sorted.length, data: encodeChunk({ ts, columns, precisions }), minutes: encodeChunk(minuteChunk) },
      pendingWindow,
    );
    const dayTs = Math.floor(first.ts / DAY_MS) * DAY_MS;
    const existing = await store.hourly(state.info.runId, state.layoutId, dayTs);
    const merged = mergeRollups(existing ? decodeChunk(existing) : null, { ts: minutes.ts, columns: minutes.columns }, state.layout.size, precisions, HOUR_MS);
    await store.putHourly(state.info.runId, state.layoutId, dayTs, encodeChunk(merged));
  }
}
