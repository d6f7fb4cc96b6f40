import { feedbackContract as c, type Language } from '@boreline/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type AuthSession, bearerToken, requireAuth } from '../../core/auth.js';
import { errors } from '../../core/errors.js';
import { attachmentHeader } from '../../core/excel.js';
import { registerEndpoint, registerRawEndpoint } from '../../core/http.js';
import { t } from '../../core/i18n.js';
import { addressOf } from '../auth/index.js';
import type { FeedbackSend, FeedbackService } from './feedback.service.js';
import { feedbackWorkbook } from './feedbackWorkbook.js';

export interface FeedbackRouteDeps {
  feedback: FeedbackService;
  /** Reads a session token; throws when it is not a valid one. */
  authenticate: (token: string) => Promise<AuthSession>;
}

/**
 * The open calls read a session when one is sent (no gate does on a public route): a valid
 * console session keeps its user as the sender; no token, an ended one or an H5 run token sends
 * as a visitor.
 */
async function senderOf(request: FastifyRequest, authenticate: FeedbackRouteDeps['authenticate']): Promise<AuthSession | null> {
  const token = bearerToken(request);
  if (!token) return null;
  try {
    const session = await authenticate(token);
    return session.runId === null ? session : null;
  } catch {
    return null;
  }
}

/** The feedback calls of spec §7 (project service) and the list's own: reply, state, export, screenshot. */
export function registerFeedbackRoutes(app: FastifyInstance, deps: FeedbackRouteDeps, options: { validateResponses: boolean }): void {
  const { feedback } = deps;
  const send = async (input: FeedbackSend, request: FastifyRequest): Promise<{ id: number; submittedAt: number }> =>
    feedback.send(input, await senderOf(request, deps.authenticate), addressOf(request.ip));
  registerEndpoint(
    app,
    c.add,
    async ({ input, request, setMessage }) => {
      setMessage('feedback.notice.sent');
      return send(input, request);
    },
    options,
  );
  registerEndpoint(
    app,
    c.addV1,
    async ({ input, request, setMessage }) => {
      setMessage('feedback.notice.sent');
      return send(input, request);
    },
    options,
  );
  for (const endpoint of [c.list, c.queryList]) registerEndpoint(app, endpoint, async ({ input, request }) => feedback.list(requireAuth(request), input), options);
  registerEndpoint(app, c.reply, async ({ input, request }) => feedback.reply(requireAuth(request), input.id, input.text), options);
  registerEndpoint(app, c.setState, async ({ input, request }) => feedback.setState(requireAuth(request), input.id, input.state), options);
  registerRawEndpoint(app, c.exportList, async ({ input, request, reply, language }) => {
    const items = await feedback.filtered(requireAuth(request), input);
    if (items.length === 0) throw errors.business('feedback.error.nothingToExport');
    const body = await feedbackWorkbook(items, language, input.timeZone ?? 'UTC');
    reply.header('content-disposition', attachmentHeader(`${fileTitle(language)}.xlsx`));
    return { contentType: c.XLSX_CONTENT_TYPE, body };
  });
  registerRawEndpoint(app, c.screenshot, async ({ input, request }) => feedback.screenshot(requireAuth(request), input.id, input.fileId));
}

const fileTitle = (language: Language): string => t(language, 'feedback.export.fileName');
