import type { Kysely } from 'kysely';

/**
 * Every hypothesis an account matches, not only its lead one (value_matches.top_hypothesis_id):
 * Home's hypothesis filter showed only the accounts a hypothesis leads, so a new hypothesis that
 * three airlines matched beside their lead one showed none of them. Filled by each recompute;
 * here from the matches already stored, so the filter works before the next one.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('value_match_hypotheses')
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('hypothesis_id', 'varchar(200)', (c) => c.notNull())
    .addColumn('master_account_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('hypothesis_name', 'text', (c) => c.notNull())
    .addColumn('tier_rank', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('value_match_hypotheses_pk', ['tenant_id', 'hypothesis_id', 'master_account_id'])
    .execute();
  await db.schema
    .createIndex('value_match_hypotheses_account_idx')
    .on('value_match_hypotheses')
    .columns(['tenant_id', 'master_account_id'])
    .execute();

  let after = { tenant_id: '', master_account_id: '' };
  for (;;) {
    const rows: { tenant_id: string; master_account_id: string; result: string }[] = await db
      .selectFrom('value_matches')
      .select(['tenant_id', 'master_account_id', 'result'])
      .where((eb) =>
        eb.or([
          eb('tenant_id', '>', after.tenant_id),
          eb.and([eb('tenant_id', '=', after.tenant_id), eb('master_account_id', '>', after.master_account_id)]),
        ]),
      )
      .orderBy('tenant_id')
      .orderBy('master_account_id')
      .limit(1000)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    after = last;
    const values = rows.flatMap((row) => {
      let hypotheses: { hypothesis_id: string; name: string; tier: string }[] = [];
      try {
        hypotheses = (JSON.parse(row.result) as { hypotheses?: typeof hypotheses }).hypotheses ?? [];
      } catch {
        // A result that does not parse is left to the next recompute.
      }
      return hypotheses
        .filter((h) => h.tier === 'tier_1' || h.tier === 'tier_2')
        .map((h) => ({
          tenant_id: row.tenant_id,
          hypothesis_id: h.hypothesis_id,
          master_account_id: row.master_account_id,
          hypothesis_name: h.name,
          tier_rank: h.tier === 'tier_1' ? 2 : 1,
        }));
    });
    for (let i = 0; i < values.length; i += 1000) {
      await db
        .insertInto('value_match_hypotheses')
        .values(values.slice(i, i + 1000))
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  }
}
