import { RESULT_CODE, toolPagesContract } from '@boreline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AuthSession } from '../../../core/auth.js';
import { AppError, errors } from '../../../core/errors.js';
import { localDateOf } from '../../../core/timeZone.js';
import type { RunScope } from '../../project/index.js';
import type { RenderedFile, ToolRenderer } from '../ports.js';

type RenderInput = z.output<typeof toolPagesContract.toolRender.input>;

export interface ToolRenderDeps {
  scope: RunScope;
  renderer: ToolRenderer;
  log: FastifyBaseLogger;
  now: () => number;
}

/**
 * The download's name: project, tool and the date the page shows (today in the run's zone when it
 * shows "now"), with the format's extension. The header gives an ASCII form beside the exact one.
 */
export function renderFileName(projectName: string, tool: toolPagesContract.ToolPage, date: string, format: toolPagesContract.RenderFormat): string {
  return `${projectName.trim() || 'project'}_${tool}_${date}.${format}`;
}

/**
 * `toolRender`: renders a tool page of a run on the server and answers the file. The caller needs
 * the render code and the tool's read code at the run (the page is rendered as them); a server
 * without a browser, a failed page and a render over its time limit answer code 3 with a reason.
 */
export class ToolRenderService {
  constructor(private readonly deps: ToolRenderDeps) {}

  async render(session: AuthSession, input: RenderInput, signal?: AbortSignal): Promise<{ file: RenderedFile; fileName: string }> {
    const run = await this.deps.scope.require(session, input.runId, 'report.subscription.write');
    await this.deps.scope.require(session, run.id, toolPagesContract.TOOL_READ_CODE[input.tool]);
    if (!this.deps.renderer.available) throw errors.business('toolPages.error.noBrowser');
    const started = Date.now();
    let file: RenderedFile;
    try {
      file = await this.deps.renderer.render(
        { userId: session.userId, runId: run.id, tool: input.tool, format: input.format, size: input.size, lang: input.lang, params: input.params },
        signal,
      );
    } catch (error) {
      // The owner lost the run between the check above and the ticket: the same answer as the check.
      if (error instanceof AppError && error.code === RESULT_CODE.forbidden) throw error;
      this.deps.log.warn({ err: error, runId: run.id, tool: input.tool, format: input.format, ms: Date.now() - started }, 'tool page render failed');
      throw errors.business('toolPages.error.renderFailed');
    }
    const date = input.params.date ?? localDateOf(this.deps.now(), run.time_zone);
    return { file, fileName: renderFileName(run.project_name, input.tool, date, input.format) };
  }
}
