import { Loader } from '@mantine/core';
import { useMe } from '../../../lib/get-me.ts';
import { UserPreferencesForm } from './user-preferences-form.tsx';

/** /preferences/user: the same component as the personal settings tab. */
export function UserPreferencesPage() {
  const me = useMe();
  return me.data ? <UserPreferencesForm user={me.data.user} headingOrder={1} /> : <Loader />;
}
