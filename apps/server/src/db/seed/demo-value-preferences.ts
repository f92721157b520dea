import fs from 'node:fs';
import path from 'node:path';
import { valueMatchInputSchema } from '@quarry/shared';
import { nowIso } from '../../lib/time.ts';
import type { Db } from '../connection.ts';
import { DEMO_DATA_DIR } from './demo-data-files.ts';

/** Which seller profile (demo-data/value-match/profiles) each demo tenant sells with, and who wrote it. */
export const DEMO_VALUE_PROFILES = [
  { tenantId: 'tnt_acme', profile: 'acme-analytics', author: 'ada@acme.test' },
  { tenantId: 'tnt_globex', profile: 'globex', author: 'gail@globex.test' },
] as const;

/**
 * Gives each demo tenant its seller profile: value hypotheses, triggers, qualification signals and
 * target titles. A tenant that already has any hypothesis or trigger is left alone. Answers the
 * tenants seeded.
 */
export async function seedDemoValuePreferences(db: Db, { dataDir = DEMO_DATA_DIR } = {}): Promise<string[]> {
  const seeded: string[] = [];
  for (const { tenantId, profile, author } of DEMO_VALUE_PROFILES) {
    const tenant = await db.selectFrom('tenants').select('id').where('id', '=', tenantId).executeTakeFirst();
    if (!tenant) continue;
    const has =
      (await db.selectFrom('value_hypotheses').select('id').where('tenant_id', '=', tenantId).executeTakeFirst()) ??
      (await db.selectFrom('triggers').select('id').where('tenant_id', '=', tenantId).executeTakeFirst());
    if (has) continue;
    const file = path.join(dataDir, 'value-match', 'profiles', `${profile}.json`);
    const input = valueMatchInputSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
    const user = await db.selectFrom('users').select('uid').where('email', '=', author).executeTakeFirst();
    const by = user?.uid ?? 'system';
    const at = nowIso();
    const stamps = { created_at: at, created_by: by, updated_at: at, updated_by: by };
    await db.transaction().execute(async (trx) => {
      for (const h of input.hypotheses) {
        await trx
          .insertInto('value_hypotheses')
          .values({ ...h, tenant_id: tenantId, ...stamps })
          .execute();
      }
      for (const t of input.triggers) {
        await trx
          .insertInto('triggers')
          .values({
            id: t.id,
            tenant_id: tenantId,
            name: t.name,
            hit_type: t.hit_type,
            phrases: JSON.stringify(t.phrases),
            enabled: t.enabled ? 1 : 0,
            hypothesis_ids: JSON.stringify(t.hypothesis_ids),
            ...stamps,
          })
          .execute();
      }
      for (const s of input.qualification_signals) {
        await trx
          .insertInto('qualification_signals')
          .values({ ...s, tenant_id: tenantId, ...stamps })
          .execute();
      }
      if (input.target_titles.length > 0) {
        await trx
          .insertInto('target_titles')
          .values(input.target_titles.map((title, position) => ({ tenant_id: tenantId, position, title })))
          .execute();
      }
    });
    seeded.push(tenantId);
  }
  return seeded;
}
