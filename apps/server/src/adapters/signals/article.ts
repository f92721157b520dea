import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import { toPlainText } from './parse.ts';

/** Pages larger than this are not parsed for their article (the fetch's own cap is larger). */
const MAX_HTML = 2 * 1024 * 1024;

/** The number of words in a text, as "a summary only" is judged. */
export const wordCount = (text: string) => text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;

/**
 * The readable text of an article page (issue #18, for feeds that carry only a title and a short
 * summary): Mozilla's Readability (Firefox Reader View) over a linkedom document finds the article
 * among menus, footers and asides; its HTML is then reduced to plain text by the same sanitiser as
 * feed items, so no tag, script or handler survives. Null when the page holds no article.
 */
export function extractArticleText(html: string): string | null {
  if (!html || html.length > MAX_HTML) return null;
  let article: { content?: string | null } | null;
  try {
    const { document } = parseHTML(html);
    // linkedom's document is close enough to the DOM Readability walks; its types are its own.
    article = new Readability(document as unknown as ConstructorParameters<typeof Readability>[0], {
      charThreshold: 200,
    }).parse();
  } catch {
    return null;
  }
  const text = toPlainText(article?.content ?? '');
  return text || null;
}
