import { type AccountMatch, type MatchHit, type MatchSpan, TIER_RANK, type TriggerExample } from '@quarry/shared';
import { isAboutAccount, namesAccount } from '../engine/account-mention.ts';
import { sentenceBoundsAt } from '../engine/sentence-index.ts';

/** Examples shown per trigger. */
export const EXAMPLES_PER_TRIGGER = 3;
/** Characters kept either side of the matched words when their sentence is longer. */
const SENTENCE_REACH = 140;

export type TriggerStatsRow = {
  trigger_id: string;
  tier_1_accounts: number;
  tier_2_accounts: number;
  none_accounts: number;
  /** Value Match and Value Alignment accounts it is found at in a signal that does not rank them. */
  beside_accounts: number;
  top_tier_hits: number;
  examples: TriggerExample[];
};

/**
 * The sentence of `text` around [start, end), as the engine reads sentences (sentence-index.ts:
 * "St. Louis" or "U.S." ends none) or a line, cut to SENTENCE_REACH characters either side of the
 * match; offsets of the match are given inside the sentence.
 */
export function sentenceAround(
  text: string,
  start: number,
  end: number,
): { sentence: string; start: number; end: number; cut_start?: true; cut_end?: true } {
  const bounds = sentenceBoundsAt(text, start);
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  const whole = {
    from: Math.max(bounds.start, lineStart),
    to: Math.max(end, Math.min(bounds.end, lineEnd < 0 ? text.length : lineEnd)),
  };
  let from = Math.max(whole.from, start - SENTENCE_REACH);
  let to = Math.min(whole.to, end + SENTENCE_REACH);
  // Cut short by the reach rather than at a sentence's end: cut at a word instead, never inside one
  // ("outhwest Airlines"), and say so, for the page to show "…".
  const cutStart = from > whole.from;
  if (cutStart) {
    const space = text.indexOf(' ', from);
    if (space >= 0 && space < start) from = space + 1;
  }
  const cutEnd = to < whole.to;
  if (cutEnd) {
    const space = text.lastIndexOf(' ', to);
    if (space >= end) to = space;
  }
  const raw = text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const sentence = raw.trim();
  return {
    sentence,
    start: start - from - lead,
    end: end - from - lead,
    ...(cutStart ? { cut_start: true } : {}),
    ...(cutEnd ? { cut_end: true } : {}),
  };
}

/** At most this many characters between two words of one phrase found near each other. */
const PHRASE_GAP = 40;

/**
 * The whole phrase a span belongs to: a phrase found word by word ("fuel … prices", near each
 * other) has a span per word, and an example marking only "Fuel" of "fuel prices" said less than
 * what matched. The trigger's spans in the same field within PHRASE_GAP of each other, as one.
 */
function wholePhrase(spans: readonly MatchSpan[], span: MatchSpan, text: string): { start: number; end: number } {
  // Within the span's sentence: a word of the phrase in the next sentence is another finding.
  const bounds = sentenceBoundsAt(text, span.start);
  const near = spans
    .filter((s) => s.field === span.field && s.start >= bounds.start && s.end <= bounds.end)
    .sort((a, b) => a.start - b.start);
  let start = span.start;
  let end = span.end;
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of near) {
      if (s.end >= start - PHRASE_GAP && s.start < start) {
        start = s.start;
        grew = true;
      }
      if (s.start <= end + PHRASE_GAP && s.end > end) {
        end = s.end;
        grew = true;
      }
    }
  }
  return { start, end };
}

/**
 * Per trigger: how many accounts it currently moves to each tier (a Value Match or Value
 * Alignment counts for the triggers of the signal that leads it, the one its tier and why-now come
 * from: a trigger found only in an account's lesser signals moves it nowhere; an Activity Found
 * account counts for every trigger found in it), how many evidence hits of Value Match and Value
 * Alignment accounts it matched, and up to three example sentences, from the signals that lead the
 * strongest accounts, then those accounts' other signals (their `account_name` left for the caller
 * to fill).
 */
