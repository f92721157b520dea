import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { checkResetLink, resetPassword } from '../api/reset-password.ts';

const MIN_LENGTH = 8;

/**
 * Where the emailed link lands: set a new password; every old session is signed out. A link that
 * was used or has expired says so at once instead of showing a form that cannot work.
 */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const link = useQuery({
    queryKey: ['reset-link', token],
    queryFn: () => checkResetLink(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [refused, setRefused] = useState(false);
  // Not reachable to ask: the form stays, and its answer tells.
  const invalid = token === '' || link.data?.valid === false || refused;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password.length < MIN_LENGTH) return setError(t('resetPassword.tooShort', { count: MIN_LENGTH }));
    if (password !== confirm) return setError(t('resetPassword.mismatch'));
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'invalid_token') setRefused(true);
      else setError(t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400} component="main">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('resetPassword.title')}
            </Title>
            {invalid && !done && (
              <>
                <Alert color="red">{t('resetPassword.invalidLink')}</Alert>
                <Anchor component={Link} to="/login">
                  {t('login.backToSignIn')}
                </Anchor>
              </>
            )}
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {done ? (
              <>
                <Alert color="green" role="status">
                  {t('resetPassword.done')}
                </Alert>
                <Anchor component={Link} to="/login">
                  {t('login.backToSignIn')}
                </Anchor>
              </>
            ) : invalid ? null : link.isPending ? (
              <Loader aria-label={t('common.loading')} />
            ) : (
              <>
                <PasswordField
                  label={t('resetPassword.newPassword')}
                  autoComplete="new-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                />
                <PasswordField
                  label={t('resetPassword.confirmPassword')}
                  autoComplete="new-password"
                  value={confirm}
                  onChange={(e) => setConfirm(e.currentTarget.value)}
                />
                <Button type="submit" loading={busy}>
                  {t('resetPassword.submit')}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
