import { z } from 'zod';
import { LANGUAGES } from '../core/languages.js';
import { LIMITS } from '../limits.js';
import { MessageSchema, UnreadCountsSchema } from '../modules/messages.contract.js';
import { MACHINE_STATES } from '../telemetry/tagTypes.js';

/**
 * The message server at `/ws` (spec §4, §7; ARCHITECTURE.md §6). Every message is one JSON text
 * frame with a `type`. The client sends `connect` first, within `REALTIME.authTimeoutMs`; then
 * subscribes per run and topic. The server sends `ping` every `REALTIME.pingIntervalMs`; a client
 * that has not answered `pong` by the next ping is dropped.
 */
export const REALTIME = {
  /** Path of the message server on every instance. */
  path: '/ws',
  /** An unauthenticated socket is closed after this long. */
  authTimeoutMs: 5_000,
  pingIntervalMs: 15_000,
  /** The client opens a new socket this long after any close (spec §4). */
  reconnectDelayMs: 5_000,
  /** Inbound messages larger than this close the socket (1009). */
  maxMessageBytes: LIMITS.wsMessageMaxBytes,
  /** A run without a new frame for this long is shown as stale, not live. */
  staleAfterMs: 10_000,
  /** A machine without a frame for this long counts as disconnected (connection state). */
  disconnectedAfterMs: 60_000,
} as const;

/** The four topics of spec §7; `data` is "message arrival", the only one that flips the refresh trigger. */
export const REALTIME_TOPICS = ['data', 'state', 'maintenance', 'alarm'] as const;
export type RealtimeTopic = (typeof REALTIME_TOPICS)[number];

/** Close codes of the message server (4000–4999 are the application's). */
export const WS_CLOSE = {
  /** Session ended: logout, expiry, revocation, forced offline. */
  sessionEnded: 4001,
  /** No valid `connect` within the time allowed. */
  authTimeout: 4008,
  /** A message that is not JSON or not of the protocol. */
  badMessage: 4000,
  /** The server is going down; reconnect. */
  goingAway: 1001,
  tooBig: 1009,
} as const;

const RunId = z.number().int().positive();
const TagCode = z.string().min(1).max(LIMITS.tagCodeMaxLength);

export const ClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connect'), token: z.string().min(1).max(200), lang: z.enum(LANGUAGES).optional() }),
  z.object({
    type: z.literal('subscribe'),
    topic: z.enum(REALTIME_TOPICS),
    runId: RunId,
    /** `data` only: the codes this view shows (all of the run's when absent). */
    tags: z.array(TagCode).max(LIMITS.wsSubscribeTagsMax).optional(),
  }),
  z.object({ type: z.literal('unsubscribe'), topic: z.enum(REALTIME_TOPICS), runId: RunId }),
  z.object({ type: z.literal('pong'), ts: z.number().optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;

/** code -> value; null where the frame had no value. */
export const LiveValuesSchema = z.record(z.string(), z.number().nullable());
export type LiveValues = z.infer<typeof LiveValuesSchema>;

/**
 * New real-time data of a run: the values that changed since the run's previous frame (`prevTs`).
 * A client whose snapshot is at `prevTs` applies them; any other re-reads the snapshot.
 */
export const DataMessageSchema = z.object({
  type: z.literal('data'),
  runId: z.number().int(),
  ts: z.number(),
  prevTs: z.number().nullable(),
  values: LiveValuesSchema,
});
export type DataMessage = z.infer<typeof DataMessageSchema>;

export const StateEventSchema = z.discriminatedUnion('kind', [
  /** The machine entered a state (an interval of the cycle engine closed). */
  z.object({ kind: z.literal('machineState'), state: z.enum(MACHINE_STATES), since: z.number() }),
  z.object({ kind: z.literal('ring'), ringNo: z.number().int(), endedAt: z.number() }),
  /** The machine's data service connected or disconnected (spec §4 connection state). */
  z.object({ kind: z.literal('connection'), connected: z.boolean(), at: z.number() }),
]);
export type StateEvent = z.infer<typeof StateEventSchema>;

export const StateMessageSchema = z.object({ type: z.literal('state'), runId: z.number().int(), event: StateEventSchema });

/** A maintenance or alarm message for a run's users (the producing modules define `body`). */
export const NoticeMessageSchema = z.object({
  type: z.enum(['maintenance', 'alarm']),
  runId: z.number().int(),
  at: z.number(),
  level: z.enum(['info', 'warning', 'error']),
  title: z.string(),
  body: z.record(z.string(), z.unknown()).optional(),
});
export type NoticeMessage = z.infer<typeof NoticeMessageSchema>;

export const ServerMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected'), userId: z.number().int(), runId: z.number().int().nullable() }),
  z.object({ type: z.literal('ping'), ts: z.number() }),
  z.object({ type: z.literal('subscribed'), topic: z.enum(REALTIME_TOPICS), runId: z.number().int() }),
  /** A subscription refused (code 2) or a malformed request (code 3), in the connection's language. */
  z.object({ type: z.literal('refused'), topic: z.enum(REALTIME_TOPICS).nullable(), runId: z.number().int().nullable(), code: z.number().int(), msg: z.string() }),
  DataMessageSchema,
  StateMessageSchema,
  NoticeMessageSchema.extend({ type: z.literal('maintenance') }),
  NoticeMessageSchema.extend({ type: z.literal('alarm') }),
  /** The session channel: the session ended; `forcedOffline` when the account signed in elsewhere. The socket closes next. */
  z.object({ type: z.literal('session'), event: z.enum(['forcedOffline', 'ended']), msg: z.string() }),
]);
export type ServerMessage = z.infer<typeof ServerMessageSchema>;

/**
 * The personal channel: once `connected`, a console socket (not an H5 one) receives, without
 * subscribing, the messages of the message centre addressed to its own user (`message`, rendered
 * in the socket's language, with the user's unread counts after it) and the new counts when the
 * user reads messages elsewhere (`unread`). Never another user's.
 *
 * Kept beside `ServerMessageSchema` (whose other types are the run topics and the session's
 * replies); a client parses a frame with `SocketFrameSchema` to accept both, as the web's
 * `RealtimeClient` does, handing these to its `onPersonal` listeners.
 */
export const PersonalFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), message: MessageSchema, unread: UnreadCountsSchema }),
  z.object({ type: z.literal('unread'), unread: UnreadCountsSchema }),
]);
export type PersonalFrame = z.infer<typeof PersonalFrameSchema>;

/** Every frame the message server sends. */
export const SocketFrameSchema = z.union([ServerMessageSchema, PersonalFrameSchema]);
export type SocketFrame = z.infer<typeof SocketFrameSchema>;
