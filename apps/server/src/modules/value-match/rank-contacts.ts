import type { ValueMatchContact } from '@quarry/shared';

type ContactRow = {
  id: string;
  first_name: string;
  last_name: string;
  title: string | null;
  email: string | null;
  email_status: string | null;
};

const MINOR_WORDS = new Set([
  'of',
  'and',
  'the',
  'for',
  'vp',
  'head',
  'senior',
  'chief',
  'director',
  'manager',
  'lead',
]);
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1);

/** exact: the title is a target title; similar: it shares a meaningful word with one (e.g. "supply chain"). */
export function titleMatch(title: string | null, targets: string[]): ValueMatchContact['title_match'] {
  if (!title) return 'none';
  const t = title.trim().toLowerCase();
  if (targets.some((x) => x.trim().toLowerCase() === t)) return 'exact';
  const mine = new Set(words(title).filter((w) => !MINOR_WORDS.has(w)));
  return targets.some((x) => words(x).some((w) => !MINOR_WORDS.has(w) && mine.has(w))) ? 'similar' : 'none';
}

const EMAIL_RANK: Record<string, number> = { verified: 0, guessed: 1 };
const TITLE_RANK = { exact: 0, similar: 1, none: 2 } as const;

/** Contacts ranked by the target titles (exact, then similar), a usable email first, then by name. */
export function rankContacts(rows: ContactRow[], targets: string[], limit = 25): ValueMatchContact[] {
  return rows
    .map((c) => ({
      id: c.id,
      first_name: c.first_name,
      last_name: c.last_name,
      title: c.title,
      email: c.email,
      email_usable: c.email !== null && c.email_status !== null && c.email_status in EMAIL_RANK,
      title_match: titleMatch(c.title, targets),
      emailRank: c.email && c.email_status ? (EMAIL_RANK[c.email_status] ?? 2) : 2,
    }))
    .sort(
      (a, b) =>
        TITLE_RANK[a.title_match] - TITLE_RANK[b.title_match] ||
        a.emailRank - b.emailRank ||
        a.last_name.localeCompare(b.last_name) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, limit)
    .map(({ emailRank: _, ...c }) => c);
}
