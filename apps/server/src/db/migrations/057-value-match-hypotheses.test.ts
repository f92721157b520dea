import type { Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database.ts';
import { type DbHandle, openDatabase } from '../connection.ts';
import { up } from './057-value-match-hypotheses.ts';

// Matches stored before the migration fill the hypothesis filter's table at once, every tenant's.
let testDb: TestDatabase;
let handle: DbHandle;
// biome-ignore lint/suspicious/noExplicitAny: the tables as they were before the migration, not today's schema
let db: Kysely<any>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  handle = openDatabase(testDb.database, { guardTenants: false });
  db = handle.db;
  await db.schema
    .createTable('value_matches')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .execute();
});
afterAll(async () => {
  await handle?.close();
  await testDb?.drop();
});

it('keeps every Value Match and Value Alignment hypothesis of the stored matches', async () => {
  const result = (hypotheses: { hypothesis_id: string; name: string; tier: string }[]) =>
    JSON.stringify({ hypotheses });
  // More rows than one batch of the migration, so its paging is crossed.
  const many = Array.from({ length: 1_203 }, (_, i) => ({
    tenant_id: 'tnt_globex',
    master_account_id: `acc_${String(i).padStart(5, '0')}`,
    result: result([{ hypothesis_id: 'hyp_g', name: 'Security', tier: 'tier_2' }]),
  }));
  await db
    .insertInto('value_matches')
    .values([
      {
        tenant_id: 'tnt_acme',
        master_account_id: 'acc_a',
        result: result([
          { hypothesis_id: 'hyp_1', name: 'Cost', tier: 'tier_1' },
          { hypothesis_id: 'hyp_2', name: 'Network', tier: 'tier_2' },
          { hypothesis_id: 'hyp_3', name: 'Quiet', tier: 'none' },
        ]),
      },
      { tenant_id: 'tnt_acme', master_account_id: 'acc_b', result: 'not json' },
    ])
    .execute();
  for (let i = 0; i < many.length; i += 500)
    await db
      .insertInto('value_matches')
      .values(many.slice(i, i + 500))
      .execute();

  await up(db);

  const rows = await db
    .selectFrom('value_match_hypotheses')
    .selectAll()
    .where('tenant_id', '=', 'tnt_acme')
    .orderBy('hypothesis_id')
    .execute();
  expect(rows).toEqual([
    {
      tenant_id: 'tnt_acme',
      hypothesis_id: 'hyp_1',
      master_account_id: 'acc_a',
      hypothesis_name: 'Cost',
      tier_rank: 2,
    },
    {
      tenant_id: 'tnt_acme',
      hypothesis_id: 'hyp_2',
      master_account_id: 'acc_a',
      hypothesis_name: 'Network',
      tier_rank: 1,
    },
  ]);
  const globex = await db
    .selectFrom('value_match_hypotheses')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('tenant_id', '=', 'tnt_globex')
    .executeTakeFirstOrThrow();
  expect(Number(globex.n)).toBe(1_203);
});
