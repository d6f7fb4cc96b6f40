import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { EpochMsSchema } from '../../core/primitives.js';
import { LOGIN_RESULTS } from '../auth.contract.js';

/** A run that has had no machine data for this long is listed as silent. */
export const ADMIN_CENTRE_SILENT_MS = 3_600_000;
/** The window of sign-in failures and SMS counts. */
export const ADMIN_CENTRE_WINDOW_MS = 24 * 3_600_000;
/** The longest list of each section (counts are always whole). */
export const ADMIN_CENTRE_LIST_MAX = 50;
/** Rows of the SMS outbox shown. */
export const ADMIN_CENTRE_SMS_ROWS = 20;
/** The page reads the overview again this often. */
export const ADMIN_CENTRE_REFRESH_MS = 60_000;

const Int = z.number().int();

export const SignedInSessionSchema = z.object({
  userId: Int,
  nickname: z.string(),
  phone: z.string(),
  orgName: z.string().nullable(),
  signedInAt: EpochMsSchema,
  lastSeenAt: EpochMsSchema,
  ip: z.string(),
  /** The browser or app as its user agent names it. */
  client: z.string(),
});
export type SignedInSession = z.infer<typeof SignedInSessionSchema>;

export const LockedAccountSchema = z.object({
  userId: Int,
  nickname: z.string(),
  account: z.string(),
  ip: z.string(),
  /** When the lock of this address on this account ends. */
  until: EpochMsSchema,
});
export type LockedAccount = z.infer<typeof LockedAccountSchema>;

export const SignInFailureSchema = z.object({
  id: Int,
  time: EpochMsSchema,
  account: z.string(),
  ip: z.string(),
  result: z.enum(LOGIN_RESULTS),
});

export const SilentRunSchema = z.object({
  runId: Int,
  projectName: z.string(),
  tbmCode: z.string(),
  source: z.string(),
  /** When the newest frame arrived (server clock); null when none ever came. */
  lastFrameAt: EpochMsSchema.nullable(),
  createdAt: EpochMsSchema,
});
export type SilentRun = z.infer<typeof SilentRunSchema>;

export const JOB_STATES = ['idle', 'running', 'failed'] as const;
export const JobStatusSchema = z.object({
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** The due time of the last claimed run. */
  dueAt: EpochMsSchema,
  startedAt: EpochMsSchema.nullable(),
  finishedAt: EpochMsSchema.nullable(),
  attempts: Int,
  lastError: z.string().nullable(),
  retryAt: EpochMsSchema.nullable(),
  lastCount: Int.nullable(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const RunStorageSchema = z.object({
  runId: Int,
  projectName: z.string(),
  tbmCode: z.string(),
  fileCount: Int,
  fileBytes: Int,
  /** Stored machine data: compressed 10-minute chunks, their minute rollups, hour rollups and frames waiting for their chunk. */
  machineBytes: Int,
  frames: Int,
});
export type RunStorage = z.infer<typeof RunStorageSchema>;

export const AdminCentreOverviewSchema = z.object({
  at: EpochMsSchema,
  /** `all`: a super administrator's view of every organization; `organization`: the caller's organization and those below it. */
  scope: z.enum(['all', 'organization']),
  users: z.object({
    total: Int,
    enabled: Int,
    /** Sessions open now (not signed out, not expired, active within the idle limit). */
    signedInNow: Int,
    sessions: z.array(SignedInSessionSchema),
  }),
  /** Null without `messages.loginLog.readAll`. */
  signIn: z
    .object({
      failures: Int,
      /** Distinct account names the failures were made with (a phone and an e-mail of one user count apart). */
      failedAccounts: Int,
      recentFailures: z.array(SignInFailureSchema),
      locked: z.array(LockedAccountSchema),
    })
    .nullable(),
  rolesWithoutUsers: z.object({
    total: Int,
    roles: z.array(z.object({ id: Int, name: z.string(), orgName: z.string() })),
  }),
  runs: z.object({
    /** Runs not finished that the caller sees. */
    open: Int,
    silent: z.array(SilentRunSchema),
  }),
  /** The platform's jobs: the super administrator's alone (they run for every organization); null for others. */
  jobs: z.array(JobStatusSchema).nullable(),
  storage: z.object({
    runs: z.array(RunStorageSchema),
    fileBytes: Int,
    machineBytes: Int,
    /** How the figures are computed, in the caller's language. */
    method: z.string(),
  }),
  /** The embedded SMS outbox: the super administrator's alone; null for others. */
  smsOutbox: z
    .object({
      total: Int,
      lastDay: Int,
      recent: z.array(z.object({ id: Int, phone: z.string(), text: z.string(), time: EpochMsSchema })),
    })
    .nullable(),
});
export type AdminCentreOverview = z.infer<typeof AdminCentreOverviewSchema>;

export const adminCentreOverview = defineEndpoint({
  id: 'adminCentre.overview',
  base: 'main',
  method: 'GET',
  path: '/u/web/adminCentre/overview/v1',
  permission: 'menu.adminCenter',
  summary:
    "The administrator's centre, over the caller's organization and those below it (everything for a super administrator): users and who is signed in now, sign-in failures of the last 24 h and locked accounts, roles without users, open runs without machine data for an hour, the jobs' last runs, storage per run and the SMS outbox",
  input: z.object({}),
  output: AdminCentreOverviewSchema,
});
