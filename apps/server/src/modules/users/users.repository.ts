import type { CompanyConfiguration, UserDocument, UserSummary } from '@quarry/shared';
import { BATCH_PAGE_SIZE } from '@quarry/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { CompanyConfigurationsTable, UsersTable } from '../../db/schema.ts';
import { scopedTo } from '../../db/scoped.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { isSupportEmail } from '../../lib/service-account.ts';
import { nowIso } from '../../lib/time.ts';

const emptyAiPreferences = { rules: [], example_emails: [] };

export function toUserDocument(row: Selectable<UsersTable>, supportEmail: string): UserDocument {
  const preferences = parseJsonColumn<UserDocument['preferences']>(row.preferences, {
    ai_email_preferences: emptyAiPreferences,
  });
  return {
    uid: row.uid,
    email: row.email,
    display_name: row.display_name,
    company: row.company,
    is_admin: row.is_admin === 1,
    is_manager: row.is_manager === 1,
    is_support: isSupportEmail(row.email, supportEmail),
    preferences: { ...preferences, ai_email_preferences: preferences.ai_email_preferences ?? emptyAiPreferences },
  };
}

function toCompanyConfiguration(
  row: Selectable<CompanyConfigurationsTable> & { company_name: string },
): CompanyConfiguration {
  return {
    master_tenant_id: row.master_tenant_id,
    company_name: row.company_name,
    tenant_preferences: parseJsonColumn(row.tenant_preferences, { ai_email_preferences: emptyAiPreferences }),
    integrations: parseJsonColumn(row.integrations, []),
  };
}

const summaryColumns = ['uid', 'display_name', 'email'] as const;

export function createUsersRepository(db: Db) {
  return {
    /** Unscoped lookup by uid: only the session resolver uses it, to learn the tenant. */
    findByUidForSession(uid: string) {
      return db.selectFrom('users').selectAll().where('uid', '=', uid).executeTakeFirst();
    },

    findByEmail(email: string) {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },

    findOwn(ctx: RequestContext) {
      return db
        .selectFrom('users')
        .selectAll()
        .where('uid', '=', ctx.uid)
        .where('company', '=', ctx.tenantId)
        .executeTakeFirst();
    },

    async companyConfiguration(ctx: RequestContext): Promise<CompanyConfiguration | null> {
      const row = await scopedTo(db, ctx.tenantId)
        .selectFrom('company_configurations')
        .innerJoin('tenants', (join) => join.on('tenants.id', '=', ctx.tenantId))
        .selectAll('company_configurations')
        .select('tenants.name as company_name')
        .executeTakeFirst();
      return row ? toCompanyConfiguration(row) : null;
    },

    listCompanyUsers(ctx: RequestContext): Promise<UserSummary[]> {
      return db
        .selectFrom('users')
        .select(summaryColumns)
        .where('company', '=', ctx.tenantId)
        .orderBy('display_name')
        .execute();
    },

    /** Users of my company by uid, read in batches of 30 as the spec's document queries are. */
    async findCompanyUsersByIds(ctx: RequestContext, uids: string[]): Promise<UserSummary[]> {
      const unique = [...new Set(uids)];
      const found: UserSummary[] = [];
      for (let i = 0; i < unique.length; i += BATCH_PAGE_SIZE) {
        const batch = unique.slice(i, i + BATCH_PAGE_SIZE);
        const rows = await db
          .selectFrom('users')
          .select(summaryColumns)
          .where('company', '=', ctx.tenantId)
          .where('uid', 'in', batch)
          .execute();
        found.push(...rows);
      }
      return found;
    },

    async updateOwn(
      ctx: RequestContext,
      changes: Partial<Pick<Selectable<UsersTable>, 'display_name' | 'preferences'>>,
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: nowIso() })
        .where('uid', '=', ctx.uid)
        .where('company', '=', ctx.tenantId)
        .execute();
    },

    async markSignedIn(uid: string): Promise<void> {
      await db.updateTable('users').set({ last_login_at: nowIso() }).where('uid', '=', uid).execute();
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
