import { z } from 'zod';
export * from './announcementSchemas.js';
import { defineEndpoint } from '../../core/endpoint.js';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { AnnouncementAddSchema, AnnouncementEditSchema, AnnouncementIdSchema, AnnouncementSchema, ManagedAnnouncementSchema } from './announcementSchemas.js';

/**
 * Announcements (spec §1, §2): writers holding `messages.announcement.write` manage them on the
 * announcement page; every signed-in user reads those addressed to them — the current ones at
 * sign-in and in the header, past and current ones in the announcement history — and marks them
 * read. An organization administrator addresses their own organization tree and the runs they may
 * write at; a super administrator any. Ids outside the writer's scope answer as missing ones.
 * Publishing sends one message of the `announcement` type to the audience through the message centre.
 */

const BASE = 'project' as const;

export const announcementList = defineEndpoint({
  id: 'announcement.list',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/list/v1',
  permission: 'messages.announcement.write',
  summary: 'The announcements the caller may manage (every addressed organization and run within their scope), pinned first, newest first; paged',
  input: PageQuerySchema,
  output: pageOf(ManagedAnnouncementSchema),
});

export const announcementAdd = defineEndpoint({
  id: 'announcement.add',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/add/v1',
  permission: 'messages.announcement.write',
  summary:
    'Publishes an announcement: the body keeps a safe subset of HTML (cleaned by the server), the end must be after the start, the audience is organizations and/or runs of the caller; its users get an announcement message',
  input: AnnouncementAddSchema,
  output: z.object({ id: z.number().int(), recipients: z.number().int().min(0) }),
});

export const announcementEdit = defineEndpoint({
  id: 'announcement.edit',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/edit/v1',
  permission: 'messages.announcement.write',
  summary: 'Changes an announcement the caller may manage (same rules as adding); readers keep their read marks',
  input: AnnouncementEditSchema,
  output: z.object({ id: z.number().int() }),
});

export const announcementDelete = defineEndpoint({
  id: 'announcement.delete',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/delete/v1',
  permission: 'messages.announcement.write',
  summary: 'Deletes an announcement the caller may manage, with its read marks',
  input: z.object({ id: AnnouncementIdSchema }),
  output: z.null(),
});

export const announcementCurrent = defineEndpoint({
  id: 'announcement.current',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/current/v1',
  permission: 'authenticated',
  summary: "The announcements addressed to the caller that are shown now (started, not ended), pinned first, newest first, with the caller's read marks",
  input: z.object({}),
  output: z.array(AnnouncementSchema),
});

export const announcementHistory = defineEndpoint({
  id: 'announcement.history',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/history/v1',
  permission: 'authenticated',
  summary: 'Past and current announcements addressed to the caller, newest start first; paged',
  input: PageQuerySchema,
  output: pageOf(AnnouncementSchema),
});

export const announcementRead = defineEndpoint({
  id: 'announcement.read',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/read/v1',
  permission: 'authenticated',
  summary: 'Marks an announcement addressed to the caller read (once; marking again changes nothing)',
  input: z.object({ id: AnnouncementIdSchema }),
  output: z.object({ changed: z.number().int().min(0) }),
});

export const AudienceOptionsSchema = z.object({
  /** Organizations the caller may address, parents before children (`depth` from the top one shown). */
  orgs: z.array(z.object({ id: z.number().int(), name: z.string(), depth: z.number().int().min(0) })),
  /** Runs the caller may address. */
  runs: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type AudienceOptions = z.infer<typeof AudienceOptionsSchema>;

export const announcementAudience = defineEndpoint({
  id: 'announcement.audience',
  base: BASE,
  method: 'POST',
  path: '/u/web/announcement/audience/v1',
  permission: 'messages.announcement.write',
  summary: "What the caller may address: the organizations of their scope and the runs where they hold the write code",
  input: z.object({}),
  output: AudienceOptionsSchema,
});
