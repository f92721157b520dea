import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // A source's last failure as a code with its parameters (JSON), beside the English text, so the
  // web says it in the reader's language (issue #14). Rows failed before this stay without one.
  await db.schema.alterTable('signal_sources').addColumn('last_error_reason', 'text').execute();
}
