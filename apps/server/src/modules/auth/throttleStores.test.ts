import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { type CounterStore, MemoryCounterStore, RedisCounterStore } from '../../core/rateLimit.js';
import { SignInThrottle } from './throttle.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `test:limit:${randomBytes(6).toString('hex')}:`;
const redisStores: RedisCounterStore[] = [];
const redisStore = () => {
  const store = new RedisCounterStore(new Redis(REDIS_URL, { lazyConnect: false, maxRetriesPerRequest: 1 }), prefix);
  redisStores.push(store);
  return store;
};

afterAll(async () => {
  await Promise.all(redisStores.map((s) => s.close()));
});

describe.each([
  // The SMS limits' reservations (SignInThrottle.reserve) on each store the server may use.
  ['in memory (one instance)', () => [new MemoryCounterStore()]],
  ['in Redis (two instances sharing it)', () => [redisStore(), redisStore()]],
])('the counter store %s', (_name, make) => {
  it('counts, takes back a count, and never takes a missing counter below nothing', async () => {
    const store = make()[0] as CounterStore;
    const key = `k:${randomBytes(4).toString('hex')}`;
    await store.decrement(key);
    expect(await store.get(key)).toBeNull();
    await store.increment(key, 60_000);
    await store.increment(key, 60_000);
    await store.decrement(key);
    expect((await store.get(key))?.count).toBe(1);
  });

  it('reserves exactly the limit for requests racing on every instance, and counts only those', async () => {
    const stores = make() as CounterStore[];
    const throttles = stores.map((s) => new SignInThrottle(s));
    const key = `sms:ip:${randomBytes(4).toString('hex')}`;
    const granted = await Promise.all(Array.from({ length: 40 }, (_, i) => throttles[i % throttles.length]?.reserve(key, 10, 60_000)));
    expect(granted.filter(Boolean)).toHaveLength(10);
    expect((await stores[0]?.get(`issue:${key}`))?.count).toBe(10);
    await throttles[0]?.release(key);
    expect(await throttles[1 % throttles.length]?.reserve(key, 10, 60_000)).toBe(true);
  });
});
