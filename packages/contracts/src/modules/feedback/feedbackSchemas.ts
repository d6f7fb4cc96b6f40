import { z } from 'zod';
import { pageOf, PageQuerySchema } from '../../core/pagination.js';
import { EpochMsSchema, PositiveIdSchema, TimeZoneSchema } from '../../core/primitives.js';
import { LIMITS } from '../../limits.js';
import { CaptchaStateSchema } from '../auth.contract.js';
import { FileIdSchema } from '../files.contract.js';

/** Where a feedback stands in the administrators' list. `answered` is reached by a reply. */
export const FEEDBACK_STATES = ['new', 'inProgress', 'answered', 'closed'] as const;
export const FeedbackStateSchema = z.enum(FEEDBACK_STATES, { error: 'validation.invalid' });
export type FeedbackState = z.infer<typeof FeedbackStateSchema>;

const required = (max: number) =>
  z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.maxLength' });
const optional = (max: number) =>
  z
    .string({ error: 'validation.invalid' })
    .trim()
    .max(max, { error: 'validation.maxLength' })
    .nullish()
    .transform((v) => (v ? v : null));

const CaptchaAnswerSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(16, { error: 'validation.invalid' });

/** The image captcha every sender answers (GET /g/web/sys/getKaptcha/?state=…), and the screenshots. */
const senderFields = {
  state: CaptchaStateSchema,
  captcha: CaptchaAnswerSchema,
  /**
   * Screenshots (purpose `feedbackScreenshot`, JPG/PNG decoded by the file service) uploaded by the
   * signed-in sender through the common upload call; a visitor without a session sends none.
   */
  screenshotIds: z.array(FileIdSchema).max(LIMITS.feedbackScreenshotsMax, { error: 'validation.tooMany' }).optional(),
};

/** The full form (spec §5): name, contact and content required. */
export const FeedbackFormSchema = z.object({
  name: required(LIMITS.feedbackNameMaxLength),
  contact: required(LIMITS.feedbackContactMaxLength),
  content: required(LIMITS.feedbackContentMaxLength),
  ...senderFields,
});
export type FeedbackForm = z.input<typeof FeedbackFormSchema>;

/** The short form (spec §5 "content alone is required in some forms"): name and contact optional. */
export const FeedbackShortFormSchema = z.object({
  name: optional(LIMITS.feedbackNameMaxLength),
  contact: optional(LIMITS.feedbackContactMaxLength),
  content: required(LIMITS.feedbackContentMaxLength),
  ...senderFields,
});

export const FeedbackAddedSchema = z.object({ id: z.number().int(), submittedAt: EpochMsSchema });

const inOrder = (v: { from?: number | undefined; to?: number | undefined }) => v.from === undefined || v.to === undefined || v.from <= v.to;

/** The list's filters: state, a text found in name, contact or content, the submit time's range. */
const filterFields = {
  state: FeedbackStateSchema.optional(),
  text: z.string({ error: 'validation.invalid' }).trim().max(LIMITS.feedbackNameMaxLength, { error: 'validation.maxLength' }).optional(),
  from: EpochMsSchema.optional(),
  to: EpochMsSchema.optional(),
};

export const FeedbackListInputSchema = PageQuerySchema.extend(filterFields).refine(inOrder, { error: 'validation.rangeOrder', path: ['to'] });
export type FeedbackListInput = z.input<typeof FeedbackListInputSchema>;

/** The export: the list's filters, and the zone the times are written in (the reader's own). */
export const FeedbackExportInputSchema = z
  .object({ ...filterFields, timeZone: TimeZoneSchema.optional() })
  .refine(inOrder, { error: 'validation.rangeOrder', path: ['to'] });
export type FeedbackExportInput = z.input<typeof FeedbackExportInputSchema>;

export const FeedbackItemSchema = z.object({
  id: z.number().int(),
  /** As written by the sender; every page shows it as text, never as markup. */
  name: z.string().nullable(),
  contact: z.string().nullable(),
  content: z.string(),
  submittedAt: EpochMsSchema,
  state: FeedbackStateSchema,
  /** The signed-in sender (null for a visitor without a session): a reply reaches their messages. */
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: EpochMsSchema.nullable(),
  repliedBy: z.string().nullable(),
  screenshotIds: z.array(z.string()),
});
export type FeedbackItem = z.infer<typeof FeedbackItemSchema>;

export const FeedbackPageSchema = pageOf(FeedbackItemSchema);

export const FeedbackReplySchema = z.object({
  id: PositiveIdSchema,
  text: required(LIMITS.feedbackReplyMaxLength),
});

export const FeedbackStateChangeSchema = z.object({ id: PositiveIdSchema, state: FeedbackStateSchema });

export const FeedbackScreenshotSchema = z.object({ id: PositiveIdSchema, fileId: FileIdSchema });
