import { Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { UploadForm } from './upload-form.tsx';
import { UploadHistory } from './upload-history.tsx';
import { UploadProgress } from './upload-progress.tsx';

/**
 * /upload, Add Accounts (issue #16): paste lines or drop a file, pick the type and where the accounts
 * go, then follow the upload. The upload shown is in the address (?upload=…), so the page can be
 * left and reopened while the server keeps working.
 */
export function UploadPage({ newListAction }: { newListAction?: (pick: (listId: string) => void) => ReactNode }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const shown = params.get('upload');
  const show = (uploadId: string) => setParams({ upload: uploadId });
  // The upload started or picked from the history comes into sight: below the form at 1366×768,
  // a press on Upload otherwise only emptied the form.
  const progress = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (shown) progress.current?.scrollIntoView?.({ block: 'nearest' });
  }, [shown]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('screens.upload.title')}</Title>
        <Text c="dimmed">{t('screens.upload.description')}</Text>
      </div>
      <UploadForm onStarted={(upload) => show(upload.id)} newListAction={newListAction} />
      {shown && (
        <div ref={progress}>
          <UploadProgress key={shown} uploadId={shown} />
        </div>
      )}
      <UploadHistory onShow={show} />
    </Stack>
  );
}
