/**
 * The tags of a tags input with the text still typed in it (not yet added with Enter) added at
 * the end, so Save never drops it. Blank text, or text already in the list (ignoring case and
 * surrounding spaces), leaves the list as it is (the same array).
 */
export function withPendingTag(tags: string[], pending: string): string[] {
  const typed = pending.trim();
  if (typed.length === 0) return tags;
  const known = tags.some((tag) => tag.trim().toLowerCase() === typed.toLowerCase());
  return known ? tags : [...tags, typed];
}
