import type { ValueMatchContact } from '@quarry/shared';
import { departmentStems, domainStems, titleKey } from './title-words.ts';

type ContactRow = {
  id: string;
  first_name: string;
  last_name: string;
  title: string | null;
  email: string | null;
  email_status: string | null;
  /** c_suite, vp, director, manager or individual_contributor, when the data says. */
  seniority?: string | null;
};

/**
 * How a contact's title meets the target titles. exact: it is a target title once case,
 * punctuation and "&"/"and" are set aside ("VP, Supply Chain" = "VP Supply Chain"). similar: it
 * shares a domain word with one ("Logistics Manager" and "Director of Logistics") and names no
 * department the target does not ("Security Operations Manager" is not "Operations Analyst");
 * seniority words alone ("Chief … Officer", "… Analyst") do not count. none: neither.
 */
export function titleMatch(title: string | null, targets: string[]): ValueMatchContact['title_match'] {
  if (!title) return 'none';
  const key = titleKey(title);
  if (key.length === 0) return 'none';
  if (targets.some((target) => titleKey(target) === key)) return 'exact';
  const mine = domainStems(title);
  if (mine.size === 0) return 'none';
  // Sharing "operations" does not make a Security Operations Manager one of a supply-chain seller's
  // operations people: a department word of the title must be the target's too.
  const departments = [...departmentStems(title)];
  const shares = (target: string) => {
    const theirs = domainStems(target);
    const theirDepartments = departmentStems(target);
    return [...theirs].some((stem) => mine.has(stem)) && departments.every((stem) => theirDepartments.has(stem));
  };
  return targets.some(shares) ? 'similar' : 'none';
}

const EMAIL_RANK: Record<string, number> = { verified: 0, guessed: 1 };
const TITLE_RANK = { exact: 0, similar: 1, none: 2 } as const;
const SENIORITY_RANK: Record<string, number> = {
  c_suite: 0,
  vp: 1,
  director: 2,
  manager: 3,
  individual_contributor: 4,
};
const seniorityRank = (s: string | null | undefined) => (s ? (SENIORITY_RANK[s] ?? 5) : 5);

/**
 * Contacts ranked by the target titles (exact, then similar), then those with a usable email, then
 * the most senior (a rep calls the CEO before the Recruiting Manager when neither title is
 * theirs), then a verified email before a guessed one, then by name.
 */
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
      seniorityRank: seniorityRank(c.seniority),
    }))
    .sort(
      (a, b) =>
        TITLE_RANK[a.title_match] - TITLE_RANK[b.title_match] ||
        Number(b.email_usable) - Number(a.email_usable) ||
        a.seniorityRank - b.seniorityRank ||
        a.emailRank - b.emailRank ||
        a.last_name.localeCompare(b.last_name) ||
        a.id.localeCompare(b.id),
    )
    .slice(0, limit)
    .map(({ emailRank: _e, seniorityRank: _s, ...c }) => c);
}
