import { type Kysely, sql } from 'kysely';

/**
 * An upload's lines in a table of their own (issue #16). Kept in the uploads row, 100,000 lines
 * (a few megabytes) were copied by SQLite every time the row changed: twice per chunk (the cursor,
 * then the counts), each copy a few milliseconds of the event loop and megabytes of WAL to
 * checkpoint. The job now reads them once per run from here; the row it updates stays small.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('upload_lines')
    .addColumn('upload_id', 'varchar(64)', (c) => c.primaryKey().references('uploads.id').onDelete('cascade'))
    .addColumn('tenant_id', 'varchar(64)', (c) => c.notNull())
    /** The values, one per line (the CSV's chosen column, or the filter's account ids), in order. */
    .addColumn('lines', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO upload_lines (upload_id, tenant_id, lines) SELECT id, tenant_id, lines FROM uploads`.execute(
    db,
  );
  await db.schema.alterTable('uploads').dropColumn('lines').execute();
}
