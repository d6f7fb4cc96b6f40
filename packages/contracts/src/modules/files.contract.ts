import { z } from 'zod';
import { defineEndpoint } from '../core/endpoint.js';
import { digitsAsNumber } from '../core/primitives.js';
import { LIMITS } from '../limits.js';
import type { ResourceCode } from '../permissions.js';
import { RunIdSchema } from './project/project.contract.js';

/**
 * Every upload of the product goes through one file service: a file is stored for a *purpose*,
 * whose rules (types by content, size, how many per object, who reads it) are declared here once
 * and used by the server, the web's upload control and the tests.
 */

/** The types the server recognises by their bytes (never by the name or the declared type). */
export const FILE_KINDS = {
  jpg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  mp4: { contentType: 'video/mp4', extension: 'mp4' },
  avi: { contentType: 'video/x-msvideo', extension: 'avi' },
  pdf: { contentType: 'application/pdf', extension: 'pdf' },
  doc: { contentType: 'application/msword', extension: 'doc' },
  xls: { contentType: 'application/vnd.ms-excel', extension: 'xls' },
  docx: { contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx' },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx' },
  /** Thumbnails only: made by the server, never accepted from a client. */
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

export interface FilePurposeRule {
  /** Types accepted, told by content. */
  kinds: readonly FileKind[];
  /** Largest accepted size in bytes: this size is accepted, one byte more is refused. */
  maxBytes: number;
  /** The kind of object the file is attached to (`files.attach(ids, { kind, id })`). */
  ownerKind: string;
  /** Files of this purpose one object may hold; null: no limit. */
  perOwnerMax: number | null;
  /**
   * Files of a run: uploaded with the run's id by a caller holding `write` at the run, read by a
   * caller holding `read` there. Null: the file belongs to a user (read rules in the service).
   */
  run: { read: ResourceCode; write: ResourceCode } | null;
  /** Decoded as an image on upload (a file that fails to decode is refused) and given a thumbnail. */
  image: boolean;
  /** Readable without a session. None is today; the download call already asks for one otherwise. */
  public: boolean;
}

const image = ['jpg', 'png'] as const;
const spreadsheet = ['xls', 'xlsx'] as const;

/** The purposes of spec §5 and §9, with the sizes it leaves open chosen in LIMITS. */
export const FILE_PURPOSES = {
  avatar: { kinds: image, maxBytes: LIMITS.avatarMaxBytes, ownerKind: 'user', perOwnerMax: 1, run: null, image: true, public: false },
  drawing: { kinds: image, maxBytes: LIMITS.drawingImageMaxBytes, ownerKind: 'drawing', perOwnerMax: 1, run: { read: 'graph.drawing.read', write: 'graph.drawing.write' }, image: true, public: false },
  riskPicture: { kinds: image, maxBytes: LIMITS.riskPictureMaxBytes, ownerKind: 'riskPoint', perOwnerMax: LIMITS.riskPicturesMax, run: { read: 'alarm.risk.read', write: 'alarm.risk.write' }, image: true, public: false },
  repairPhoto: { kinds: image, maxBytes: LIMITS.repairPhotoMaxBytes, ownerKind: 'repairRecord', perOwnerMax: LIMITS.repairPhotosMax, run: { read: 'maintenance.repair.read', write: 'maintenance.repair.write' }, image: true, public: false },
  repairVideo: { kinds: ['mp4'], maxBytes: LIMITS.repairVideoMaxBytes, ownerKind: 'repairRecord', perOwnerMax: LIMITS.repairVideosMax, run: { read: 'maintenance.repair.read', write: 'maintenance.repair.write' }, image: false, public: false },
  knowledge: { kinds: ['doc', 'docx', 'xls', 'xlsx', 'pdf', 'png', 'jpg', 'mp4', 'avi'], maxBytes: LIMITS.knowledgeFileMaxBytes, ownerKind: 'knowledgeItem', perOwnerMax: 1, run: { read: 'maintenance.knowledge.read', write: 'maintenance.knowledge.write' }, image: false, public: false },
  segmentImport: { kinds: spreadsheet, maxBytes: LIMITS.segmentImportMaxBytes, ownerKind: 'import', perOwnerMax: 1, run: { read: 'segment.data.write', write: 'segment.data.write' }, image: false, public: false },
  tailImport: { kinds: spreadsheet, maxBytes: LIMITS.tailImportMaxBytes, ownerKind: 'import', perOwnerMax: 1, run: { read: 'segment.data.write', write: 'segment.data.write' }, image: false, public: false },
  // Spec §5: "under 500 KB" — 500 KB itself is refused.
  maintenancePlanImport: { kinds: spreadsheet, maxBytes: LIMITS.maintenanceImportMaxBytes - 1, ownerKind: 'import', perOwnerMax: 1, run: { read: 'maintenance.plan.write', write: 'maintenance.plan.write' }, image: false, public: false },
  stockImport: { kinds: spreadsheet, maxBytes: LIMITS.stockImportMaxBytes, ownerKind: 'import', perOwnerMax: 1, run: { read: 'stock.record.write', write: 'stock.record.write' }, image: false, public: false },
  /** A rendered tool page of a report delivery (written by the server, never uploaded): the file, and for a PDF the message's PNG. */
  reportRender: { kinds: ['png', 'pdf'], maxBytes: LIMITS.renderFileMaxBytes, ownerKind: 'reportDelivery', perOwnerMax: 2, run: { read: 'report.subscription.write', write: 'report.subscription.write' }, image: false, public: false },
  feedbackScreenshot: { kinds: image, maxBytes: LIMITS.feedbackScreenshotMaxBytes, ownerKind: 'feedback', perOwnerMax: LIMITS.feedbackScreenshotsMax, run: null, image: true, public: false },
} as const satisfies Record<string, FilePurposeRule>;
export type FilePurpose = keyof typeof FILE_PURPOSES;

export const FILE_PURPOSE_NAMES = Object.keys(FILE_PURPOSES) as [FilePurpose, ...FilePurpose[]];

export const purposeRule = (purpose: FilePurpose): FilePurposeRule => FILE_PURPOSES[purpose];

/** Purposes the common upload calls take; avatars have their own call in the auth contract. */
export const UPLOAD_PURPOSES = ['drawing', 'riskPicture', 'repairPhoto', 'repairVideo', 'knowledge', 'segmentImport', 'tailImport', 'maintenancePlanImport', 'stockImport', 'feedbackScreenshot'] as const satisfies readonly FilePurpose[];

/** The `accept` list of a file input for a purpose (names only help the picker; the server reads bytes). */
export const acceptOf = (purpose: FilePurpose): string =>
  purposeRule(purpose)
    .kinds.flatMap((k) => (k === 'jpg' ? ['.jpg', '.jpeg'] : [`.${FILE_KINDS[k].extension}`]))
    .join(',');

/** 128 random bits, base64url: file ids cannot be guessed or enumerated. */
export const FileIdSchema = z.string({ error: 'validation.required' }).regex(/^[A-Za-z0-9_-]{22}$/, { error: 'validation.invalid' });

/**
 * The form fields of an upload, sent before the file part(s): the purpose, and the run for the
 * purposes that belong to a run.
 */
export const UploadFieldsSchema = z
  .object({
    purpose: z.enum(UPLOAD_PURPOSES, { error: 'validation.required' }),
    // A multipart form's fields are text: the run's digits are read as its id.
    runId: digitsAsNumber(RunIdSchema).optional(),
  })
  .refine((v) => FILE_PURPOSES[v.purpose].run === null || v.runId !== undefined, { error: 'validation.required', path: ['runId'] });
export type UploadFields = z.infer<typeof UploadFieldsSchema>;

export const StoredFileSchema = z.object({
  id: z.string(),
  /** The original name, cleaned for display (no path, no control characters, bounded length). */
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  sha256: z.string(),
  /** Where the file is read (project base, `id` query). */
  url: z.string(),
  /** Images only: a small WebP of at most LIMITS.thumbnailMaxPx on its longest side. */
  thumbUrl: z.string().optional(),
});
export type StoredFile = z.infer<typeof StoredFileSchema>;

const FILE_FORM = 'multipart form: the fields `purpose` (and `runId` for a purpose of a run) first, then the file part';

export const upload = defineEndpoint({
  id: 'files.upload',
  base: 'project',
  method: 'POST',
  path: '/u/web/common/file/upload/v1',
  permission: 'authenticated',
  summary: `Stores one file for a purpose, checked by content and size while it streams; ${FILE_FORM}. The file stays the uploader's until its object is saved with it`,
  inputFrom: 'multipart',
  input: z.object({}),
  output: StoredFileSchema,
});

export const uploads = defineEndpoint({
  id: 'files.uploads',
  base: 'project',
  method: 'POST',
  path: '/u/web/common/file/uploads/v1',
  permission: 'authenticated',
  summary: `Stores several files of one purpose, all or none; ${FILE_FORM}s`,
  inputFrom: 'multipart',
  input: z.object({}),
  output: z.array(StoredFileSchema),
});

export const uploadV2 = defineEndpoint({
  id: 'files.uploadV2',
  base: 'project',
  method: 'POST',
  path: '/u/web/file/upload/v2',
  permission: 'authenticated',
  summary: `The risk pages' upload call: the same service as the common one; ${FILE_FORM}`,
  inputFrom: 'multipart',
  input: z.object({}),
  output: StoredFileSchema,
});

export const FileReadSchema = z.object({ id: FileIdSchema });

export const download = defineEndpoint({
  id: 'files.download',
  base: 'project',
  method: 'GET',
  path: '/g/web/getDownloadFile/v1',
  // No purpose is public today: a session is required, and the file is then authorized by its owner.
  permission: 'authenticated',
  summary: 'A stored file, authorized by the object it belongs to; HTTP Range supported (a video can seek)',
  input: FileReadSchema,
  output: z.string(),
  response: 'raw',
  rawContentType: 'application/octet-stream',
});

export const thumb = defineEndpoint({
  id: 'files.thumb',
  base: 'project',
  method: 'GET',
  path: '/u/web/common/file/thumb/v1',
  permission: 'authenticated',
  summary: "An image file's thumbnail (WebP), authorized like the file",
  input: FileReadSchema,
  output: z.string(),
  response: 'raw',
  rawContentType: 'image/webp',
});

/** A file ticket: 256 random bits, base64url, prefixed (never a session token). */
export const FileTicketSchema = z.string({ error: 'validation.required' }).regex(/^ft[A-Za-z0-9_-]{43}$/, { error: 'validation.invalid' });

export const ticketIssue = defineEndpoint({
  id: 'files.ticketIssue',
  base: 'project',
  method: 'POST',
  path: '/u/web/file/ticket/v1',
  permission: 'authenticated',
  summary:
    'A short-lived link to stream one file the caller may read (a video element cannot send the session header): the URL carries a random ticket bound to this file and caller, usable for several Range requests until `expiresAt` (LIMITS.fileTicketTtlMs)',
  input: FileReadSchema,
  output: z.object({ url: z.string(), expiresAt: z.number().int() }),
});

export const stream = defineEndpoint({
  id: 'files.stream',
  base: 'project',
  method: 'GET',
  path: '/g/web/file/stream/v1',
  // The ticket in the query is the credential (no session header): issued by ticketIssue for one file.
  permission: 'public',
  summary: 'The file a ticket was issued for, HTTP Range supported; an unknown or expired ticket answers code 3 (HTTP 404) in the language of the caller',
  input: z.object({ ticket: FileTicketSchema }),
  output: z.string(),
  response: 'raw',
  rawContentType: 'application/octet-stream',
});

export const filesEndpoints = [upload, uploads, uploadV2, download, thumb, ticketIssue, stream] as const;
