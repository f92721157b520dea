import { ALERT_ALLOWED_SCHEMES, ALERT_ALLOWED_TAGS } from '@quarry/shared';
import sanitizeHtml from 'sanitize-html';

/** An address a link may keep: one of the allowed schemes, or a path on this site ("/reporting"). */
const LINKABLE = new RegExp(`^\\s*(?:(?:${ALERT_ALLOWED_SCHEMES.join('|')}):|/(?!/))`, 'i');

/**
 * Alert HTML as stored: formatting and links only. Scripts, styles, event handlers, iframes and
 * javascript:/data: links are dropped (their text kept where harmless); links open in a new tab.
 * A link whose address is not allowed (or missing) becomes its plain text: left as a link without
 * an address, it had looked like one and done nothing.
 */
export function sanitizeAlertHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [...ALERT_ALLOWED_TAGS],
    allowedAttributes: { a: ['href', 'target', 'rel'] },
    allowedSchemes: [...ALERT_ALLOWED_SCHEMES],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math'],
    transformTags: {
      a: (_tagName, attribs) =>
        attribs.href && LINKABLE.test(attribs.href)
          ? { tagName: 'a', attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' } }
          : { tagName: 'span', attribs: {} },
    },
  });
}
