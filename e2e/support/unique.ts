import { randomBytes } from 'node:crypto';

/**
 * A name no earlier attempt used: browser tests share one database per run, and a retried test
 * must not meet what its failed attempt left behind ("Axe check" twice in the Lists panel).
 */
export function uniqueName(label: string): string {
  return `${label} ${randomBytes(3).toString('hex')}`;
}
