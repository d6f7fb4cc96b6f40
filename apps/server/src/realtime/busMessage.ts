import { DataMessageSchema, NoticeMessageSchema, StateMessageSchema } from '@boreline/contracts';
import { z } from 'zod';

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
]);
export type BusMessage = z.infer<typeof BusMessageSchema>;
