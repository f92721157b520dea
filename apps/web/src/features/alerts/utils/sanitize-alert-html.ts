import { ALERT_ALLOWED_SCHEMES, ALERT_ALLOWED_TAGS } from '@quarry/shared/constants';
import DOMPurify from 'dompurify';

const allowedUri = new RegExp(`^(?:(?:${ALERT_ALLOWED_SCHEMES.join('|')}):|/(?!/))`, 'i');

/**
 * Alert HTML as shown: the server's allow-list again, so stored HTML is never trusted blindly. A
 * link left without an address (a javascript: one, in the editor's preview) shows as its text, as
 * the server stores it.
 */
export function sanitizeAlertHtml(html: string): string {
  const fragment = DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...ALERT_ALLOWED_TAGS],
    ALLOWED_ATTR: ['href', 'target', 'rel'],
    ALLOWED_URI_REGEXP: allowedUri,
    RETURN_DOM_FRAGMENT: true,
  });
  for (const link of fragment.querySelectorAll('a:not([href])')) link.replaceWith(...link.childNodes);
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}
