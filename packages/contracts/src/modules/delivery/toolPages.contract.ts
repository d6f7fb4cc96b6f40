import { z } from 'zod';
import { defineEndpoint } from '../../core/endpoint.js';
import { LANGUAGES } from '../../core/languages.js';
import { LIMITS } from '../../limits.js';
import type { ResourceCode } from '../../permissions.js';
import { LocalDateSchema } from '../project/board.contract.js';
import { CurrentRunSchema, RunIdSchema } from '../project/project.contract.js';
import { ShiftNoSchema } from '../report/shiftReport.contract.js';

/**
 * The screen tools (spec §2 public routes): chromeless pages made to be captured as pictures —
 * the map (`bMapTool`), the drawing (`graphTool`), a shift's report (`shiftReportTool`), the
 * guidance view (`guideTool`) and the shift/daily summary (`shiftDailyTool`).
 *
 * A tool page opens with a one-time render ticket in its address (`?ticket=`), never a session
 * token. The page exchanges it at once for a short session that reads only that run, and only
 * what its tool shows (TOOL_SESSION_CODES). Tickets are issued to a caller holding the tool's read
 * code at the run (and to the delivery job on behalf of a subscription's owner).
 */

export const TOOL_PAGES = ['bMapTool', 'graphTool', 'shiftReportTool', 'guideTool', 'shiftDailyTool'] as const;
export type ToolPage = (typeof TOOL_PAGES)[number];
export const ToolPageSchema = z.enum(TOOL_PAGES, { error: 'validation.invalid' });

/** Each tool's route under the web base path (spec §2). */
export const TOOL_PATHS: Record<ToolPage, string> = {
  bMapTool: '/screenshotTool/bMapTool',
  graphTool: '/graphTool',
  shiftReportTool: '/shiftReportTool',
  guideTool: '/guideTool',
  shiftDailyTool: '/shiftDailyTool',
};

/** The code a caller needs at the run for a tool's ticket; the tool's session reads with it. */
export const TOOL_READ_CODE: Record<ToolPage, ResourceCode> = {
  bMapTool: 'graph.drawing.read',
  graphTool: 'graph.drawing.read',
  shiftReportTool: 'report.shift.read',
  guideTool: 'monitor.realData.read',
  shiftDailyTool: 'report.period.read',
};

/** What a session opened from a tool ticket may call: the codes of its tool's page, nothing else. */
export const TOOL_SESSION_CODES: Record<ToolPage, readonly ResourceCode[]> = {
  bMapTool: ['graph.drawing.read'],
  graphTool: ['graph.drawing.read'],
  shiftReportTool: ['report.shift.read'],
  guideTool: ['monitor.realData.read'],
  shiftDailyTool: ['report.period.read', 'report.shift.read'],
};

/**
 * Picture sizes, in CSS pixels: an A4 page at 96 dpi and a phone screen. PNGs are captured at
 * `scale` device pixels per CSS pixel (sharp on a phone), as wide as the size and as tall as the
 * page's content (never less than the size's height).
 */
export const TOOL_SIZES = {
  a4: { width: 794, height: 1123, scale: 2 },
  phone: { width: 390, height: 844, scale: 2 },
} as const;
export type ToolSize = keyof typeof TOOL_SIZES;
export const TOOL_SIZE_NAMES = ['a4', 'phone'] as const satisfies readonly ToolSize[];
export const ToolSizeSchema = z.enum(TOOL_SIZE_NAMES, { error: 'validation.invalid' });

export const RENDER_FORMATS = ['png', 'pdf'] as const;
export type RenderFormat = (typeof RENDER_FORMATS)[number];
export const RenderFormatSchema = z.enum(RENDER_FORMATS, { error: 'validation.invalid' });

export const ToolLanguageSchema = z.enum(LANGUAGES, { error: 'validation.invalid' });

export const SUMMARY_UNITS = ['day', 'week'] as const;

/**
 * What a tool page shows, beside its run. Absent fields take the page's defaults: the newest
 * ended shift (shift report), today in the run's zone (summary), the floor plan (drawing).
 */
export const ToolParamsSchema = z.object({
  date: LocalDateSchema.optional(),
  shiftNo: ShiftNoSchema.optional(),
  unit: z.enum(SUMMARY_UNITS, { error: 'validation.invalid' }).optional(),
  drawing: z.enum(['plan', 'section'], { error: 'validation.invalid' }).optional(),
});
export type ToolParams = z.infer<typeof ToolParamsSchema>;

/** How a tool page is opened: these go in its address beside the ticket (none is a secret). */
export const ToolViewSchema = z.object({
  size: ToolSizeSchema.default('a4'),
  /** Null: the run's language (its site's). */
  lang: ToolLanguageSchema.nullable().default(null),
  params: ToolParamsSchema.default({}),
});
export type ToolView = z.infer<typeof ToolViewSchema>;

