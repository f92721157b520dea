// Deterministic randomness for the demo: every generated value is fixed, so two builds (and two
// machines) give the same demo.

const DEMO_SEED = 0x51a77e;

function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export type Random = () => number;

/** mulberry32: small, fast and good enough for demo data. */
function mulberry32(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each account draws from its own stream, so one account's data does not depend on the others. */
export function randomFor(purpose: string, accountId: string): Random {
  return mulberry32(hashString(`${DEMO_SEED}:${purpose}:${accountId}`));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function hex(random: Random, length: number): string {
  let out = '';
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}
