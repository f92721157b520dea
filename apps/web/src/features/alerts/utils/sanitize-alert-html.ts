import { ALERT_ALLOWED_SCHEMES, ALERT_ALLOWED_TAGS } from '@quarry/shared/constants';
import DOMPurify from 'dompurify';

const allowedUri = new RegExp(`^(?:(?:${ALERT_ALLOWED_SCHEMES.join('|')}):|/(?!/))`, 'i');

/** Alert HTML as shown: the server's allow-list again, so stored HTML is never trusted blindly. */
export function sanitizeAlertHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ALERT_ALLOWED_TAGS],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: allowedUri,
  });
}
