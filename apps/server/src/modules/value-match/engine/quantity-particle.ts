/**
 * A word that ends a phrasal verb ("take over", "buy out") and is also the preposition of a
 * quantity ("over US$1 million", "about 30 staff"). Followed by a figure it is the quantity's:
 * "charged with taking over US$1 million in kickbacks" tells of no takeover.
 */
const QUANTITY_PARTICLES = new Set(['over', 'under', 'above', 'below', 'around', 'about']);

/** A figure: a digit, a currency sign, or a currency code before one ("US$", "A$"). */
const FIGURE = /^\s*(?:[A-Z]{1,3}\$|[$£€¥]|\d)/;

/**
 * Whether a phrase whose last word is `lastWord`, found in `source` up to `end`, reads there as
 * a quantity rather than as the phrase: its last word is a quantity particle and a figure
 * follows it.
 */
export function readsAsQuantity(lastWord: string, source: string, end: number): boolean {
  if (!QUANTITY_PARTICLES.has(lastWord.toLowerCase())) return false;
  return FIGURE.test(source.slice(end, end + 8));
}
