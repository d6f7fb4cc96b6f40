import type { MessageKey } from '@boreline/i18n';

/** Why a tool page is not ready: the key goes in `data-tool-error` (the renderer reports it) and its text on the page. */
export const TOOL_ERRORS = {
  ticket: 'screenTools.error.ticket',
  open: 'screenTools.error.open',
  ended: 'screenTools.error.ended',
  data: 'screenTools.error.data',
  picture: 'screenTools.error.picture',
} as const satisfies Record<string, MessageKey>;

/** Where one part of a page is: loading, drawn, or failed with its reason. */
export type Part = 'loading' | 'ready' | { error: MessageKey; detail?: string };

/** The page's state: the first part's failure, ready once every part is drawn, else loading. */
export function pageState(parts: readonly Part[]): Part {
  for (const part of parts) if (typeof part === 'object') return part;
  return parts.every((p) => p === 'ready') ? 'ready' : 'loading';
}

/** A query as a part: its data read (drawn by the render that follows), or its failure. */
export function queryPart(query: { isSuccess: boolean; isError: boolean; error: unknown }): Part {
  if (query.isError) return { error: TOOL_ERRORS.data, detail: query.error instanceof Error ? query.error.message : undefined };
  return query.isSuccess ? 'ready' : 'loading';
}
