import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The signals a tenant sees (issue #18): reference signals (owner_tenant_id null, the same for
 * every tenant) and those its own sources found. Every read of master_hits (or signal_items) on
 * behalf of a tenant goes through this condition: another tenant's live signals are never shown,
 * counted or matched. `table` is the table's name or its alias in the query.
 */
export function visibleTo(tenantId: string, table: string): RawBuilder<SqlBool> {
  const owner = sql.ref(`${table}.owner_tenant_id`);
  return sql<SqlBool>`(${owner} is null or ${owner} = ${tenantId})`;
}
