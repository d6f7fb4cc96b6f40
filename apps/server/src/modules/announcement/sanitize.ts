import { announcementContract } from '@boreline/contracts';
import sanitizeHtml from 'sanitize-html';

/**
 * The one cleaning of an announcement's body, run on every save: the safe subset of HTML is kept
 * (ANNOUNCEMENT_TAGS), every attribute is dropped except a link's target, which keeps http, https
 * and mailto only and always opens in a new tab without a referrer or an opener. Scripts and styles
 * go with their content; other tags go, their text stays.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...announcementContract.ANNOUNCEMENT_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: [...announcementContract.ANNOUNCEMENT_LINK_SCHEMES],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedStyles: {},
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href === undefined ? {} : { href: attribs.href }), rel: 'noopener noreferrer', target: '_blank' },
    }),
  },
};

export function cleanAnnouncementHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** The body as plain text (the announcement message's text): tags dropped, entities read, spaces collapsed. */
export function plainTextOf(html: string, max: number): string {
  const text = sanitizeHtml(html.replace(/<(?:br|\/p|\/li|\/h[34]|\/blockquote)\b[^>]*>/gi, '$& '), { allowedTags: [], allowedAttributes: {} })
    .replace(/&(#?[a-z0-9]+);/gi, (whole, name: string) => ENTITIES[name.toLowerCase()] ?? whole)
    .replace(/\s+/g, ' ')
    .trim();
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
