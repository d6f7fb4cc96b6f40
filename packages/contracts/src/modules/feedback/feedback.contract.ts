import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import {
  FeedbackAddedSchema,
  FeedbackExportInputSchema,
  FeedbackFormSchema,
  FeedbackItemSchema,
  FeedbackListInputSchema,
  FeedbackPageSchema,
  FeedbackReplySchema,
  FeedbackScreenshotSchema,
  FeedbackShortFormSchema,
  FeedbackStateChangeSchema,
} from './feedbackSchemas.js';

export * from './feedbackSchemas.js';

/**
 * Feedback (spec §2 `fw1/feedback`, §3, §5, §7). Sending is open (spec §2 "Feedback is explicitly
 * open"): no session needed. Every send answers the image captcha, counts against a per-address
 * limit (LIMITS.feedbackPerAddressPerHour, shared across instances through the counter store) and
 * keeps within the text sizes of LIMITS; when the caller has a session its user is kept, so a
 * reply reaches that user as a message. Texts are stored as written and every page shows them as
 * text.
 *
 * Who reads feedback (`feedback.record.read`, answers with `feedback.record.write`): the super
 * administrator reads all of it, visitors' feedback included; anyone else holding the codes reads
 * the feedback of users of their own organization and those below it (the organization the sender
 * was in when sending). Visitors' feedback is the super administrator's alone. Feedback outside the
 * caller's reach answers as a missing one.
 */

const ADD_SUMMARY = 'Sends feedback without sign-in (image captcha, per-address limit, size limits); a session, when sent, keeps the sender so the reply reaches them';

export const add = defineEndpoint({
  id: 'feedback.add',
  base: 'project',
  method: 'POST',
  path: '/u/feedBack/add',
  permission: 'public',
  summary: `${ADD_SUMMARY}. The short form: content required, name and contact optional`,
  input: FeedbackShortFormSchema,
  output: FeedbackAddedSchema,
});

export const addV1 = defineEndpoint({
  id: 'feedback.addV1',
  base: 'project',
  method: 'POST',
  path: '/u/web/feedBack/add/v1',
  permission: 'public',
  summary: `${ADD_SUMMARY}. The full form: name, contact and content required`,
  input: FeedbackFormSchema,
  output: FeedbackAddedSchema,
});

const LIST_SUMMARY = "Feedback the caller may read (see the contract's scope), newest first, by state, text and submit time";

export const list = defineEndpoint({
  id: 'feedback.list',
  base: 'project',
  method: 'POST',
  path: '/u/feedBack/list',
  permission: 'feedback.record.read',
  summary: LIST_SUMMARY,
  input: FeedbackListInputSchema,
  output: FeedbackPageSchema,
});

export const queryList = defineEndpoint({
  id: 'feedback.queryList',
  base: 'project',
  method: 'POST',
  path: '/u/web/feedBack/queryList/v1',
  permission: 'feedback.record.read',
  summary: LIST_SUMMARY,
  input: FeedbackListInputSchema,
  output: FeedbackPageSchema,
});

export const reply = defineEndpoint({
  id: 'feedback.reply',
  base: 'project',
  method: 'POST',
  path: '/u/web/feedBack/reply/v1',
  permission: 'feedback.record.write',
  summary: 'Answers a feedback (state answered); a signed-in sender gets the reply as a message',
  input: FeedbackReplySchema,
  output: FeedbackItemSchema,
});

export const setState = defineEndpoint({
  id: 'feedback.setState',
  base: 'project',
  method: 'POST',
  path: '/u/web/feedBack/state/v1',
  permission: 'feedback.record.write',
  summary: 'Moves a feedback to another state; answered needs a reply first',
  input: FeedbackStateChangeSchema,
  output: FeedbackItemSchema,
});

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const exportList = defineEndpoint({
  id: 'feedback.export',
  base: 'project',
  method: 'POST',
  path: '/u/web/feedBack/export/v1',
  permission: 'feedback.record.read',
  summary: "The feedback the list's filters find, as an Excel workbook in the caller's language; none answers code 3",
  input: FeedbackExportInputSchema,
  output: z.string(),
  response: 'raw',
  rawContentType: XLSX_CONTENT_TYPE,
});

export const screenshot = defineEndpoint({
  id: 'feedback.screenshot',
  base: 'project',
  method: 'GET',
  path: '/u/web/feedBack/screenshot/v1',
  permission: 'feedback.record.read',
  summary: 'A screenshot of a feedback the caller may read (JPG or PNG as stored)',
  input: FeedbackScreenshotSchema,
  output: z.string(),
  response: 'raw',
  rawContentType: 'application/octet-stream',
});

export const feedbackEndpoints = [add, addV1, list, queryList, reply, setState, exportList, screenshot] as const;
