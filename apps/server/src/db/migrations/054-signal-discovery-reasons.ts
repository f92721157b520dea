import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // Why discovery found nothing for an account, as codes with their parameters (JSON SignalReason[]),
  // beside the English `outcome`, so it can be said in the reader's language (issue #14). Accounts
  // looked at before this keep only the English text until they are looked at again.
  await db.schema.alterTable('signal_discoveries').addColumn('outcome_reasons', 'text').execute();
}
