import { z } from 'zod';
import { PositiveIdSchema, requiredText } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';

/**
 * Announcements (spec §1 "announcements", §2 Announcement and Announcement history): a title, a
 * body of rich text limited to a safe subset of HTML (cleaned by the server on every save and
 * stored cleaned), an audience of organizations (each with the organizations below it) or runs,
 * a time window and a pinned flag.
 */

/** The tags a body may keep after the server's cleaning; links keep http, https and mailto targets only. */
export const ANNOUNCEMENT_TAGS = ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote'] as const;
export const ANNOUNCEMENT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

export const AnnouncementIdSchema = PositiveIdSchema;

const IdListSchema = z.array(PositiveIdSchema, { error: 'validation.invalid' }).max(LIMITS.announcementAudienceMax, { error: 'validation.tooMany' });

const TimeSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid') })
  .int({ error: 'validation.invalid' })
  .min(0, { error: 'validation.invalid' });

/** What a writer sends: the body is HTML (the server keeps the safe subset of it). */
export const AnnouncementFieldsSchema = z.object({
  title: requiredText(LIMITS.announcementTitleMaxLength),
  content: z
    .string({ error: 'validation.required' })
    .min(1, { error: 'validation.required' })
    .max(LIMITS.announcementContentMaxLength, { error: 'validation.maxLength' }),
  /** Shown from `start` (inclusive) to `end` (exclusive), epoch milliseconds. */
  start: TimeSchema,
  end: TimeSchema,
  /** Organizations addressed: their users and the users of the organizations below them. */
  orgIds: IdListSchema.default([]),
  /** Runs addressed: every user who may see the run. */
  runIds: IdListSchema.default([]),
  pinned: z.boolean({ error: 'validation.invalid' }).default(false),
});

type Fields = z.output<typeof AnnouncementFieldsSchema>;
const endAfterStart = (v: Pick<Fields, 'start' | 'end'>) => v.end > v.start;
const hasAudience = (v: Pick<Fields, 'orgIds' | 'runIds'>) => v.orgIds.length + v.runIds.length > 0;

export const AnnouncementAddSchema = AnnouncementFieldsSchema.refine(endAfterStart, { error: 'announcement.validation.endAfterStart', path: ['end'] }).refine(hasAudience, {
  error: 'announcement.validation.audience',
  path: ['orgIds'],
});
export type AnnouncementAdd = z.input<typeof AnnouncementAddSchema>;
export type AnnouncementAddOutput = z.output<typeof AnnouncementAddSchema>;

export const AnnouncementEditSchema = AnnouncementFieldsSchema.extend({ id: AnnouncementIdSchema })
  .refine(endAfterStart, { error: 'announcement.validation.endAfterStart', path: ['end'] })
  .refine(hasAudience, { error: 'announcement.validation.audience', path: ['orgIds'] });
export type AnnouncementEdit = z.input<typeof AnnouncementEditSchema>;
export type AnnouncementEditOutput = z.output<typeof AnnouncementEditSchema>;

/** An announcement as its readers see it (the body is the stored, cleaned HTML). */
export const AnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  pinned: z.boolean(),
  /** Shown now: started and not ended. */
  current: z.boolean(),
  /** The caller has marked it read. */
  read: z.boolean(),
  createdAt: z.number().int(),
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

const AudienceEntrySchema = z.object({ id: z.number().int(), name: z.string() });

/** An announcement as its writers manage it: with its audience, named. */
export const ManagedAnnouncementSchema = AnnouncementSchema.extend({
  orgIds: z.array(z.number().int()),
  runIds: z.array(z.number().int()),
  orgs: z.array(AudienceEntrySchema),
  runs: z.array(AudienceEntrySchema),
  updatedAt: z.number().int(),
});
export type ManagedAnnouncement = z.infer<typeof ManagedAnnouncementSchema>;
