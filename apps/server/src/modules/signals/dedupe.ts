import { fnv1a } from '@quarry/shared/hash';

/** Query parameters that say where a click came from, not what it points at. */
const TRACKING_PARAMS =
  /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|yclid|_hsenc|_hsmi|ref|ref_src|cmpid|s_cid|ito|ncid|sr_share|spm|cid)$/i;

/**
 * One spelling for one page: lower-case host without "www.", no fragment, no tracking parameters,
 * the rest sorted, no trailing slash, http and https the same.
 */
export function canonicalUrl(raw: string | null): string | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const params = [...url.searchParams.entries()]
    .filter(([k]) => !TRACKING_PARAMS.test(k))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length ? `?${new URLSearchParams(params).toString()}` : '';
  const host = url.hostname.toLowerCase().replace(/^www\./, '');
  const port = url.port && url.port !== '80' && url.port !== '443' ? `:${url.port}` : '';
  const path = url.pathname.replace(/\/+$/, '') || '/';
  return `${host}${port}${path}${query}`;
}

/** FNV-1a over a string, 32 bits, with a seed: two seeds give the 64 bits of a shingle's hash. */
function fnv(text: string, seed: number): number {
  let h = fnv1a(text, seed);
  // A final mix: FNV alone leaves the high bits of similar shingles alike.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return h >>> 0;
}

/**
 * The 64-bit simhash of a text's words and two-word shingles, as 16 hex digits: texts that share
 * most of their wording differ in a few bits, unrelated texts in about half of them (32 ± 4).
 */
export function simhash(text: string): string {
  const words =
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const counts = new Int32Array(64);
  const shingles = words.length === 0 ? [words.join(' ')] : [];
  for (let i = 0; i < words.length && i < 400; i++) {
    shingles.push(words[i] as string);
    if (i + 1 < words.length) shingles.push(`${words[i]} ${words[i + 1]}`);
  }
  for (const shingle of shingles) {
    const lo = fnv(shingle, 0);
    const hi = fnv(shingle, 0x9e3779b9);
    for (let b = 0; b < 32; b++) {
      counts[b] = (counts[b] as number) + ((lo >>> b) & 1 ? 1 : -1);
      counts[b + 32] = (counts[b + 32] as number) + ((hi >>> b) & 1 ? 1 : -1);
    }
  }
  let lo = 0;
  let hi = 0;
  for (let b = 0; b < 32; b++) {
    if ((counts[b] as number) > 0) lo |= 1 << b;
    if ((counts[b + 32] as number) > 0) hi |= 1 << b;
  }
  return (hi >>> 0).toString(16).padStart(8, '0') + (lo >>> 0).toString(16).padStart(8, '0');
}

function popcount(n: number): number {
  let x = n >>> 0;
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Bits in which two simhashes differ. */
export function hammingDistance(a: string, b: string): number {
  return bitsApart(
    Number.parseInt(a.slice(0, 8), 16),
    Number.parseInt(a.slice(8), 16),
    Number.parseInt(b.slice(0, 8), 16),
    Number.parseInt(b.slice(8), 16),
  );
}

/** Bits in which two simhashes differ, given as their high and low 32 bits. */
export function bitsApart(hiA: number, loA: number, hiB: number, loB: number): number {
  return popcount(hiA ^ hiB) + popcount(loA ^ loB);
}

/** Two texts this close (of 64 bits) tell the same story. */
export const NEAR_DUPLICATE_BITS = 10;
/** Shorter texts are compared by URL only: a few words say too little to call two stories one. */
export const NEAR_DUPLICATE_MIN_WORDS = 12;
