/**
 * FNV-1a, 32 bits, over UTF-16 code units: a small string hash that gives the same number on every
 * machine (demo data, evaluation splits, dedupe shingles, the word table). Not for security.
 */
export const FNV1A_OFFSET = 0x811c9dc5;
export const FNV1A_PRIME = 0x01000193;

/**
 * The hash of code units `units[start..end)`, as a signed 32-bit number (what `Math.imul` gives and
 * an `Int32Array` stores); `seed` is XORed into the offset basis.
 */
export function fnv1aUnits(units: ArrayLike<number>, start = 0, end = units.length, seed = 0): number {
  let hash = FNV1A_OFFSET ^ seed;
  for (let k = start; k < end; k++) hash = Math.imul(hash ^ (units[k] as number), FNV1A_PRIME);
  return hash;
}

/** The hash of a string, unsigned (0 … 2³²−1); `seed` is XORed into the offset basis. */
export function fnv1a(text: string, seed = 0): number {
  let hash = FNV1A_OFFSET ^ seed;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV1A_PRIME);
  return hash >>> 0;
}
