import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../core/pagination.js';
import { LIMITS } from '../limits.js';
import { LiveValuesSchema } from '../realtime/protocol.js';
import { MACHINE_STATES, MACHINE_TYPES } from '../telemetry/tagTypes.js';
import { RunIdSchema } from './project/project.contract.js';

const TagCodes = z.array(z.string().min(1).max(LIMITS.tagCodeMaxLength)).max(LIMITS.wsSubscribeTagsMax, { error: 'validation.tooMany' });

/** The newest values of a run, as the real-time pages start from before live messages arrive. */
export const RealDataSchema = z.object({
  runId: z.number().int(),
  /** Time of the newest frame (machine clock), null before any data. */
  ts: z.number().nullable(),
  /** When it arrived here; `stale` once that is `REALTIME.staleAfterMs` ago. */
  receivedAt: z.number().nullable(),
  stale: z.boolean(),
  values: LiveValuesSchema,
});
export type RealData = z.infer<typeof RealDataSchema>;

/** What the machine is doing and whether its data service is connected. */
export const DeviceStateSchema = z.object({
  runId: z.number().int(),
  state: z.enum(MACHINE_STATES).nullable(),
  stateSince: z.number().nullable(),
  ringNo: z.number().int().nullable(),
  chainage: z.number().nullable(),
  connected: z.boolean(),
  /** Since when the connection is in its present state (null: never seen). */
  connectedSince: z.number().nullable(),
  lastFrameAt: z.number().nullable(),
  stale: z.boolean(),
});
export type DeviceState = z.infer<typeof DeviceStateSchema>;

export const realDataQuery = defineEndpoint({
  id: 'monitor.realDataQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/monitor/realData/query/v1',
  permission: 'monitor.realData.read',
  summary: "Every tag's newest value of a run (the real-time page's starting point; live messages carry the changes)",
  input: z.object({ runId: RunIdSchema }),
  output: RealDataSchema,
});

export const deviceStateQuery = defineEndpoint({
  id: 'monitor.deviceStateQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/monitor/deviceState/query/v1',
  permission: 'monitor.realData.read',
  summary: "A run's machine state and its duration, current ring and chainage, and its connection state",
  input: z.object({ runId: RunIdSchema }),
  output: DeviceStateSchema,
});

export const cachedRealData = defineEndpoint({
  id: 'monitor.cachedRealData',
  base: 'project',
  method: 'POST',
  path: '/u/redisCache/getRealData',
  permission: 'monitor.realData.read',
  summary: 'Chosen tags of a run from the latest-values cache (shared by every instance when Redis is configured)',
  input: z.object({ runId: RunIdSchema, tags: TagCodes.optional() }),
  output: RealDataSchema,
});

export const cachedDeviceState = defineEndpoint({
  id: 'monitor.cachedDeviceState',
  base: 'project',
  method: 'POST',
  path: '/u/redisCache/getDeviceState',
  permission: 'monitor.realData.read',
  summary: 'The device state of several runs at once; runs the caller may not see are left out',
  input: z.object({ runIds: z.array(RunIdSchema).min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooMany' }) }),
  output: z.array(DeviceStateSchema),
});

export const machineDiagram = defineEndpoint({
  id: 'monitor.machineDiagram',
  base: 'project',
  method: 'GET',
  path: '/u/web/monitor/fileStore/svg/query/v1',
  permission: 'monitor.realData.read',
  summary:
    "The machine diagram of a run's TBM type (SVG). Elements with `data-tag` show a tag's live value; `data-state`, `data-ring`, `data-chainage` and `data-connection` the machine's state",
  input: z.object({ runId: RunIdSchema }),
  output: z.string(),
  response: 'raw',
  rawContentType: 'image/svg+xml',
});

export const ConnectionStateSchema = z.object({
  runId: z.number().int(),
  projectName: z.string(),
  tbmCode: z.string(),
  connected: z.boolean(),
  since: z.number().nullable(),
  lastFrameAt: z.number().nullable(),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

export const connectStateQuery = defineEndpoint({
  id: 'monitor.connectStateQuery',
  base: 'project',
  method: 'GET',
  path: '/u/web/em/connect/query/v1',
  permission: 'monitor.connectState.read',
  summary: "Connected or disconnected, per machine: the given run, or every run the caller may see",
  input: z.object({ runId: RunIdSchema.optional() }),
  output: z.array(ConnectionStateSchema),
});

export const DisconnectionSchema = z.object({
  id: z.number().int(),
  runId: z.number().int(),
  tbmCode: z.string(),
  /** Arrival of the last frame before the silence. */
  disconnectedAt: z.number(),
  /** Arrival of the first frame after it; null while still disconnected. */
  reconnectedAt: z.number().nullable(),
  durationMs: z.number().nullable(),
});
export type Disconnection = z.infer<typeof DisconnectionSchema>;

export const connectStatePage = defineEndpoint({
  id: 'monitor.connectStatePage',
  base: 'project',
  method: 'POST',
  path: '/u/web/em/connect/page/v1',
  permission: 'monitor.connectState.read',
  summary: "A run's disconnections, newest first, optionally within a time range",
  input: PageQuerySchema.extend({ runId: RunIdSchema, from: z.number().int().min(0).optional(), to: z.number().int().min(0).optional() }).refine(
    (v) => v.from === undefined || v.to === undefined || v.from <= v.to,
    { error: 'validation.rangeOrder', path: ['to'] },
  ),
  output: pageOf(DisconnectionSchema),
});

export const h5LinkIssue = defineEndpoint({
  id: 'monitor.h5LinkIssue',
  base: 'project',
  method: 'POST',
  path: '/u/web/monitor/h5/link/v1',
  permission: 'monitor.h5Link.write',
  summary: "A one-time link to a run's mobile real-time view for a host app; valid for a few minutes and for one exchange",
  input: z.object({ runId: RunIdSchema }),
  output: z.object({ token: z.string(), path: z.string(), expiresAt: z.number() }),
});

export const h5Exchange = defineEndpoint({
  id: 'monitor.h5Exchange',
  base: 'project',
  method: 'POST',
  path: '/g/web/monitor/h5/exchange/v1',
  permission: 'public',
  summary:
    'Exchanges a one-time H5 token for a session that may only read the real-time data of its run. A used, expired or unknown token, or one sent with another run id (which uses it up), answers code 1; an account that may no longer read the run answers code 2',
  input: z.object({ token: z.string().min(20).max(128), runId: RunIdSchema }),
  output: z.object({
    token: z.string(),
    expiresAt: z.number(),
    run: z.object({ runId: z.number().int(), projectName: z.string(), tbmCode: z.string(), machineType: z.enum(MACHINE_TYPES), timeZone: z.string() }),
  }),
});

export const monitorEndpoints = [realDataQuery, deviceStateQuery, cachedRealData, cachedDeviceState, machineDiagram, connectStateQuery, connectStatePage, h5LinkIssue, h5Exchange] as const;
