import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { PAGE_SIZE_MAX, pageOf, PageQuerySchema } from '../core/pagination.js';
import { EpochMsSchema } from '../core/primitives.js';
import { RunIdSchema } from './project/project.contract.js';

/**
 * The message centre (spec §1 "Messages", §3 "Message: type, content, alarm/reminder time, read
 * state", §4 "unread or read; read single, read this page, read all"; ARCHITECTURE.md §11). Every
 * module that tells users something writes through it; every message belongs to one user.
 *
 * Three families of calls read the same messages, each for its screen:
 * - `remindMsg/*` — the message reminder list (menu "Message reminder"): every type, every run the
 *   caller may still see and the run-less ones, paged and filtered; read one, read this page.
 * - `msg/*` — the personal inbox of the header bell: unread counts, the newest few, read by ids or
 *   read all. Open to every signed-in user: one's own inbox needs no grant.
 * - `mtce/message/*` — the maintenance and alarm messages of one run (`/fw1/stm_smtce_message`):
 *   maintenance reminders with `maintenance.message.read` at the run, and component and monitoring
 *   alarms besides when the caller also holds `alarm.message.read` there (the same codes the
 *   run's `maintenance` and `alarm` socket topics ask).
 *
 * A message of a run is visible only while its user may still see the run: a user removed from a
 * run (or whose roles no longer reach it) stops seeing, counting and reading its messages. Ids in
 * any call that are not the caller's visible messages refuse the whole call (code 2), changing nothing.
 */

export const MESSAGE_TYPES = ['maintenanceReminder', 'componentAlarm', 'monitoringAlarm', 'stockWarning', 'announcement', 'system', 'report'] as const;
export const MessageTypeSchema = z.enum(MESSAGE_TYPES, { error: 'validation.invalid' });
export type MessageType = z.infer<typeof MessageTypeSchema>;

/** The types of the maintenance and alarm screen of a run. */
export const RUN_SCREEN_TYPES = ['maintenanceReminder', 'componentAlarm', 'monitoringAlarm'] as const satisfies readonly MessageType[];
export type RunScreenType = (typeof RUN_SCREEN_TYPES)[number];

/** What a message can be about, so the web can open it (later modules add their kinds here). */
export const MESSAGE_OBJECT_KINDS = ['alarm', 'riskPoint', 'maintenancePlan', 'maintenanceRecord', 'repairLog', 'stockPart', 'announcement', 'reportDelivery'] as const;
export const MessageObjectSchema = z.object({ kind: z.enum(MESSAGE_OBJECT_KINDS), id: z.number().int().positive() });
export type MessageObject = z.infer<typeof MessageObjectSchema>;

export const MESSAGE_LIMITS = {
  /** Free text a user wrote (an announcement's body). */
  textMaxLength: 2_000,
  keyMaxLength: 120,
  /** Parameters of one text (nested ones included), and the length of each written value. */
  paramsMax: 16,
  paramTextMaxLength: 200,
  /** A parameter may itself be a text key with parameters (a point's name), this deep. */
  paramDepthMax: 3,
  dedupeKeyMaxLength: 200,
  /** Ids one read call may name: a page. */
  idsMax: PAGE_SIZE_MAX,
  /** The newest messages of the bell and of a run's panel. */
  latestMax: 50,
  latestDefault: 10,
} as const;

/**
 * A message's content is a text key with parameters, rendered in each reader's language when read
 * (the same alarm reads in Italian for one engineer and in Chinese for another). A parameter is a
 * written value (a part number, a reading) or itself a key with parameters (a tag's name, a cycle).
 */
export type MessageParamValue = string | number | { key: string; params?: MessageParams };
export type MessageParams = { [name: string]: MessageParamValue };

const ParamNameSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,39}$/);
const KeySchema = z.string().regex(/^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+$/).max(MESSAGE_LIMITS.keyMaxLength);
export const MessageParamsSchema: z.ZodType<MessageParams> = z.lazy(() =>
  z.record(
    ParamNameSchema,
    z.union([
      z.string().max(MESSAGE_LIMITS.paramTextMaxLength),
      z.number().finite(),
      z.object({ key: KeySchema, params: MessageParamsSchema.optional() }),
    ]),
  ),
);

/** How many parameters a content holds and how deep it nests (both bounded by MESSAGE_LIMITS). */
export function paramsShape(params: MessageParams, depth = 1): { count: number; depth: number } {
  let count = 0;
  let deepest = depth;
  for (const value of Object.values(params)) {
    count += 1;
    if (typeof value === 'object' && value.params) {
      const inner = paramsShape(value.params, depth + 1);
      count += inner.count;
      deepest = Math.max(deepest, inner.depth);
    }
  }
  return { count, depth: deepest };
}

