import type { ValueMatchInput } from '@quarry/shared';
import { analyseText } from './analyse-text.ts';
import { compilePhrase } from './compile-phrase.ts';
import type { CompiledPhrase } from './compiled-phrase.ts';
import type { CompiledPreferences } from './compiled-preferences.ts';

function stemsOf(words: string): Set<string> {
  const analysed = analyseText(words);
  return new Set(analysed.stem.filter((_, slot) => (analysed.ordinal[slot] as number) >= 0));
}

/** Words that say nothing about a problem: kept out of a hypothesis's topic terms. */
const GENERIC_TOPIC_STEMS = stemsOf(
  'company companies business businesses customer customers product products service services solution solutions ' +
    'help helps use uses using make makes new year years need needs team teams time value better way ways work get ' +
    'one two first last many much percent like can may might will our their them they we us its every each across',
);

/** Words a person writes around a qualification signal ("company mentions …") that are not the signal. */
const GENERIC_SIGNAL_STEMS = stemsOf(
  'company companies mention mentions mentioned news article recent recently signal',
);

/** "Files for bankruptcy, or announces layoffs" → two clauses; any one found meets the signal (also split at ":" and ";"). */
const CLAUSE_SEPARATOR = /[,;:/|]|\bor\b/i;

/**
 * "Software or online business: software developer, internet company" names its kind before the
 * colon and what to look for after it: the heading is no clause ("software" alone would meet it
 * in every article about a carmaker's software). Text with nothing after its colon keeps it.
 */
function withoutHeading(text: string): string {
  const colon = text.indexOf(':');
  if (colon < 0) return text;
  const rest = text.slice(colon + 1);
  return /[\p{L}\p{N}]/u.test(rest) ? rest : text;
}

function uniqueByStems(phrases: (CompiledPhrase | null)[]): CompiledPhrase[] {
  const seen = new Set<string>();
  const out: CompiledPhrase[] = [];
  for (const phrase of phrases) {
    if (!phrase) continue;
    const key = `${phrase.literal}:${phrase.stems.join(' ')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(phrase);
  }
  return out;
}

/** Stems every trigger phrase, hypothesis, qualification clause and target title once. */
export function compilePreferences(input: ValueMatchInput): CompiledPreferences {
  // Sorted by id so the answer does not depend on the order the tenant's lists come in.
  const byId = <T extends { id: string }>(a: T, b: T) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const triggers = [...input.triggers]
    .sort(byId)
    .filter((trigger) => trigger.enabled)
    .map((trigger) => ({ trigger, phrases: uniqueByStems(trigger.phrases.map((phrase) => compilePhrase(phrase))) }))
    .filter((compiled) => compiled.phrases.length > 0);

  const hypotheses = [...input.hypotheses].sort(byId).map((hypothesis) => {
    const text = [
      hypothesis.name,
      hypothesis.description,
      hypothesis.problem_or_goal,
      hypothesis.product_value,
      hypothesis.roi_explanation,
      hypothesis.importance,
      hypothesis.observation,
    ].join('\n');
    const terms = [...stemsOf(text)].filter(
      (stem) => stem.length >= 3 && !/^\d/.test(stem) && !GENERIC_TOPIC_STEMS.has(stem),
    );
    return { hypothesis, terms: terms.sort() };
  });

  const signals = [...input.qualification_signals]
    .sort(byId)
    .map((signal) => ({
      signal,
      clauses: uniqueByStems(
        withoutHeading(signal.text)
          .split(CLAUSE_SEPARATOR)
          // Words around a signal are dropped, but a clause that is nothing else is the signal: "company".
          .map((clause) => compilePhrase(clause, GENERIC_SIGNAL_STEMS) ?? compilePhrase(clause)),
      ),
    }))
    .filter((compiled) => compiled.clauses.length > 0);

  const targetTitles = uniqueByStems([...input.target_titles].sort().map((title) => compilePhrase(title)));
  const terms = [...new Set(hypotheses.flatMap((h) => h.terms))].sort();
  const vocabulary = new Set([
    ...terms,
    ...triggers.flatMap((t) => t.phrases.flatMap((p) => p.stems)),
    ...signals.flatMap((s) => s.clauses.flatMap((c) => c.stems)),
    ...targetTitles.flatMap((t) => t.stems),
  ]);
  const triggersByFirstStem = new Map<string, number[]>();
  triggers.forEach((compiled, i) => {
    for (const phrase of compiled.phrases) {
      const first = phrase.stems[0] as string;
      const list = triggersByFirstStem.get(first);
      if (!list) triggersByFirstStem.set(first, [i]);
      else if (list[list.length - 1] !== i) list.push(i);
    }
  });
  // Triggers often share a phrase ("price" in three of them): each distinct one gets an id, so a
  // hit looks it up once, by number.
  const phraseIds = new Map<string, number>();
  const triggerPhraseIds = triggers.map((compiled) =>
    compiled.phrases.map((phrase) => {
      const key = `${phrase.literal ? 'literal' : 'stems'}:${phrase.stems.join(' ')}`;
      let id = phraseIds.get(key);
      if (id === undefined) {
        id = phraseIds.size;
        phraseIds.set(key, id);
      }
      return id;
    }),
  );
  return {
    triggers,
    triggerPhraseIds,
    distinctPhrases: phraseIds.size,
    hypotheses,
    terms,
    termSet: new Set(terms),
    signals,
    targetTitles,
    triggersByFirstStem,
    vocabulary,
  };
}
