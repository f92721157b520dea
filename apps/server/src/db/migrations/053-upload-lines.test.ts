import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as uploadsUp } from './017-uploads.ts';
import { up } from './053-upload-lines.ts';

describe('migration 053: upload_lines', () => {
  it("moves every upload's lines to their own table, so an upload begun before it resumes with them", async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the tables as they were before the migration
    const db = new Kysely<any>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
    try {
      await db.schema
        .createTable('master_accounts')
        .addColumn('master_account_id', 'varchar(64)', (c) => c.primaryKey())
        .execute();
      await uploadsUp(db);
      const row = (id: string, tenant: string, lines: string) => ({
        id,
        tenant_id: tenant,
        type: 'WEBSITE',
        status: 'IN_PROGRESS',
        input_label: '',
        input_kind: 'lines',
        input_digest: 'd',
        lines,
        first_line: 1,
        destination_type: 'list',
        destination_id: 'l1',
        destination_name: 'List',
        line_count: 3,
        processed_count: 1,
        added_count: 1,
        already_present_count: 0,
        created_count: 0,
        failed_count: 0,
        not_fitted_count: 0,
        created_by: 'u1',
        created_at: '2026-11-26T00:00:00.000Z',
        updated_at: '2026-11-26T00:00:00.000Z',
      });
      await db
        .insertInto('uploads')
        .values([row('up1', 'acme', 'ge.com\nbbc.co.uk\nacme.com'), row('up2', 'globex', 'globex.com')])
        .execute();
      await up(db);
      const moved = await db.selectFrom('upload_lines').selectAll().orderBy('upload_id').execute();
      expect(moved).toEqual([
        { upload_id: 'up1', tenant_id: 'acme', lines: 'ge.com\nbbc.co.uk\nacme.com' },
        { upload_id: 'up2', tenant_id: 'globex', lines: 'globex.com' },
      ]);
      const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('uploads')`.execute(db);
      expect(columns.rows.map((c) => c.name)).not.toContain('lines');
      const kept = await db.selectFrom('uploads').select(['id', 'processed_count']).orderBy('id').execute();
      expect(kept).toEqual([
        { id: 'up1', processed_count: 1 },
        { id: 'up2', processed_count: 1 },
      ]);
    } finally {
      await db.destroy();
    }
  });
});
