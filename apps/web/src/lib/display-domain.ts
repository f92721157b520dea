import { toUnicode } from 'punycode';

/**
 * A website as a person reads it. Quarry keeps domains in their ASCII form (an upload's
 * "münchen.de" is stored as "xn--mnchen-3ya.de" so that it matches however it was typed); shown,
 * each punycode label is written back in its own script. A label that is not valid punycode is
 * shown as stored rather than guessed at.
 */
export function displayDomain(website: string): string {
  if (!website.includes('xn--')) return website;
  try {
    return toUnicode(website);
  } catch {
    return website;
  }
}