export const MessageContentSchema = z
  .object({ key: KeySchema, params: MessageParamsSchema, text: z.string().max(MESSAGE_LIMITS.textMaxLength).nullable() })
  .refine((c) => {
    const shape = paramsShape(c.params);
    return shape.count <= MESSAGE_LIMITS.paramsMax && shape.depth <= MESSAGE_LIMITS.paramDepthMax;
  });
export type MessageContent = z.infer<typeof MessageContentSchema>;

/** A message as its user reads it, in the caller's language. */
export const MessageSchema = z.object({
  id: z.number().int(),
  type: MessageTypeSchema,
  /** The type's name in the caller's language. */
  typeName: z.string(),
  runId: z.number().int().nullable(),
  projectName: z.string().nullable(),
  tbmCode: z.string().nullable(),
  /** The message, rendered from its key and parameters in the caller's language. */
  title: z.string(),
  /** Text a user wrote (an announcement's body): shown as written, as text, never as HTML. */
  text: z.string().nullable(),
  object: MessageObjectSchema.nullable(),
  /**
   * The file the message carries, for the reader to see or download through the files download
   * call (a delivered report's picture: parameters `fileId` and `fileName` of a `reportDelivery`
   * message). Absent when it carries none.
   */
  file: z.object({ id: z.string(), name: z.string() }).optional(),
  /** The alarm's or the reminder's time (the arrival time when the sender named none). */
  at: EpochMsSchema,
  createdAt: EpochMsSchema,
  read: z.boolean(),
  readAt: EpochMsSchema.nullable(),
});
export type Message = z.infer<typeof MessageSchema>;

/** Unread messages of the caller, in all and per type. */
export const UnreadCountsSchema = z.object({
  total: z.number().int().min(0),
  byType: z.record(MessageTypeSchema, z.number().int().min(0)),
});
export type UnreadCounts = z.infer<typeof UnreadCountsSchema>;

/** What a read call changed, and the caller's unread counts after it. */
export const ReadResultSchema = z.object({ changed: z.number().int().min(0), unread: UnreadCountsSchema });
export type ReadResult = z.infer<typeof ReadResultSchema>;

const MessageIdSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.invalid' });
const MessageIdsSchema = z
  .array(MessageIdSchema, { error: 'validation.required' })
  .min(1, { error: 'validation.required' })
  .max(MESSAGE_LIMITS.idsMax, { error: 'validation.tooMany' });
const TypesSchema = z.array(MessageTypeSchema).min(1, { error: 'validation.required' }).max(MESSAGE_TYPES.length, { error: 'validation.tooMany' });
const LimitSchema = z.number().int().min(1).max(MESSAGE_LIMITS.latestMax).default(MESSAGE_LIMITS.latestDefault);

const inOrder = (v: { from?: number | undefined; to?: number | undefined }) => v.from === undefined || v.to === undefined || v.from <= v.to;
const ORDER = { error: 'validation.rangeOrder', path: ['to'] };

/** Filters of the lists: types, run, read state, and a range of the message's time (`at`, inclusive). */
const FilterFields = {
  messageTypes: TypesSchema.optional(),
  read: z.boolean({ error: 'validation.invalid' }).optional(),
  from: EpochMsSchema.optional(),
  to: EpochMsSchema.optional(),
};

export const ReminderPageInputSchema = PageQuerySchema.extend({ ...FilterFields, runId: RunIdSchema.optional() }).refine(inOrder, ORDER);

export const reminderPage = defineEndpoint({
  id: 'messages.reminderPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/remindMsg/queryMsgPage/v1',
  permission: 'authenticated',
  summary:
    "The message reminder list: the caller's messages of every type (those of runs they may still see, and run-less ones), newest first; filter by types, run, read state and time range",
  input: ReminderPageInputSchema,
  output: pageOf(MessageSchema),
});

export const reminderRead = defineEndpoint({
  id: 'messages.reminderRead',
  base: 'project',
  method: 'POST',
  path: '/u/web/remindMsg/readMsg/v1',
  permission: 'authenticated',
  summary: "Read single: marks one of the caller's messages read; answers what changed and the new unread counts",
  input: z.object({ messageId: MessageIdSchema }),
  output: ReadResultSchema,
});

export const reminderReadPage = defineEndpoint({
  id: 'messages.reminderReadPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/remindMsg/updateMsgByPage/v1',
  permission: 'authenticated',
  summary:
    "Read this page: marks the messages shown on the page (their ids, so a message that arrived meanwhile stays unread); all ids must be the caller's or nothing changes",
  input: z.object({ messageIds: MessageIdsSchema }),
  output: ReadResultSchema,
});

export const countPersonal = defineEndpoint({
  id: 'messages.countPersonal',
  base: 'project',
  method: 'POST',
  path: '/u/msg/countPersonal',
  permission: 'authenticated',
  summary: "The header bell: the caller's unread messages, in all and per type",
  input: z.object({}),
  output: UnreadCountsSchema,
});