export function triggerStats(
  results: readonly AccountMatch[],
  hits: readonly MatchHit[],
  triggerIds: readonly string[],
): TriggerStatsRow[] {
  const rows = new Map<string, TriggerStatsRow>(
    triggerIds.map((id) => [
      id,
      {
        trigger_id: id,
        tier_1_accounts: 0,
        tier_2_accounts: 0,
        none_accounts: 0,
        beside_accounts: 0,
        top_tier_hits: 0,
        examples: [],
      },
    ]),
  );
  type Candidate = {
    match: AccountMatch;
    hitId: string;
    field: 'title' | 'text';
    start: number;
    end: number;
    /** The sentence names the account (or refers back to it), or its names are unknown. */
    about: boolean;
    /** The signal ranks the account (its lead), or the account is Activity Found. */
    leads: boolean;
  };
  const candidates = new Map<string, Candidate[]>();
  const hitById = new Map(hits.map((hit) => [hit.id, hit]));
  // Of a trigger's places in a signal, one in a sentence about the account: a walk found
  // Applied Materials' example to be a sentence about Satyam, named in the same article.
  // The example as shown must say so: a long sentence cut around the match ("…to manage the
  // affairs of the insolvent outsourcing giant") counts only when the part shown names the account.
  const aboutAccount = (hitId: string, field: 'title' | 'text', start: number, end: number) => {
    const hit = hitById.get(hitId);
    const names = hit?.account_names;
    // A company's own job posting is about it, in every sentence: "Fuel prices raised what it costs
    // to move goods between our Herndon warehouses" had counted as about someone else, so Beacon's
    // example (a Value Match this autumn) came after a 2008 analyst's remark at Morgan Stanley.
    if (!hit || !names?.length || hit.type === 'job_posting') return true;
    if (field === 'title') return namesAccount(hit.title, names);
    const shown = sentenceAround(hit.text, start, end);
    if (namesAccount(shown.sentence, names)) return true;
    return !shown.cut_start && isAboutAccount(hit.text, start, names);
  };
  for (const match of results) {
    const found = new Set<string>();
    const beside = new Set<string>();
    for (const hit of match.hits) {
      const ids = new Set(hit.triggers.map((t) => t.trigger_id));
      // A Value Match or Alignment is moved by the signal that leads it (a walk found Amazon's
      // bankruptcy example to be Toys R Us's news, one of Amazon's lesser signals): only the lead
      // counts it, and its other signals are examples after every lead's.
      const leads = match.tier === 'none' || hit.hit_id === match.top_hit_id;
      for (const id of ids) {
        const row = rows.get(id);
        if (!row) continue;
        if (match.tier !== 'none') row.top_tier_hits++;
        if (leads) found.add(id);
        else beside.add(id);
        const spans = hit.spans.filter((s) => s.source === 'trigger' && s.source_id === id);
        const about = spans.find((s) => aboutAccount(hit.hit_id, s.field, s.start, s.end));
        // A ranked account's other signal is an example only in a sentence about the account: a
        // lesser signal is often another company's news that names it in passing.
        const span = about ?? (leads ? spans[0] : undefined);
        if (span) {
          const source = hitById.get(hit.hit_id);
          const { start, end } = source
            ? wholePhrase(spans, span, span.field === 'title' ? source.title : source.text)
            : span;
          const list = candidates.get(id) ?? [];
          list.push({
            match,
            hitId: hit.hit_id,
            field: span.field,
            start,
            end,
            about: about !== undefined,
            leads,
          });
          candidates.set(id, list);
        }
      }
    }
    for (const id of found) {
      const row = rows.get(id) as TriggerStatsRow;
      if (match.tier === 'tier_1') row.tier_1_accounts++;
      else if (match.tier === 'tier_2') row.tier_2_accounts++;
      else row.none_accounts++;
    }
    for (const id of beside) if (!found.has(id)) (rows.get(id) as TriggerStatsRow).beside_accounts++;
  }
  // The strongest accounts' sentences, one per account and each sentence once: three accounts
  // quoting the same sentence (a posting many companies word alike) show the admin one example.
  // Within a tier, sentences about the account come first; one about another company only when too few are.
  const weight = (c: Candidate) => (c.match.tier === 'none' ? 0 : c.leads ? 2 : 1);
  for (const [id, list] of candidates) {
    // A sentence that made a Value Match or Alignment comes before one found at an Activity Found
    // account, however plainly about its company: a walk found a trigger's examples led by 2008
    // news that moved nothing ("purchases with credit cards" for a merger) above this autumn's.
    // Then a Value Match or Alignment account's other signals, which the precision counts too
    // (a trigger that ranks nothing had shown "0 · 0" beside "11 signals" and examples from
    // Activity Found accounts only, none of the 11 in sight).
    list.sort(
      (a, b) =>
        weight(b) - weight(a) ||
        TIER_RANK[b.match.tier] - TIER_RANK[a.match.tier] ||
        Number(b.about) - Number(a.about) ||
        b.match.score - a.match.score ||
        // Activity Found accounts often score alike (0): the newer sentence first.
        (hitById.get(b.hitId)?.published_at ?? '').localeCompare(hitById.get(a.hitId)?.published_at ?? ''),
    );
    const row = rows.get(id) as TriggerStatsRow;
    const accounts = new Set<string>();
    const sentences = new Set<string>();
    for (const c of list) {
      if (row.examples.length >= EXAMPLES_PER_TRIGGER) break;
      const hit = hitById.get(c.hitId);
      if (!hit || accounts.has(c.match.account_id)) continue;
      const around = sentenceAround(c.field === 'title' ? hit.title : hit.text, c.start, c.end);
      const said = around.sentence.toLowerCase().replace(/\s+/g, ' ').trim();
      if (sentences.has(said)) continue;
      accounts.add(c.match.account_id);
      sentences.add(said);
      row.examples.push({
        hit_id: c.hitId,
        master_account_id: c.match.account_id,
        account_name: '',
        published_at: hit.published_at,
        tier: c.match.tier,
        ...(c.leads ? {} : { leads: false }),
        ...around,
      });
    }
  }
  return [...rows.values()];
}
