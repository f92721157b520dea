import type { Kysely } from 'kysely';

/** The summary the demo seed writes: "Ranked #1 in the 2019 Fortune 500 (sector: …; industry: …). Based in …; led by …, …." */
const FORTUNE_SUMMARY =
  /^Ranked #(\d+) in the (\d{4}) Fortune 500 \(sector: (.*); industry: (.*)\)\. Based in (.*); led by (.*?), (.*)\.$/;

/** Rows read and written at a time, so a large table is never held in memory at once. */
const BATCH = 500;

/**
 * The facts of the account summary Quarry writes (issue #17, item 12), as JSON, so the account
 * page writes the summary in the reader's language. Accounts already seeded get theirs from their
 * English summary; any other description (an upload's, a vendor's) stays as it is, with null facts.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('master_accounts').addColumn('summary_facts', 'text').execute();
  let after = '';
  for (;;) {
    const rows: { master_account_id: string; description: string }[] = await db
      .selectFrom('master_accounts')
      .select(['master_account_id', 'description'])
      .where('description', 'like', 'Ranked #%')
      .where('master_account_id', '>', after)
      .orderBy('master_account_id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const m = FORTUNE_SUMMARY.exec(row.description);
      if (!m) continue;
      const [, rank, year, sector, industry, location, ceo, ceoTitle] = m as unknown as string[];
      const facts = {
        kind: 'fortune500',
        rank: Number(rank),
        year: Number(year),
        sector,
        industry,
        location,
        ceo,
        ceo_title: ceoTitle,
      };
      await db
        .updateTable('master_accounts')
        .set({ summary_facts: JSON.stringify(facts) })
        .where('master_account_id', '=', row.master_account_id)
        .execute();
    }
    if (rows.length < BATCH) break;
    after = rows[rows.length - 1]?.master_account_id ?? after;
  }
}
