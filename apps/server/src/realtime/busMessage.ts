import { DataMessageSchema, NoticeMessageSchema, StateMessageSchema } from '@boreline/contracts';
import { z } from 'zod';
import { PersonalBusMessageSchema } from './personalChannel.js';

/** Sessions of these accounts were revoked somewhere: every instance checks its sockets of them. */
export const SessionRevokedSchema = z.object({ type: z.literal('sessionRevoked'), userIds: z.array(z.number().int()) });

/**
 * What travels on the bus between instances: the real-time messages exactly as sockets receive
 * them (forwarded as the same string), and the revocations of sessions.
 */
export const BusMessageSchema = z.discriminatedUnion('type', [
  DataMessageSchema,
  StateMessageSchema,
  NoticeMessageSchema.extend({ type: z.literal('maintenance') }),
  NoticeMessageSchema.extend({ type: z.literal('alarm') }),
  SessionRevokedSchema,
  PersonalBusMessageSchema,
]);
export type BusMessage = z.infer<typeof BusMessageSchema>;

type DataMessage = Extract<BusMessage, { type: 'data' }>;

const isValues = (v: unknown): v is DataMessage['values'] =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => x === null || typeof x === 'number');

/**
 * Reads a bus message. Data messages (the bulk: one per machine per second, hundreds of values)
 * take a plain structural check instead of the schema, a fraction of its cost; the rest the schema.
 */
export function readBusMessage(raw: string): BusMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value === 'object' && value !== null && Reflect.get(value, 'type') === 'data') {
    const runId: unknown = Reflect.get(value, 'runId');
    const ts: unknown = Reflect.get(value, 'ts');
    const prevTs: unknown = Reflect.get(value, 'prevTs');
    const values: unknown = Reflect.get(value, 'values');
    if (typeof runId !== 'number' || typeof ts !== 'number' || !(prevTs === null || typeof prevTs === 'number') || !isValues(values)) return null;
    return { type: 'data', runId, ts, prevTs, values };
  }
  const parsed = BusMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
