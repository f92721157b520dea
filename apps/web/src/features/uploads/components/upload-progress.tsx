import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { isUploadRunning, type Upload } from '@quarry/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { formatNumber } from '../../../lib/format.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { useCancelUpload } from '../api/cancel-upload.ts';
import { useDownloadUploadFailures } from '../api/download-upload-failures.ts';
import { useUpload } from '../api/get-upload.ts';
import { useUploadFailureLines } from '../api/get-upload-failure-lines.ts';
import { failureReasonText } from '../utils/failure-reason-text.ts';
import { addedNothing, UploadStatusBadge } from './upload-status-badge.tsx';

/** One upload: a progress bar with counts while it runs, then the result, the failures CSV and where the accounts went. */
export function UploadProgress({ uploadId }: { uploadId: string }) {
  const { t } = useTranslation();
  const upload = useUpload(uploadId);

  if (upload.isPending) return <Skeleton h={160} data-testid="upload-progress-loading" />;
  if (upload.isError) {
    return (
      <RetryAlert
        message={t('uploads.errors.get')}
        retryLabel={t('uploads.tryAgain')}
        onRetry={() => void upload.refetch()}
      />
    );
  }
  return <UploadResult upload={upload.data} />;
}

function UploadResult({ upload }: { upload: Upload }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const uid = useAuthStore((s) => s.user?.uid);
  const download = useDownloadUploadFailures(upload.id);
  const running = isUploadRunning(upload.status);
  const n = (value: number) => formatNumber(value, language);
  const percent = upload.line_count ? Math.round((upload.processed_count / upload.line_count) * 100) : 0;
  const problems = upload.failures_count + upload.not_fitted_count;
  const stopped = upload.status === 'FAILED' && upload.error_code === 'cancelled';
  // Stop upload goes away with the run it stopped: the focus goes to what it says instead of the page.
  const stoppedAlert = useRef<HTMLDivElement>(null);
  const wasRunning = useRef(running);
  useEffect(() => {
    if (stopped && wasRunning.current) stoppedAlert.current?.focus();
    wasRunning.current = running;
  }, [stopped, running]);
  // Where the accounts went, once it is over: a stopped upload's first accounts are there too.
  // (Not one that added nothing: "Open My Accounts" would show nothing of it.)
  const landed = (upload.status === 'COMPLETED' && !addedNothing(upload)) || (stopped && upload.added_count > 0);

  return (
    <Card withBorder padding="lg" data-testid="upload-progress" data-upload-id={upload.id} data-status={upload.status}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4">
            {upload.input
              ? t('uploads.progress.title', { input: upload.input })
              : // Its own sentence: "Pasted lines" put inside another one kept its capital ("Import de Lignes collées").
                t('uploads.progress.titlePasted')}
          </Title>
          <UploadStatusBadge upload={upload} />
        </Group>
        <Progress
          value={percent}
          animated={running}
          aria-label={t('uploads.progress.counted', { done: n(upload.processed_count), total: n(upload.line_count) })}
        />
        <Text size="sm" data-testid="upload-counted">
          {t('uploads.progress.counted', { done: n(upload.processed_count), total: n(upload.line_count) })}
        </Text>
        {running && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              {t('uploads.progress.leave')}
            </Text>
            <StopUpload upload={upload} />
          </Group>
        )}
        {stopped && (
          <Alert color="gray" data-testid="upload-stopped" role="status" tabIndex={-1} ref={stoppedAlert}>
            {t('uploads.progress.stopped', { added: n(upload.added_count) })}
          </Alert>
        )}
        {upload.status === 'FAILED' && upload.error_code && !stopped && (
          <Alert color="red" role="alert">
            {t(`uploads.errors.${upload.error_code}`)}
          </Alert>
        )}
        {addedNothing(upload) && (
          <Alert color="orange" role="status" data-testid="upload-nothing-added">
            {t('uploads.progress.nothingAdded', { count: problems, formatted: n(problems) })}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Count label={t('uploads.progress.added')} value={n(upload.added_count)} testId="upload-added" />
          <Count
            label={t('uploads.progress.alreadyThere')}
            value={n(upload.already_present_count)}
            testId="upload-already"
          />
          <Count label={t('uploads.progress.created')} value={n(upload.created_count)} testId="upload-created" />
          {/* A line that did not fit in My Accounts added no account either: counted here too. */}
          <Count label={t('uploads.progress.failed')} value={n(problems)} testId="upload-failures" />
        </SimpleGrid>
        {upload.not_fitted_count > 0 && (
          <Text size="sm" fw={600} data-testid="upload-not-fitted">
            {t('common.labelled', { label: t('uploads.progress.notFitted') })}
            {n(upload.not_fitted_count)}
          </Text>
        )}
        {!running && problems > 0 && <FailureLines uploadId={upload.id} />}
        {!running && (
          <Group gap="sm">
            {problems > 0 && (
              <Button
                variant="light"
                onClick={() => download.mutate()}
                loading={download.isPending}
                // Its words wrap on a phone rather than run past the card ("Télécharger les échecs (CS").
                h="auto"
                mih={36}
                styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
              >
                {t('uploads.progress.downloadFailures')}
              </Button>
            )}
            {landed &&
              upload.destination.type === 'list' &&
              (upload.destination.readable ? (
                <Anchor component={Link} to={`/lists/${encodeURIComponent(upload.destination.id)}`}>
                  {t('common.labelled', { label: t('uploads.progress.openList') })}
                  {upload.destination.name}
                </Anchor>
              ) : upload.destination.exists ? (
                // A colleague's list not shared with the reader: named, not linked to "List not found".
                <Text size="sm" c="dimmed" data-testid="upload-list-not-shared">
                  {t('uploads.history.listNotShared', { name: upload.destination.name })}
                </Text>
              ) : (
                // Deleted since: said, not linked to a page that would say "List not found".
                <Text size="sm" c="dimmed" data-testid="upload-list-deleted">
                  {t('uploads.history.listDeleted', { name: upload.destination.name })}
                </Text>
              ))}
            {landed && upload.destination.type === 'territory' && upload.destination.id === uid && (
              <Anchor component={Link} to="/MyTerritory">
                {t('uploads.progress.openMyAccounts')}
              </Anchor>
            )}
          </Group>
        )}
        {download.isError && (
          <Text size="sm" c="red" role="alert">
            {t('uploads.errors.download')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** "Stop upload", after a confirmation that says what stays: the accounts added so far. */
function StopUpload({ upload }: { upload: Upload }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const cancel = useCancelUpload(upload.id);

  async function stop() {
    const ok = await confirm({
      title: t('uploads.stop.title'),
      message: t('uploads.stop.message', { added: formatNumber(upload.added_count, language) }),
      proceedLabel: t('uploads.stop.proceed'),
      cancelLabel: t('uploads.stop.keepGoing'),
      danger: true,
    });
    if (ok) cancel.mutate();
  }

  return (
    <Button size="xs" variant="default" onClick={() => void stop()} loading={cancel.isPending}>
      {t('uploads.stop.button')}
    </Button>
  );
}

function Count({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** The first lines that added no account, each with its reason in the reader's language. */
function FailureLines({ uploadId }: { uploadId: string }) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const lines = useUploadFailureLines(uploadId);
  // On a phone the reason goes under its value: a third column had run past the screen's edge.
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  if (lines.isPending) return <Skeleton h={60} />;
  if (lines.isError) return null;
  const { failures, total } = lines.data;
  return (
    <Stack gap={4} data-testid="upload-failure-lines">
      <Text size="sm" fw={600}>
        {t('uploads.failureLines.title')}
      </Text>
      <Table.ScrollContainer minWidth={phone ? 0 : 420} type="native">
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>{t('uploads.failureLines.line')}</Table.Th>
              <Table.Th>{t('uploads.failureLines.value')}</Table.Th>
              {!phone && <Table.Th>{t('uploads.failureLines.reason')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {failures.map((f) => (
              <Table.Tr key={f.line} data-testid="upload-failure-line">
                <Table.Td>{formatNumber(f.line, language)}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-all' }}>
                  {f.value}
                  {phone && (
                    <Text size="xs" c="dimmed" style={{ wordBreak: 'normal' }}>
                      {failureReasonText(t, f)}
                    </Text>
                  )}
                </Table.Td>
                {!phone && <Table.Td>{failureReasonText(t, f)}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {total > failures.length && (
        <Text size="xs" c="dimmed">
          {t('uploads.failureLines.more', {
            shown: formatNumber(failures.length, language),
            total: formatNumber(total, language),
          })}
        </Text>
      )}
    </Stack>
  );
}