/**
 * How a tool page tells the renderer it is done: its root element carries `data-tool-state`,
 * `loading` until every part's data is drawn, then `ready` (capture now) or `error` (with the
 * reason in `data-tool-error`: a message key).
 */
export const TOOL_STATE_ATTRIBUTE = 'data-tool-state';
export const TOOL_READY_SELECTOR = '[data-tool-state="ready"]';
export const TOOL_ERROR_SELECTOR = '[data-tool-state="error"]';

export const toolTicketIssue = defineEndpoint({
  id: 'delivery.toolTicket',
  base: 'project',
  method: 'POST',
  path: '/u/web/tool/ticket/v1',
  permission: 'authenticated',
  summary: `A one-time render ticket for a tool page of a run, valid ${LIMITS.renderTicketTtlMs / 60_000} minutes, and the page's address with it; the caller must hold the tool's read code at the run (otherwise code 2)`,
  input: z.object({ runId: RunIdSchema, tool: ToolPageSchema }).extend(ToolViewSchema.shape),
  output: z.object({ ticket: z.string(), path: z.string(), expiresAt: z.number().int() }),
});

export const toolExchange = defineEndpoint({
  id: 'delivery.toolExchange',
  base: 'project',
  method: 'POST',
  path: '/g/web/tool/exchange/v1',
  permission: 'public',
  summary:
    "Exchanges a render ticket, once, for a session that reads only its run and only what its tool shows. A used, expired or unknown ticket, or one named with another tool, answers code 1; an owner who may no longer read the run answers code 2",
  input: z.object({ ticket: z.string().min(1).max(200), tool: ToolPageSchema }),
  output: z.object({
    token: z.string(),
    expiresAt: z.number().int(),
    tool: ToolPageSchema,
    /** The run as the project pages know it, and the language of its site. */
    run: CurrentRunSchema.extend({ language: ToolLanguageSchema }),
  }),
});

export const toolRender = defineEndpoint({
  id: 'delivery.toolRender',
  base: 'project',
  method: 'POST',
  path: '/u/web/tool/render/v1',
  permission: 'report.subscription.write',
  summary: `Renders a tool page of a run on the server (headless Chromium) and answers the PNG or PDF. At most ${LIMITS.renderConcurrencyMax} renders run at once; a render longer than ${LIMITS.renderTimeoutMs / 1000} s is stopped (code 3); a server without a browser answers code 3`,
  input: z.object({ runId: RunIdSchema, tool: ToolPageSchema, format: RenderFormatSchema.default('png') }).extend(ToolViewSchema.shape),
  output: z.string(),
  response: 'raw',
  rawContentType: 'application/octet-stream',
});

/** The guidance view: where the shield is against the design axis, its strokes and its last rings. */
export const GuideViewSchema = z.object({
  runId: z.number().int(),
  /** Machine time of the values; null before any data. */
  ts: z.number().nullable(),
  stale: z.boolean(),
  ringNo: z.number().int().nullable(),
  chainage: z.number().nullable(),
  /** Deviations from the design axis in mm (horizontal: + right; vertical: + up). */
  head: z.object({ horizontal: z.number().nullable(), vertical: z.number().nullable() }),
  tail: z.object({ horizontal: z.number().nullable(), vertical: z.number().nullable() }),
  /** Pitch, roll and yaw of the shield (mm/m or degrees as the tag says). */
  attitude: z.array(z.object({ code: z.string(), value: z.number().nullable(), unit: z.string().nullable() })),
  /** Thrust cylinder strokes by group, mm. */
  strokes: z.array(z.object({ code: z.string(), value: z.number().nullable() })),
  /** The last built rings, newest first: deviations at their end and their segment attitude. */
  rings: z.array(
    z.object({
      ringNo: z.number().int(),
      end: z.number().int(),
      headHorizontal: z.number().nullable(),
      headVertical: z.number().nullable(),
      tailHorizontal: z.number().nullable(),
      tailVertical: z.number().nullable(),
    }),
  ),
  /** Tolerance of the axis deviation, mm (bands of the pictures). */
  toleranceMm: z.number(),
});
export type GuideView = z.infer<typeof GuideViewSchema>;

export const toolGuide = defineEndpoint({
  id: 'delivery.toolGuide',
  base: 'project',
  method: 'GET',
  path: '/u/web/tool/guide/v1',
  permission: 'monitor.realData.read',
  summary: `The guidance view of a run: head and tail deviations, attitude and strokes now, and the last ${LIMITS.guideRingsMax} rings' deviations`,
  input: z.object({ runId: RunIdSchema }),
  output: GuideViewSchema,
});

export const toolPagesEndpoints = [toolTicketIssue, toolExchange, toolRender, toolGuide] as const;
