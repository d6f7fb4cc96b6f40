import { createElement, type ReactNode } from 'react';

/** The tags an announcement may show, as the server keeps them (announcement.contract.ts ANNOUNCEMENT_TAGS). */
const ALLOWED = new Set(['p', 'br', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a', 'h3', 'h4', 'blockquote']);
/** Their content is dropped with them (the server removes them already; this holds if it ever did not). */
const DROPPED = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript', 'textarea', 'title', 'svg', 'math']);
const SAFE_LINK = /^(?:https?:|mailto:)/i;

/** A link's target when it is an http, https or mailto address; otherwise none. */
export function safeHref(value: string | null): string | undefined {
  if (value === null) return undefined;
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:"): so does the check.
  const compact = [...value].filter((ch) => ch.charCodeAt(0) > 0x20 && ch.charCodeAt(0) !== 0x7f).join('');
  return SAFE_LINK.test(compact) ? value.trim() : undefined;
}

const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g;
const HREF = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
/** The value as written in the source (its entities stay encoded), quoted again. */
const escapeAttribute = (value: string) => value.replace(/"/g, '&quot;');

/**
 * Every tag rewritten without its attributes (a link keeps a safe target) before the text meets a
 * parser: Chromium checks an inline handler against the CSP even in an inert document (an image's
 * error event), so no handler may reach one. Text between tags is left as it is.
 */
export function withoutAttributes(html: string): string {
  return html.replace(TAG, (_, close: string, name: string, attributes: string) => {
    if (close || name.toLowerCase() !== 'a') return `<${close}${name}>`;
    const found = HREF.exec(attributes);
    const href = safeHref(found ? (found[1] ?? found[2] ?? found[3] ?? null) : null);
    return href === undefined ? '<a>' : `<a href="${escapeAttribute(href)}">`;
  });
}

function convert(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (DROPPED.has(tag)) return null;
  const children = [...element.childNodes].map((child, i) => convert(child, `${key}.${i}`));
  // A tag outside the subset keeps its text, not its element (nor any of its attributes).
  if (!ALLOWED.has(tag)) return children;
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') return createElement('a', { key, href: safeHref(element.getAttribute('href')), target: '_blank', rel: 'noopener noreferrer' }, ...children);
  // No attribute of any other tag is carried over: no handler, no style, no class.
  return createElement(tag, { key }, ...children);
}

/**
 * Shows an announcement's body as React elements: the stored HTML (already cleaned by the server),
 * its tags stripped of attributes first, is parsed into an inert document (DOMParser runs no
 * script) and only the
 * allowed tags are rebuilt, without any attribute but a checked link target. Links open in a new
 * tab without opener or referrer. Nothing is ever set as inner HTML.
 */
export function SafeHtml({ html, className, 'data-testid': testId }: { html: string; className?: string; 'data-testid'?: string }) {
  const body = new DOMParser().parseFromString(`<!doctype html><body>${withoutAttributes(html)}</body>`, 'text/html').body;
  return (
    <div className={className} data-testid={testId}>
      {[...body.childNodes].map((node, i) => convert(node, String(i)))}
    </div>
  );
}
