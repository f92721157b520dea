import { ALERT_ALLOWED_SCHEMES, ALERT_ALLOWED_TAGS } from '@quarry/shared';
import sanitizeHtml from 'sanitize-html';

/**
 * Alert HTML as stored: formatting and links only. Scripts, styles, event handlers, iframes and
 * javascript:/data: links are dropped (their text kept where harmless); links open in a new tab.
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
      a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer' }),
    },
  });
}
