import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A refusal's word as the callback passes it: looked up as a translation key, so one lower-case word only. */
const REASON = /^[a-z_]+$/;

/**
 * Why an OAuth consent came back without a connection, as the callback tells the consent window
 * (`?oauth=<tool>&failed=<reason>`): the refusal in the reader's language and what to do next.
 */
export function OAuthCallbackFailure({ name, reason }: { name: string; reason: string }) {
  const { t, i18n } = useTranslation();
  const keys = REASON.test(reason)
    ? [`apiErrors.fields.${reason}`, `apiErrors.reasons.${reason}`, `apiErrors.${reason}`]
    : [];
  const why = keys.find((key) => i18n.exists(key));
  return (
    <Alert color="red" role="alert" title={t('integrations.oauth.callbackFailed', { name })}>
      <Text size="sm">{t(why ?? 'errors.generic')}</Text>
      <Text size="sm">{t('integrations.oauth.callbackFailedNext')}</Text>
    </Alert>
  );
}
