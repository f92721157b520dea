import { Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Upload } from '@quarry/shared';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { ViaSupportBadge } from '../../../components/via-support-badge.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useUploads } from '../api/get-uploads.ts';
import { UploadStatusBadge } from './upload-status-badge.tsx';

const TABLE_MIN_WIDTH = 900;

/** Past uploads with type, who, when, counts and status; "Show" opens one's result above. */
export function UploadHistory({ onShow }: { onShow: (uploadId: string) => void }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const uid = useAuthStore((state) => state.user?.uid);
  const uploads = useUploads();
  // On a phone each upload is a card, its status in sight: nine columns had left Status and Show
  // past the screen's edge.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  /** Whose My Accounts or which list: one's own My Accounts is said as such. */
  const destination = (upload: Upload) =>
    upload.destination.type === 'territory'
      ? upload.destination.id === uid
        ? t('uploads.form.myAccounts')
        : t('uploads.history.accountsOf', { name: upload.destination.name })
      : upload.destination.exists
        ? t('uploads.history.listNamed', { name: upload.destination.name })
        : t('uploads.history.listDeleted', { name: upload.destination.name });
  // Each Show names its upload: a list of "Show, Show, Show" told a screen reader nothing.
  const showLabel = (upload: Upload) =>
    t('uploads.history.openNamed', {
      input: upload.input || t('uploads.pasted'),
      when: formatDateTime(upload.created, language),
    });
  /** Every line that added no account, as the upload's result says: the ones that did not fit too. */
  const failures = (upload: Upload) => formatNumber(upload.failures_count + upload.not_fitted_count, language);
  // Accounts that were there before count as a success, said as such: "12" had read as 12 added.
  const successOf = (upload: Upload) =>
    upload.already_present_count > 0
      ? t('uploads.history.successWithAlready', {
          success: formatNumber(upload.success_count, language),
          already: formatNumber(upload.already_present_count, language),
          count: upload.already_present_count,
        })
      : formatNumber(upload.success_count, language);

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('uploads.history.title')}
      </Title>
      {uploads.isError && (
        <RetryAlert
          message={t('uploads.errors.list')}
          retryLabel={t('uploads.tryAgain')}
          onRetry={() => void uploads.refetch()}
        />
      )}
      {uploads.isPending && <Skeleton h={96} />}
      {uploads.isSuccess && uploads.data.uploads.length === 0 && (
        <Card withBorder padding="md">
          <Text c="dimmed">{t('uploads.history.empty')}</Text>
        </Card>
      )}
      {uploads.isSuccess && uploads.data.uploads.length > 0 && phone && (
        <Stack gap="xs" data-testid="upload-history">
          {uploads.data.uploads.map((upload) => (
            <Card key={upload.id} withBorder padding="sm" data-testid="upload-row" data-upload-id={upload.id}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text size="sm" fw={600}>
                    {t(`uploads.type.${upload.type}`)} · {upload.input || t('uploads.pasted')}
                  </Text>
                  <Text size="sm">{destination(upload)}</Text>
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">
                      {upload.created_by.display_name} · {formatDateTime(upload.created, language)}
                    </Text>
                    {upload.created_via_support && <ViaSupportBadge name={upload.created_by.display_name} />}
                  </Group>
                  <Text size="xs">
                    {t('common.labelled', { label: t('uploads.history.success') })}
                    {successOf(upload)} · {t('common.labelled', { label: t('uploads.history.failures') })}
                    <span data-testid="upload-row-failures">{failures(upload)}</span>
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  <UploadStatusBadge upload={upload} />
                  <Button size="xs" variant="subtle" onClick={() => onShow(upload.id)} aria-label={showLabel(upload)}>
                    {t('uploads.history.open')}
                  </Button>
                </Stack>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      {uploads.isSuccess && uploads.data.uploads.length > 0 && !phone && (
        <Table.ScrollContainer minWidth={TABLE_MIN_WIDTH}>
          <Table striped highlightOnHover data-testid="upload-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('uploads.history.type')}</Table.Th>
                <Table.Th>{t('uploads.history.input')}</Table.Th>
                <Table.Th>{t('uploads.history.destination')}</Table.Th>
                <Table.Th>{t('uploads.history.by')}</Table.Th>
                <Table.Th>{t('uploads.history.created')}</Table.Th>
                <Table.Th>{t('uploads.history.success')}</Table.Th>
                <Table.Th>{t('uploads.history.failures')}</Table.Th>
                <Table.Th>{t('uploads.history.status')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {uploads.data.uploads.map((upload) => (
                <Table.Tr key={upload.id} data-testid="upload-row" data-upload-id={upload.id}>
                  <Table.Td>{t(`uploads.type.${upload.type}`)}</Table.Td>
                  <Table.Td>{upload.input || t('uploads.pasted')}</Table.Td>
                  <Table.Td>{destination(upload)}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <span>{upload.created_by.display_name}</span>
                      {upload.created_via_support && <ViaSupportBadge name={upload.created_by.display_name} />}
                    </Group>
                  </Table.Td>
                  {/* With its time: two uploads of one day are told apart. */}
                  <Table.Td>{formatDateTime(upload.created, language)}</Table.Td>
                  <Table.Td>{successOf(upload)}</Table.Td>
                  <Table.Td data-testid="upload-row-failures">{failures(upload)}</Table.Td>
                  <Table.Td>
                    <UploadStatusBadge upload={upload} />
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="subtle" onClick={() => onShow(upload.id)} aria-label={showLabel(upload)}>
                      {t('uploads.history.open')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
