import type { ReactNode } from 'react';
import type { Snippet } from '../api.js';

/**
 * A snippet with its matched terms in <mark>: the server gives offsets, never markup, and the text is
 * rendered as text (React escapes it), so a snippet can never inject HTML. Marks out of the text's
 * bounds, empty or overlapping a previous one are clipped.
 */
export function Marked({ snippet, 'data-testid': testId }: { snippet: Snippet; 'data-testid'?: string }) {
  const { text } = snippet;
  const parts: ReactNode[] = [];
  let at = 0;
  const marks = [...snippet.marks].sort((a, b) => a[0] - b[0]);
  for (const [rawStart, rawEnd] of marks) {
    const start = Math.max(at, Math.min(rawStart, text.length));
    const end = Math.min(Math.max(rawEnd, start), text.length);
    if (end <= start) continue;
    if (start > at) parts.push(text.slice(at, start));
    parts.push(<mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <span className="repair-snippet" data-testid={testId}>
      {parts}
    </span>
  );
}
