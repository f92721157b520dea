import { expect, it } from 'vitest';
import { compactNameSql, compactText } from '../compact-name.ts';

it("indexes the very expression search reads, and JavaScript's compact form agrees with it", async () => {
  const migration = await import('node:fs').then((fs) =>
    fs.readFileSync(new URL('./058-account-compact-name.ts', import.meta.url), 'utf8'),
  );
  const literal = /const COMPACT_NAME =\s*"([^"]+)"/.exec(migration)?.[1];
  expect(literal).toBe(compactNameSql('account_name'));
  expect(compactText("McDonald's")).toBe('mcdonalds');
  expect(compactText('Procter & Gamble')).toBe('proctergamble');
  expect(compactText('Wal-Mart Stores, Inc.')).toBe('walmartstoresinc');
});
