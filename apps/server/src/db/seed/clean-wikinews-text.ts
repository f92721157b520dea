/**
 * Wikinews article text as the sample CSV carries it still holds bits of wiki markup that a
 * reader must never see: editors' comments (`<!-- see the BBC article -->`), the quote marks
 * wikitext uses for italics and bold (`''The Guardian''`, `'''Rhapsody Radio'''`), a few HTML
 * tags (`<tt>`, `<big>`, `<div style=…>`), link brackets (`[http://… label]`, `]]`), tables,
 * headings, bullets and template leftovers, and the gaps links left behind when they were dropped
 * ("Martin , said", "Wal-Mart , , Sam's Club").
 */
const COMMENT = /<!--[\s\S]*?-->/g;
/** A wiki table, `{| … |}`: rows of cells, not prose. */
const TABLE = /\{\|[\s\S]*?\|\}/g;
/** Template parameters left as text: `| FTSE 100 = 4.902,45 |`, `{countries }`. */
const TEMPLATE_PARAMETER = /\|\s*[^|=\n]{1,40}=\s*[^|]*(?=\||$)/g;
const TEMPLATE_PLACEHOLDER = /\{\w+\s*\}/g;
/** Behaviour switches such as `__NOTOC__`. */
const MAGIC_WORD = /__[A-Z]+__/g;
/** A section heading, `== Layoffs continue ==`: its words stay, as a sentence. */
const HEADING = /(={2,})\s*([^=]+?)\s*\1/g;
/** List bullets (`* item`, `# item`) and what is left of braces, pipes and table rows. */
const MARKUP_LEFTOVERS = /(?:^|\s)(?:[*#]+|\{\{|\}\}|[{}]|\|-*)(?=\s|$)/g;
/** An opening or closing HTML tag: "<" and a letter, so "a < b" in prose stays. */
/**
 * Indentation colons before a line of an interview ("::Mario J. Lucero: Heaven Sent Gaming is…"),
 * with the image placeholder "thumb" a dropped image left before them; a ratio ("3:1") and a
 * "rule of thumb:" stay.
 */
const INDENT = /(^|\s)(?:thumb(?:nail)?\s+)?:+(?=[^\s:])/g;
const TAG = /<\/?[a-zA-Z][a-zA-Z0-9]*(?:\s[^<>]*)?\/?>/g;
/** Two to five apostrophes in a row: wikitext's italics and bold; prose has at most one. */
const WIKI_QUOTES = /'{2,5}/g;
/** An external link, `[http://example.com label]`: its label stays, the address goes. */
const EXTERNAL_LINK = /\[https?:\/\/[^\s\]]+\s*([^\]]*)\]/g;
/** What is left of internal links: `[[` and `]]`. */
const LINK_BRACKETS = /\[\[|\]\]/g;
/** What is left of templates: `{{`, `}}`, also when glued to a word ("infobox }}At its"). */
const TEMPLATE_BRACES = /\{\{|\}\}/g;
const ENTITIES: Record<string, string> = { '&mdash;': '—', '&ndash;': '–', '&nbsp;': ' ', '&amp;': '&' };
const ENTITY = /&(?:mdash|ndash|nbsp|amp);/g;
/** A comma left alone by a dropped link: ", ," → ",". */
const REPEATED_COMMA = /,(?:\s*,)+/g;
const SPACE_BEFORE_PUNCTUATION = / +([,.;:!?)])/g;
const SPACE_AFTER_PARENTHESIS = /\( +/g;
const SPACES = / {2,}/g;
/**
 * Names of templates whose braces the sample lost, left as words: an infobox ("United States
 * infobox", "2005 London bombing infobox": up to four words before the word, which prose never
 * uses), the portal banners Wikinews puts first ("Economy and business", "Wikinews Today short"),
 * a running story's banner ("2008-09 financial crisis"), and layout switches ("Apple lowercase",
 * "right", "left") at the start.
 */
/** An image's link syntax, `Image:Nyse050205.jpg|thumb|left|200px|`: its caption stays, as prose. */
const IMAGE_LINK =
  /(?:File|Image):[^|\n]+\|(?:(?:thumb|thumbnail|frameless|framed|left|right|center|upright|\d+px|\d+x\d+px)\|)*/g;
const INFOBOX = /(?:\b[\w'’&-]+\s+){0,4}infobox\b/gi;
const LEADING_BANNER =
  /^(?:(?:Economy and business|Science and technology|Crime and law|Politics and conflicts|Disasters and accidents|Culture and entertainment|Wikinews Today short|\d{4}(?:-\d{2})? financial crisis|[\w.]+ lowercase)\s+(?=\S))+/i;
/** The "right" and "left" layout templates: lower case, before a capital ("Left unchecked," stays). */
const LEADING_SIDE = /^(?:right|left)\s+(?=[A-Z0-9])/;
/**
 * A place or topic banner before the first sentence ("USA The Service Employees…", "Aviation On
 * Monday, Europe's…", "Greece Greece has…"): taken off only when what follows plainly starts a
 * sentence (an article or preposition) or repeats the banner, so a name that starts with a place
 * ("US Airways", "Health Net", "Canada Post") stays whole. The WikimediaMention template is
 * never prose.
 */
const LEADING_PLACE =
  /^(?:WikimediaMention\s+|(?:[A-Z][a-z]+|[A-Z]{2,3})(?: [A-Z][a-z]+)?\s+(?=(?:The|A|An|On|In|At|After|Today|Yesterday|Last|This)\s))/;
const REPEATED_BANNER = /^([A-Z][a-z]+(?: [A-Z][a-z]+)?)\s+(?=\1\b)/;
/**
 * A demonym whose country was a dropped link ("[[South Africa]]n government"): the link went,
 * its "n" stayed apart ("South Africa n government"). English has no word "n".
 */
const DEMONYM_GAP = /\b([A-Z][a-z]+) n\b(?= )/g;
/** Punctuation a dropped link left at the very start: ", a car company in Malaysia …". */
const LEADING_PUNCTUATION = /^[\s,;:.]+/;

/** The text a reader sees: markup removed, the gaps it left closed up, words untouched. */
export function cleanWikinewsText(text: string): string {
  return text
    .replace(COMMENT, ' ')
    .replace(TABLE, ' ')
    .replace(TEMPLATE_PARAMETER, ' ')
    .replace(TEMPLATE_PLACEHOLDER, ' ')
    .replace(MAGIC_WORD, ' ')
    .replace(HEADING, ' $2. ')
    .replace(TAG, ' ')
    .replace(WIKI_QUOTES, '')
    .replace(EXTERNAL_LINK, '$1')
    .replace(LINK_BRACKETS, '')
    .replace(TEMPLATE_BRACES, ' ')
    .replace(MARKUP_LEFTOVERS, ' ')
    .replace(INDENT, '$1')
    .replace(ENTITY, (entity) => ENTITIES[entity] ?? entity)
    .replace(REPEATED_COMMA, ',')
    .replace(SPACE_BEFORE_PUNCTUATION, '$1')
    .replace(SPACE_AFTER_PARENTHESIS, '(')
    .replace(IMAGE_LINK, ' ')
    .replace(INFOBOX, ' ')
    .replace(SPACES, ' ')
    .trim()
    .replace(LEADING_SIDE, '')
    .replace(LEADING_BANNER, '')
    .replace(LEADING_PLACE, '')
    .replace(REPEATED_BANNER, '')
    .replace(DEMONYM_GAP, '$1n')
    .replace(LEADING_PUNCTUATION, '')
    .trim();
}
