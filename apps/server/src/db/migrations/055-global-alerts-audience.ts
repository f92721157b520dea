import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: a migration must not depend on today's schema types
export async function up(db: Kysely<any>): Promise<void> {
  // global_alerts is not a tenant table: the tenant it names is the audience Support picks (null:
  // every tenant). Named for that, so that tenant_id means one thing across the schema, the tenant
  // a row belongs to, which the scoped layer sets and checks (issue #14). The API field keeps its name.
  await db.schema.alterTable('global_alerts').renameColumn('tenant_id', 'audience_tenant_id').execute();
}
