import type { Redis } from 'ioredis';

export interface Counter {
  count: number;
  /** Epoch ms when the window of this counter ends. */
  resetAt: number;
}

/** Fixed-window counters shared by the instances (Redis) or kept in this process. */
export interface CounterStore {
  increment(key: string, windowMs: number): Promise<Counter>;
  /** Takes back one count of `increment` (a reservation that was not used). */
  decrement(key: string): Promise<void>;
  get(key: string): Promise<Counter | null>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export class MemoryCounterStore implements CounterStore {
  private readonly counters = new Map<string, Counter>();

  async increment(key: string, windowMs: number): Promise<Counter> {
    const now = Date.now();
    const current = this.counters.get(key);
    const next =
      current && current.resetAt > now
        ? { count: current.count + 1, resetAt: current.resetAt }
        : { count: 1, resetAt: now + windowMs };
    this.counters.set(key, next);
    if (this.counters.size > 100_000) this.sweep(now);
    return next;
  }

  async decrement(key: string): Promise<void> {
    const current = this.counters.get(key);
    if (current && current.count > 0) this.counters.set(key, { ...current, count: current.count - 1 });
  }

  async get(key: string): Promise<Counter | null> {
    const current = this.counters.get(key);
    return current && current.resetAt > Date.now() ? current : null;
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  async close(): Promise<void> {
    this.counters.clear();
  }

  private sweep(now: number): void {
    for (const [key, counter] of this.counters) if (counter.resetAt <= now) this.counters.delete(key);
  }
}

export class RedisCounterStore implements CounterStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async increment(key: string, windowMs: number): Promise<Counter> {
    const k = this.prefix + key;
    const result = await this.redis.multi().incr(k).pexpire(k, windowMs, 'NX').pttl(k).exec();
    const count = Number(result?.[0]?.[1] ?? 1);
    const ttl = Number(result?.[2]?.[1] ?? windowMs);
    return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
  }

  async decrement(key: string): Promise<void> {
    // Only an existing counter (its window still open) is taken back; a missing one stays missing.
    await this.redis.eval("if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end return 0", 1, this.prefix + key);
  }

  async get(key: string): Promise<Counter | null> {
    const k = this.prefix + key;
    const [value, ttl] = await Promise.all([this.redis.get(k), this.redis.pttl(k)]);
    if (value === null || ttl <= 0) return null;
    return { count: Number(value), resetAt: Date.now() + ttl };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
