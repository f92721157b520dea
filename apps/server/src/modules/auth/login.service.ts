import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES, LOGIN_MESSAGES, type LoginBody } from '@quarry/shared';
import { APIError } from 'better-auth/api';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { Auth } from './auth.ts';
import type { LoginAttemptsRepository } from './login-attempts.repository.ts';

/**
 * Email and password sign-in with the spec's distinct answers and a lockout: after ten failures
 * for one email within fifteen minutes even the right password is refused until the window passes.
 */
export function createLoginService({
  auth,
  users,
  attempts,
}: {
  auth: Auth;
  users: UsersRepository;
  attempts: LoginAttemptsRepository;
}) {
  return {
    async signIn(
      body: LoginBody,
      ip: string,
      headers: Headers,
    ): Promise<{ user: Selectable<UsersTable>; headers: Headers }> {
      const email = body.email.toLowerCase();
      const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS).toISOString();
      if ((await attempts.recentFailures(email, since)) >= LOGIN_MAX_FAILURES) {
        throw new HttpError(429, 'login_locked', LOGIN_MESSAGES.locked);
      }
      const user = await users.findByEmail(email);
      if (!user) {
        await attempts.record(email, ip, false);
        throw new HttpError(401, 'user_not_found', LOGIN_MESSAGES.userNotFound);
      }
      try {
        const result = await auth.api.signInEmail({
          body: { email, password: body.password, rememberMe: true },
          headers,
          returnHeaders: true,
        });
        await attempts.record(email, ip, true);
        await users.markSignedIn(user.uid);
        return { user, headers: result.headers };
      } catch (error) {
        if (error instanceof APIError && (error.statusCode === 401 || error.status === 'UNAUTHORIZED')) {
          await attempts.record(email, ip, false);
          throw new HttpError(401, 'incorrect_password', LOGIN_MESSAGES.incorrectPassword);
        }
        throw error;
      }
    },
  };
}
