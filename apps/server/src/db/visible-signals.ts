import { type RawBuilder, type SqlBool, sql } from 'kysely';

/**
 * The signals a tenant sees (issue #18): reference signals (owner_tenant_id null, the same for
 * every tenant) and those its own sources found. Every read of master_hits (or signal_items) on
 * behalf of a tenant goes through this condition: another tenant's live signals are never shown,
 * counted or matched; a reference signal one of the tenant's own stories repeats is left out for it
 * (signal_reference_repeats). `table` is master_hits' name or its alias in the query.
 */
export function visibleTo(tenantId: string, table: string): RawBuilder<SqlBool> {
  const owner = sql.ref(`${table}.owner_tenant_id`);
  // A reference signal the tenant's own story repeats is shown once, as that story (which credits both).
  const repeated = sql`select 1 from signal_reference_repeats r
    where r.tenant_id = ${tenantId} and r.hit_id = ${sql.ref(`${table}.id`)}`;
  return sql<SqlBool>`(${owner} = ${tenantId} or (${owner} is null and not exists (${repeated})))`;
}
