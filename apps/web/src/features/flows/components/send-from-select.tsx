import { Select, Text } from '@mantine/core';
import type { IntegrationType } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { useMailboxes } from '../../../lib/integrations.ts';

/**
 * "Send from": where a chosen sequence sends from (Outreach mailboxes, Apollo email accounts,
 * HubSpot senders). None chosen is the tool's default; a tool that names none, or whose list
 * cannot be read, says so and sends from its default.
 */
export function SendFromSelect({
  tool,
  toolName,
  value,
  onChange,
}: {
  tool: IntegrationType;
  toolName: string;
  value: string | null;
  onChange: (mailboxId: string | null) => void;
}) {
  const { t } = useTranslation();
  const mailboxes = useMailboxes(tool);
  if (mailboxes.isError) {
    return (
      <Text size="sm" c="red" role="alert" data-testid="send-from-error">
        {t('flows.send.mailboxError', { name: toolName })}
      </Text>
    );
  }
  if (mailboxes.isSuccess && mailboxes.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="send-from-empty">
        {t('flows.send.mailboxNone', { name: toolName })}
      </Text>
    );
  }
  return (
    <Select
      label={t('flows.send.mailbox')}
      placeholder={mailboxes.isPending ? t('flows.send.mailboxLoading') : t('flows.send.defaultMailbox')}
      disabled={mailboxes.isPending}
      data={(mailboxes.data ?? []).map((m) => ({ value: m.id, label: m.email || m.id }))}
      value={value}
      onChange={onChange}
      clearable
      allowDeselect={false}
      maw={280}
    />
  );
}
