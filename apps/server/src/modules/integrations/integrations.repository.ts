import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { IntegrationsTable } from '../../db/schema.ts';
import { scopedTo, tenantKey, type WithoutTenant } from '../../db/scoped.ts';
import { tenantsWithRows } from '../../db/tenant-scope.ts';

export type IntegrationRow = WithoutTenant<Selectable<IntegrationsTable>>;

/** A tenant's integrations, one row per tool; every query goes through the scoped layer. */
export function createIntegrationsRepository(db: Db) {
  const scoped = (tenantId: string) => scopedTo(db, tenantId);
  return {
    list(tenantId: string): Promise<IntegrationRow[]> {
      return scoped(tenantId).selectFrom('integrations').selectAll().orderBy('type').execute();
    },

    find(tenantId: string, type: string): Promise<IntegrationRow | undefined> {
      return scoped(tenantId).selectFrom('integrations').selectAll().where('type', '=', type).executeTakeFirst();
    },

    /** Connects a tool, or replaces the credential of one already connected (its mappings stay). */
    async upsert(tenantId: string, row: WithoutTenant<Insertable<IntegrationsTable>>): Promise<void> {
      await scoped(tenantId)
        .insertInto('integrations')
        .values(row)
        .onConflict((oc) =>
          oc.columns(tenantKey('type')).doUpdateSet({
            status: row.status,
            status_message: row.status_message ?? null,
            account_name: row.account_name ?? null,
            credential_encrypted: row.credential_encrypted,
            credential_tail: row.credential_tail,
            checked_at: row.checked_at ?? null,
            connected_by: row.connected_by,
            updated_at: row.updated_at,
          }),
        )
        .execute();
    },

    async update(
      tenantId: string,
      type: string,
      changes: WithoutTenant<Updateable<IntegrationsTable>>,
    ): Promise<boolean> {
      const result = await scoped(tenantId)
        .updateTable('integrations')
        .set(changes)
        .where('type', '=', type)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Changes a row only while its sealed credential is still `expected`: of two requests that read
     * the same OAuth state (or refresh token), one wins and the other finds nothing to change.
     */
    async updateIfCredential(
      tenantId: string,
      type: string,
      expected: string,
      changes: WithoutTenant<Updateable<IntegrationsTable>>,
    ): Promise<boolean> {
      const result = await scoped(tenantId)
        .updateTable('integrations')
        .set(changes)
        .where('type', '=', type)
        .where('credential_encrypted', '=', expected)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async remove(tenantId: string, type: string): Promise<boolean> {
      const result = await scoped(tenantId).deleteFrom('integrations').where('type', '=', type).executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** The company configuration's integrations list (spec section 3): each type with its field mappings. */
    async writeCompanyIntegrations(tenantId: string, integrations: string, at: string): Promise<void> {
      await scoped(tenantId).updateTable('company_configurations').set({ integrations, updated_at: at }).execute();
    },

    /** Every tenant with a connected tool, for the periodic re-check (the one query across tenants). */
    async tenantsWithConnections(): Promise<string[]> {
      return tenantsWithRows(db, 'integrations');
    },

    async masterTenantId(tenantId: string): Promise<string | null> {
      const row = await scoped(tenantId)
        .selectFrom('company_configurations')
        .select('master_tenant_id')
        .executeTakeFirst();
      return row?.master_tenant_id || null;
    },
  };
}

export type IntegrationsRepository = ReturnType<typeof createIntegrationsRepository>;
