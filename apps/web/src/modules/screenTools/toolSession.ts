import { type CurrentRun, type Language, LANGUAGES, RESULT_CODE, toolPagesContract as tp } from '@boreline/contracts';
import { ApiError, call } from '../../core/api/client.js';
import { pageSession } from '../../core/session.js';

export type ToolPage = tp.ToolPage;
export type ToolSize = tp.ToolSize;
export type ToolParams = tp.ToolParams;

/** What a tool page's address says beside its ticket (none of it a secret). */
export interface ToolAddress {
  runId: number | null;
  size: ToolSize;
  /** null: the run's language. */
  lang: Language | null;
  params: ToolParams;
}

/** The session a ticket was exchanged for: its token stays in memory (`pageSession`), never in storage or the address. */
export interface ToolSession {
  tool: ToolPage;
  run: CurrentRun & { language: Language };
  expiresAt: number;
  address: ToolAddress;
  /** The language the page shows: the address's, else the run's. */
  language: Language;
}

const optional = <T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } }, value: unknown): T | undefined => {
  if (value === null || value === undefined || value === '') return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

/** Reads the address's view: what is missing or wrong takes the page's default (A4, the run's language, the newest data). */
export function readAddress(search: string): ToolAddress {
  const q = new URLSearchParams(search);
  const runId = Number(q.get('runId'));
  const shiftNo = q.get('shiftNo');
  const lang = q.get('lang');
  const params: ToolParams = {};
  const date = optional(tp.ToolParamsSchema.shape.date, q.get('date'));
  const shift = optional(tp.ToolParamsSchema.shape.shiftNo, shiftNo === null ? null : Number(shiftNo));
  const unit = optional(tp.ToolParamsSchema.shape.unit, q.get('unit'));
  const drawing = optional(tp.ToolParamsSchema.shape.drawing, q.get('drawing'));
  if (date) params.date = date;
  if (shift) params.shiftNo = shift;
  if (unit) params.unit = unit;
  if (drawing) params.drawing = drawing;
  return {
    runId: Number.isInteger(runId) && runId > 0 ? runId : null,
    size: optional(tp.ToolSizeSchema, q.get('size')) ?? 'a4',
    lang: lang && (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : null,
    params,
  };
}

/**
 * The ticket handed over in the address is taken out of it before anything else happens (the page
 * replaces its history entry); the page picks it up from here, once.
 */
let handedOver: string | null = null;
let current: { tool: ToolPage; result: Promise<ToolSession> } | null = null;
let holders = 0;

/** Takes the ticket out of a query string: the query string left, and the ticket (or null). */
export function takeTicket(search: string): { search: string; ticket: string | null } {
  const q = new URLSearchParams(search);
  const ticket = q.get('ticket');
  if (ticket === null) return { search, ticket: null };
  q.delete('ticket');
  const rest = q.toString();
  return { search: rest ? `?${rest}` : '', ticket };
}

export const holdTicket = (ticket: string): void => {
  handedOver = ticket;
  current = null;
};

/** Why a tool page shows not-found: no ticket, or one that is used, expired, of another tool or of a run no longer readable. */
export class TicketRefused extends Error {
  constructor() {
    super('ticket refused');
    this.name = 'TicketRefused';
  }
}

/**
 * Exchanges the held ticket for the tool's session, once (a second call while the page lives
 * answers the same promise). Without a held ticket: refused. Calls carry the tool's token from
 * then on, without touching the tab's own sign-in.
 */
export function exchangeHeldTicket(tool: ToolPage, address: ToolAddress): Promise<ToolSession> {
  if (current?.tool === tool) return current.result;
  const ticket = handedOver;
  handedOver = null;
  if (!ticket) return Promise.reject(new TicketRefused());
  pageSession.open();
  const result = call(tp.toolExchange, { ticket, tool }).then(
    (answer): ToolSession => {
      if (address.runId !== null && address.runId !== answer.run.runId) throw new TicketRefused();
      pageSession.hold(answer.token);
      return { tool, run: answer.run, expiresAt: answer.expiresAt, address, language: address.lang ?? answer.run.language };
    },
    (error: unknown) => {
      pageSession.end();
      if (error instanceof ApiError && (error.code === RESULT_CODE.unauthenticated || error.code === RESULT_CODE.forbidden || error.code === RESULT_CODE.business)) {
        throw new TicketRefused();
      }
      throw error;
    },
  );
  result.catch(() => pageSession.end());
  current = { tool, result };
  return result;
}

/**
 * A tool page holds its session while it is shown; when the last holder goes (the visitor leaves
 * the page), the session ends and calls carry the tab's own sign-in again. The end waits a tick,
 * so a component mounted again at once (React's development checks) keeps it.
 */
export function retainToolSession(): () => void {
  holders += 1;
  return () => {
    holders -= 1;
    setTimeout(() => {
      if (holders > 0) return;
      current = null;
      pageSession.end();
    }, 0);
  };
}
