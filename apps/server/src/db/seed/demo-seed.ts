import type { Config } from '../../config.ts';
import { nowIso } from '../../lib/time.ts';
import type { Auth } from '../../modules/auth/auth.ts';
import { createUserWithPassword } from '../../modules/users/create-user-with-password.ts';
import type { Db } from '../connection.ts';

type DemoUser = { email: string; name: string; tenant: string; admin?: boolean; manager?: boolean };

export const DEMO_TENANTS = [
  { id: 'tnt_acme', name: 'Acme Analytics' },
  { id: 'tnt_globex', name: 'Globex' },
  { id: 'tnt_quarry', name: 'Quarry' },
] as const;

export function demoUsers(supportEmail: string): DemoUser[] {
  return [
    { email: 'ada@acme.test', name: 'Ada Lovelace', tenant: 'tnt_acme', admin: true },
    { email: 'mike@acme.test', name: 'Mike Manager', tenant: 'tnt_acme', manager: true },
    { email: 'rita@acme.test', name: 'Rita Rep', tenant: 'tnt_acme' },
    { email: 'raj@acme.test', name: 'Raj Patel', tenant: 'tnt_acme' },
    { email: 'admin@acme.test', name: 'Acme Service Account', tenant: 'tnt_acme' },
    { email: 'gail@globex.test', name: 'Gail Globex', tenant: 'tnt_globex', admin: true },
    { email: 'gus@globex.test', name: 'Gus Globex', tenant: 'tnt_globex' },
    { email: supportEmail, name: 'Support', tenant: 'tnt_quarry' },
  ];
}

const emptyAiPreferences = { rules: [], example_emails: [] };

/** Creates a tenant's configuration row; every tenant starts with no integrations. */
async function createTenant(db: Db, tenant: { id: string; name: string }): Promise<void> {
  const at = nowIso();
  await db.insertInto('tenants').values({ id: tenant.id, name: tenant.name, created_at: at }).execute();
  await db
    .insertInto('company_configurations')
    .values({
      tenant_id: tenant.id,
      master_tenant_id: tenant.id,
      tenant_preferences: JSON.stringify({ ai_email_preferences: emptyAiPreferences }),
      integrations: '[]',
      updated_at: at,
    })
    .execute();
}

/**
 * Seeds the demo tenants on an empty database. Never in production mode.
 * Answers whether it seeded.
 */
export async function seedDemo(db: Db, auth: Auth, config: Config): Promise<boolean> {
  if (config.isProductionDatabase) return false;
  const existing = await db.selectFrom('tenants').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  for (const tenant of DEMO_TENANTS) await createTenant(db, tenant);
  const context = await auth.$context;
  const passwordHash = await context.password.hash(config.demoPassword);
  for (const user of demoUsers(config.supportEmail)) await createUserWithPassword(db, auth, user, passwordHash);
  return true;
}
