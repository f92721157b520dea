/**
 * Whether two names a person typed are the same to a reader: letter case and runs of spaces
 * aside ("Q4  targets" is "q4 targets"). Names users give their own records are unique this way.
 */
export function sameWords(a: string, b: string): boolean {
  const key = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  return key(a) === key(b);
}
