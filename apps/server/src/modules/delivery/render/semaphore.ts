/**
 * At most `limit` holders at once; the others wait in arrival order. A waiter whose signal aborts
 * leaves the queue with the signal's reason (a render's time limit counts its wait).
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`semaphore: limit must be a positive integer, not ${limit}`);
  }

  /** Holders now. */
  get held(): number {
    return this.active;
  }

  /** Waits for a place; answers the function that gives it back (once; later calls do nothing). */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.active < this.limit) {
      this.active += 1;
      return this.releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.waiting.indexOf(grant);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      this.waiting.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The place passes straight to the next waiter (the count stays), or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    };
  }
}
