const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'madam']);

/** The name a greeting uses: "Dr. Jane Doe" and "Doe, Jane" give Jane; null when there is none. */
export function firstName(fullName: string): string | null {
  const comma = fullName.indexOf(',');
  const given = comma > 0 ? fullName.slice(comma + 1) : fullName;
  for (const token of given.trim().split(/\s+/)) {
    if (!token) continue;
    if (HONORIFICS.has(token.replace(/\.$/, '').toLowerCase())) continue;
    return token;
  }
  return null;
}
