import { Alert, Anchor, Button, Center, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { acceptInvitation } from '../api/accept-invitation.ts';
import { useEnterApp } from '../hooks/use-enter-app.ts';

const MIN_LENGTH = 8;
type Preview = { email: string; display_name: string; company_name: string };

type FieldProblems = { name: string | null; password: string | null; confirm: string | null };

/** Where an invitation link lands: choose a name and a password, and the new member is in. */
export function AcceptInvitationPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: () => api<Preview>(`/api/invitations/${encodeURIComponent(token)}`),
    enabled: token.length >= 20,
    retry: false,
  });
  const [name, setName] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldProblems>({ name: null, password: null, confirm: null });
  const [busy, setBusy] = useState(false);
  const enter = useEnterApp();
  const displayName = name ?? preview.data?.display_name ?? '';

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Every field's problem under that field, all at once (one banner named one problem at a time).
    const problems: FieldProblems = {
      name: displayName.trim() ? null : t('settings.displayNameRequired'),
      password: password.length < MIN_LENGTH ? t('resetPassword.tooShort', { count: MIN_LENGTH }) : null,
      confirm: password !== confirm ? t('resetPassword.mismatch') : null,
    };
    setFieldErrors(problems);
    if (problems.name || problems.password || problems.confirm) return;
    setBusy(true);
    setError(null);
    try {
      // Accepting opens the member's session: they land on Home signed in, not on the login form.
      await enter(await acceptInvitation({ token, display_name: displayName, password }), null);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 404 ? t('invitation.invalid') : t('errors.generic'));
      setBusy(false);
    }
  }

  const invalid = token.length < 20 || preview.isError;
  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420} component="main">
        <form onSubmit={onSubmit} noValidate>
          <Stack>
            <Title order={1} size="h2">
              {t('invitation.title')}
            </Title>
            {invalid ? (
              <>
                <Alert color="red">{t('invitation.invalid')}</Alert>
                <Anchor component={Link} to="/login">
                  {t('login.backToSignIn')}
                </Anchor>
              </>
            ) : preview.isPending ? (
              <Loader aria-label={t('common.loading')} />
            ) : (
              <>
                <Text>{t('invitation.intro', { company: preview.data.company_name, email: preview.data.email })}</Text>
                {error && (
                  <Alert color="red" role="alert">
                    {error}
                  </Alert>
                )}
                <TextInput
                  label={t('settings.displayName')}
                  value={displayName}
                  onChange={(e) => setName(e.currentTarget.value)}
                  error={fieldErrors.name}
                  required
                />
                <PasswordField
                  label={t('invitation.password')}
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={fieldErrors.password}
                  required
                />
                <PasswordField
                  label={t('invitation.confirmPassword')}
                  value={confirm}
                  onChange={(e) => setConfirm(e.currentTarget.value)}
                  error={fieldErrors.confirm}
                  required
                />
                <Button type="submit" loading={busy}>
                  {t('invitation.join')}
                </Button>
              </>
            )}
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
