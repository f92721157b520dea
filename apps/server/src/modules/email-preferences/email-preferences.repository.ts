import type { AiEmailPreferences } from '@quarry/shared';
import type { Db } from '../../db/connection.ts';
import { scopedTo } from '../../db/scoped.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import { nowIso } from '../../lib/time.ts';

const empty: AiEmailPreferences = { rules: [], example_emails: [] };

type Holder = { ai_email_preferences?: AiEmailPreferences };

/**
 * AI email preferences where the spec keeps them: the user's document (preferences) and the
 * company configuration (tenant_preferences); other keys of those documents are left as they are.
 */
export function createEmailPreferencesRepository(db: Db) {
  return {
    async read(
      tenantId: string,
      uid: string,
    ): Promise<{ personal: AiEmailPreferences; organization: AiEmailPreferences }> {
      const [user, company] = await Promise.all([
        db
          .selectFrom('users')
          .select('preferences')
          .where('uid', '=', uid)
          .where('company', '=', tenantId)
          .executeTakeFirst(),
        scopedTo(db, tenantId).selectFrom('company_configurations').select('tenant_preferences').executeTakeFirst(),
      ]);
      return {
        personal: parseJsonColumn<Holder>(user?.preferences, {}).ai_email_preferences ?? empty,
        organization: parseJsonColumn<Holder>(company?.tenant_preferences, {}).ai_email_preferences ?? empty,
      };
    },

    async writePersonal(tenantId: string, uid: string, value: AiEmailPreferences): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('users')
          .select('preferences')
          .where('uid', '=', uid)
          .where('company', '=', tenantId)
          .executeTakeFirst();
        const preferences = {
          ...parseJsonColumn<Record<string, unknown>>(row?.preferences, {}),
          ai_email_preferences: value,
        };
        await trx
          .updateTable('users')
          .set({ preferences: JSON.stringify(preferences), updated_at: nowIso() })
          .where('uid', '=', uid)
          .where('company', '=', tenantId)
          .execute();
      });
    },

    async writeOrganization(tenantId: string, value: AiEmailPreferences): Promise<void> {
      await scopedTo(db, tenantId)
        .transaction()
        .execute(async (trx) => {
          const row = await trx.selectFrom('company_configurations').select('tenant_preferences').executeTakeFirst();
          const preferences = {
            ...parseJsonColumn<Record<string, unknown>>(row?.tenant_preferences, {}),
            ai_email_preferences: value,
          };
          await trx
            .updateTable('company_configurations')
            .set({ tenant_preferences: JSON.stringify(preferences), updated_at: nowIso() })
            .execute();
        });
    },
  };
}

export type EmailPreferencesRepository = ReturnType<typeof createEmailPreferencesRepository>;