export const getPersonal = defineEndpoint({
  id: 'messages.getPersonal',
  base: 'project',
  method: 'POST',
  path: '/u/msg/getPersonal',
  permission: 'authenticated',
  summary: "The bell's drop-down: the caller's newest messages (unread only by default) and the unread counts",
  input: z.object({ limit: LimitSchema, unreadOnly: z.boolean().default(true), messageTypes: TypesSchema.optional() }),
  output: z.object({ records: z.array(MessageSchema), unread: UnreadCountsSchema }),
});

export const readPersonal = defineEndpoint({
  id: 'messages.readPersonal',
  base: 'project',
  method: 'POST',
  path: '/u/msg/read',
  permission: 'authenticated',
  summary: "Marks the caller's messages read: by ids (all must be the caller's), or all of them (of some types)",
  input: z.union([z.object({ messageIds: MessageIdsSchema }).strict(), z.object({ all: z.literal(true), messageTypes: TypesSchema.optional() }).strict()], {
    error: 'validation.required',
  }),
  output: ReadResultSchema,
});

const RunScreenTypesSchema = z
  .array(z.enum(RUN_SCREEN_TYPES, { error: 'validation.invalid' }))
  .min(1, { error: 'validation.required' })
  .max(RUN_SCREEN_TYPES.length, { error: 'validation.tooMany' });

export const runUnreadCount = defineEndpoint({
  id: 'messages.runUnreadCount',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/message/personMsgCount/v1',
  permission: 'maintenance.message.read',
  summary: "The caller's unread maintenance and alarm messages of a run (the types they may read there), in all and per type",
  input: z.object({ runId: RunIdSchema }),
  output: UnreadCountsSchema,
});

export const RunMessageStatsSchema = z.object({
  runId: z.number().int(),
  /** One row per type of the screen the caller may read at this run. */
  types: z.array(
    z.object({
      type: z.enum(RUN_SCREEN_TYPES),
      typeName: z.string(),
      total: z.number().int().min(0),
      unread: z.number().int().min(0),
      latestAt: EpochMsSchema.nullable(),
    }),
  ),
});
export type RunMessageStats = z.infer<typeof RunMessageStatsSchema>;

export const runStats = defineEndpoint({
  id: 'messages.runStats',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/message/stats/v1',
  permission: 'maintenance.message.read',
  summary: "The screen's header: per maintenance/alarm type the caller may read at the run, their messages in all, unread, and the newest time",
  input: z.object({ runId: RunIdSchema }),
  output: RunMessageStatsSchema,
});

export const RunPageInputSchema = PageQuerySchema.extend({
  runId: RunIdSchema,
  messageTypes: RunScreenTypesSchema.optional(),
  read: FilterFields.read,
  from: FilterFields.from,
  to: FilterFields.to,
}).refine(inOrder, ORDER);

export const runPage = defineEndpoint({
  id: 'messages.runPage',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/message/page/v1',
  permission: 'maintenance.message.read',
  summary: "The maintenance and alarm messages of a run addressed to the caller, newest first; filter by types, read state and time range",
  input: RunPageInputSchema,
  output: pageOf(MessageSchema),
});

export const runQuery = defineEndpoint({
  id: 'messages.runQuery',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/message/query/v1',
  permission: 'maintenance.message.read',
  summary: "The newest maintenance and alarm messages of a run for the caller, without paging (a panel's list; unread only when asked)",
  input: z.object({ runId: RunIdSchema, messageTypes: RunScreenTypesSchema.optional(), unreadOnly: z.boolean().default(false), limit: LimitSchema }),
  output: z.object({ records: z.array(MessageSchema) }),
});

export const runRead = defineEndpoint({
  id: 'messages.runRead',
  base: 'project',
  method: 'GET',
  path: '/u/web/mtce/message/read/v1',
  permission: 'maintenance.message.read',
  summary:
    "Read single on the run's screen (a GET by the spec: it changes state, so like every /u/ call it needs the Authorization header; a link alone changes nothing)",
  input: z.object({ runId: RunIdSchema, messageId: MessageIdSchema }),
  output: ReadResultSchema,
});

export const runReadAll = defineEndpoint({
  id: 'messages.runReadAll',
  base: 'project',
  method: 'POST',
  path: '/u/web/mtce/message/readAll/v1',
  permission: 'maintenance.message.read',
  summary: "Read all: marks every unread maintenance and alarm message of the run the caller may read there (of some types)",
  input: z.object({ runId: RunIdSchema, messageTypes: RunScreenTypesSchema.optional() }),
  output: ReadResultSchema,
});

export const messagesEndpoints = [
  reminderPage,
  reminderRead,
  reminderReadPage,
  countPersonal,
  getPersonal,
  readPersonal,
  runUnreadCount,
  runStats,
  runPage,
  runQuery,
  runRead,
  runReadAll,
] as const;
