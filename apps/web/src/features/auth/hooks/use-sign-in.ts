import { login } from '../api/login.ts';
import { useEnterApp } from './use-enter-app.ts';

/** Signs in, loads the user and company configuration, forces a fresh identity token, then follows the redirect. */
export function useSignIn() {
  const enter = useEnterApp();
  return async (email: string, password: string, redirect: string | null) => {
    await enter(await login({ email, password }), redirect);
  };
}
