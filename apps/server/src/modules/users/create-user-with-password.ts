import type { Db } from '../../db/connection.ts';
import { nowIso } from '../../lib/time.ts';
import type { Auth } from '../auth/auth.ts';

export type NewUser = {
  email: string;
  name: string;
  tenant: string;
  admin?: boolean;
  manager?: boolean;
  /** A new member (an accepted invitation) meets the first-run guide on Home. */
  firstRun?: boolean;
};

const emptyAiPreferences = { rules: [], example_emails: [] };

/** Creates a sign-in (better-auth user plus credential) and Quarry's user document with the same uid. */
export async function createUserWithPassword(db: Db, auth: Auth, user: NewUser, passwordHash: string): Promise<string> {
  const context = await auth.$context;
  const created = await context.internalAdapter.createUser(
    { email: user.email, name: user.name, emailVerified: true },
    { method: 'admin' },
  );
  await context.internalAdapter.linkAccount({
    userId: created.id,
    providerId: 'credential',
    accountId: created.id,
    password: passwordHash,
  });
  const at = nowIso();
  await db
    .insertInto('users')
    .values({
      uid: created.id,
      email: user.email,
      display_name: user.name,
      company: user.tenant,
      is_admin: user.admin ? 1 : 0,
      is_manager: user.manager ? 1 : 0,
      preferences: JSON.stringify({
        ai_email_preferences: emptyAiPreferences,
        ...(user.firstRun ? { first_run_guide: 'open' } : {}),
      }),
      last_login_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  return created.id;
}
