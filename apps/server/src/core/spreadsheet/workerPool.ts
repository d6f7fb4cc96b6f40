import type { ResourceLimits, Worker } from 'node:worker_threads';
import type { RowBatch, SheetInfo, SheetRow, SpreadsheetRefusalReason, WorkerJob, WorkerMessage } from './protocol.js';
import { startWorker } from './workerScript.js';

/** A file not read, with the reason for the caller to word and a detail for the log. */
export class SpreadsheetRefused extends Error {
  constructor(
    readonly reason: SpreadsheetRefusalReason,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`);
  }
}

export interface PoolOptions {
  resourceLimits: ResourceLimits;
  /** Workers at once; memory is bounded by this times the heap cap. */
  size: number;
  /** Files waiting for a worker beyond which another is refused as busy. */
  queueMax: number;
  /** Per file, from the job sent to its answer. */
  timeoutMs: number;
  /** An idle worker ends after this long, giving its memory back. */
  idleMs: number;
  /** A worker is replaced after this many files, so no heap grows old across many files. */
  jobsPerWorker: number;
}

/** A worker loads its parsers within this, however short the time limit of a file. */
const WORKER_START_MS = 30_000;

interface Slot {
  worker: Worker;
  jobs: number;
  idleTimer: NodeJS.Timeout | null;
  /** The job in flight and how to end it. */
  current: { id: number; onRows: (batch: RowBatch) => void; settle: (outcome: SheetInfo | SpreadsheetRefused) => void } | null;
}

/**
 * Reading workers, each parsing one file at a time under a heap cap and a time limit. Starting a
 * worker costs about as much as parsing a small sheet (it loads exceljs), so a worker that answered
 * stays for the next file a while; one that ran out of memory, crashed or overran is ended and the
 * file refused. Workers never keep the process alive (`unref`).
 */
export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly idle: Slot[] = [];
  private readonly waiting: ((slot: Slot | null) => void)[] = [];
  private starting = 0;
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions) {}

  /** Workers alive (busy or idle), for tests and the log. */
  get size(): number {
    return this.slots.size;
  }

  /** Reads one file; its rows come to `onRows` in batches, in sheet order, before the answer. */
  async run(job: Omit<WorkerJob, 'id'>, onRows: (batch: RowBatch) => void): Promise<SheetInfo> {
    const slot = await this.acquire();
    const id = this.nextId++;
    return new Promise<SheetInfo>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(slot, new SpreadsheetRefused('timeout', `over ${this.options.timeoutMs} ms`)), this.options.timeoutMs);
      slot.current = {
        id,
        onRows,
        settle: (outcome) => {
          clearTimeout(timer);
          slot.current = null;
          if (outcome instanceof SpreadsheetRefused) reject(outcome);
          else resolve(outcome);
        },
      };
      // A copy the worker owns: the caller's buffer may be a slice of Node's shared pool.
      const bytes = new Uint8Array(job.bytes);
      slot.worker.postMessage({ ...job, id, bytes }, [bytes.buffer]);
    });
  }

  private async acquire(): Promise<Slot> {
    if (this.closed) throw new SpreadsheetRefused('busy', 'shutting down');
    const ready = this.idle.pop();
    if (ready) {
      if (ready.idleTimer) clearTimeout(ready.idleTimer);
      ready.idleTimer = null;
      return ready;
    }
    if (this.slots.size + this.starting < this.options.size) return this.spawn();
    if (this.waiting.length >= this.options.queueMax) throw new SpreadsheetRefused('busy', 'too many files waiting');
    const handed = await new Promise<Slot | null>((resolve) => this.waiting.push(resolve));
    if (this.closed) throw new SpreadsheetRefused('busy', 'shutting down');
    // null: a worker ended while this file waited; its place is free to start a new one.
    return handed ?? this.spawn();
  }

  private spawn(): Promise<Slot> {
    this.starting += 1;
    return new Promise<Slot>((resolve, reject) => {
      const worker = startWorker(this.options.resourceLimits);
      worker.unref();
      const slot: Slot = { worker, jobs: 0, idleTimer: null, current: null };
      let started = false;
      const startFailed = (detail: string) => {
        if (started) return;
        started = true;
        this.starting -= 1;
        void worker.terminate();
        this.handOn(null);
        reject(new SpreadsheetRefused('unreadable', detail));
      };
      const startTimer = setTimeout(() => startFailed('the reader did not start'), WORKER_START_MS);
      worker.on('message', (message: WorkerMessage) => {
        if (message.type === 'ready') {
          if (started) return;
          started = true;
          clearTimeout(startTimer);
          this.starting -= 1;
          this.slots.add(slot);
          resolve(slot);
          return;
        }
        const current = slot.current;
        if (!current || message.id !== current.id) return;
        if (message.type === 'rows') {
          const { count, json } = message;
          current.onRows({
            count,
            rows: () => {
              // The worker's own JSON of `SheetRow`s (see the protocol).
              const rows: SheetRow[] = JSON.parse(json);
              return rows;
            },
          });
        } else {
          current.settle(message.type === 'done' ? message.info : new SpreadsheetRefused(message.reason, message.detail));
          this.release(slot);
        }
      });
      worker.on('error', (error: Error & { code?: string }) => {
        const refusal = new SpreadsheetRefused(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'unreadable', error.message);
        if (!started) startFailed(error.message);
        else this.fail(slot, refusal);
      });
      worker.on('exit', (code) => {
        if (!started) startFailed(`the reader exited (${code})`);
        else this.fail(slot, new SpreadsheetRefused('unreadable', `the reader exited (${code})`));
      });
    });
  }

  /** Ends a worker (out of memory, crashed, over time): its file is refused, its place freed. */
  private fail(slot: Slot, refusal: SpreadsheetRefused): void {
    if (!this.slots.delete(slot)) return;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    const index = this.idle.indexOf(slot);
    if (index >= 0) this.idle.splice(index, 1);
    slot.current?.settle(refusal);
    void slot.worker.terminate();
    this.handOn(null);
  }

  /** A worker that answered: to the next file waiting, or idle for a while. */
  private release(slot: Slot): void {
    slot.jobs += 1;
    if (this.closed || slot.jobs >= this.options.jobsPerWorker) {
      this.slots.delete(slot);
      void slot.worker.terminate();
      this.handOn(null);
      return;
    }
    if (this.handOn(slot)) return;
    slot.idleTimer = setTimeout(() => {
      const index = this.idle.indexOf(slot);
      if (index >= 0) this.idle.splice(index, 1);
      this.slots.delete(slot);
      void slot.worker.terminate();
    }, this.options.idleMs);
    slot.idleTimer.unref();
    this.idle.push(slot);
  }

  /** Gives a worker (or, with null, a free place) to the first file waiting; false when none waits. */
  private handOn(slot: Slot | null): boolean {
    const next = this.waiting.shift();
    if (!next) return false;
    next(slot);
    return true;
  }

  /** Ends every worker; files being read are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve(null);
    const slots = [...this.slots];
    for (const slot of slots) this.fail(slot, new SpreadsheetRefused('busy', 'shutting down'));
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}
