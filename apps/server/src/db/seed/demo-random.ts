// Deterministic randomness for the demo: every generated value is fixed, so two builds (and two
// machines) give the same demo.

import { fnv1a } from '@quarry/shared/hash';
import { type Random, seededRandom } from '../../lib/seeded-random.ts';

const DEMO_SEED = 0x51a77e;

/** Each account draws from its own stream, so one account's data does not depend on the others. */
export function randomFor(purpose: string, accountId: string): Random {
  return seededRandom(fnv1a(`${DEMO_SEED}:${purpose}:${accountId}`));
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

export function hex(random: Random, length: number): string {
  let out = '';
  while (out.length < length) out += Math.floor(random() * 16).toString(16);
  return out;
}
