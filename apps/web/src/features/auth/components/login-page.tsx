import { Alert, Anchor, Button, Center, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { forgotPassword } from '../api/forgot-password.ts';
import { useSignIn } from '../hooks/use-sign-in.ts';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The server's codes, shown as the spec's messages in the user's language. */
const serverMessageKeys: Record<string, string> = {
  user_not_found: 'login.userNotFound',
  incorrect_password: 'login.incorrectPassword',
  login_locked: 'login.locked',
  too_many_requests: 'login.locked',
};

type Mode = 'signIn' | 'forgot';

export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const signIn = useSignIn();
  const [mode, setMode] = useState<Mode>('signIn');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function validateEmail(): boolean {
    const value = email.trim();
    const error = !value ? 'login.emailRequired' : EMAIL_PATTERN.test(value) ? null : 'login.emailInvalid';
    setEmailError(error ? t(error) : null);
    return !error;
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setServerError(null);
    setNotice(null);
    const emailOk = validateEmail();
    if (mode === 'forgot') {
      if (!emailOk) return;
      setBusy(true);
      try {
        await forgotPassword(email.trim());
        setNotice(t('login.resetSent'));
      } catch (error) {
        setServerError(error instanceof ApiError ? error.message : t('errors.generic'));
      } finally {
        setBusy(false);
      }
      return;
    }
    const passwordOk = password.length > 0;
    setPasswordError(passwordOk ? null : t('login.passwordRequired'));
    if (!emailOk || !passwordOk) return;
    setBusy(true);
    try {
      await signIn(email.trim(), password, params.get('redirect'));
    } catch (error) {
      const key = error instanceof ApiError ? serverMessageKeys[error.code] : undefined;
      setServerError(key ? t(key) : error instanceof ApiError ? error.message : t('errors.generic'));
      setBusy(false);
    }
  }

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={400} component="main">
        <form onSubmit={onSubmit} noValidate aria-label={mode === 'signIn' ? t('login.title') : t('login.forgotTitle')}>
          <Stack>
            <Title order={1} size="h2">
              {mode === 'signIn' ? t('login.title') : t('login.forgotTitle')}
            </Title>
            {mode === 'forgot' && <Text size="sm">{t('login.forgotHelp')}</Text>}
            {serverError && (
              <Alert color="red" role="alert" data-testid="login-error">
                {serverError}
              </Alert>
            )}
            {notice && (
              <Alert color="green" role="status" data-testid="login-notice">
                {notice}
              </Alert>
            )}
            <TextInput
              label={t('login.email')}
              type="email"
              autoComplete="username"
              autoFocus
              value={email}
              // A field's error goes once the field is changed: it had stayed under an address typed since.
              onChange={(e) => {
                setEmail(e.currentTarget.value);
                setEmailError(null);
              }}
              error={emailError}
              maxLength={254}
            />
            {mode === 'signIn' && (
              <PasswordField
                label={t('login.password')}
                autoComplete="current-password"
                value={password}
                onChange={(e) => {
                  setPassword(e.currentTarget.value);
                  setPasswordError(null);
                }}
                error={passwordError}
                maxLength={256}
              />
            )}
            <Button type="submit" loading={busy} fullWidth>
              {mode === 'signIn' ? t('login.submit') : t('login.sendReset')}
            </Button>
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setMode(mode === 'signIn' ? 'forgot' : 'signIn');
                setServerError(null);
                setNotice(null);
                setPasswordError(null);
              }}
            >
              {mode === 'signIn' ? t('login.forgot') : t('login.backToSignIn')}
            </Anchor>
          </Stack>
        </form>
      </Paper>
    </Center>
  );
}
