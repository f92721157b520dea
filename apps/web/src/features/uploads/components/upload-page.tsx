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
  // Shown by a press here (Upload, a past upload's Show), not by opening the page's address.
  const pressed = useRef(false);
  const show = (uploadId: string) => {
    pressed.current = true;
    setParams({ upload: uploadId });
  };
  // The upload started or picked from the history comes into sight: below the form at 1366×768,
  // a press on Upload otherwise only emptied the form. The keyboard goes there too: the Upload
  // it was on is disabled once the form empties, which left the focus on the page itself.
  const progress = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!shown) return;
    progress.current?.scrollIntoView?.({ block: 'nearest' });
    if (pressed.current) progress.current?.focus({ preventScroll: true });
    pressed.current = false;
  }, [shown]);

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('screens.upload.title')}</Title>
        <Text c="dimmed">{t('screens.upload.description')}</Text>
      </div>
      <UploadForm onStarted={(upload) => show(upload.id)} newListAction={newListAction} />
      {shown && (
        <section ref={progress} tabIndex={-1} aria-label={t('uploads.progress.region')}>
          <UploadProgress key={shown} uploadId={shown} />
        </section>
      )}
      <UploadHistory onShow={show} />
    </Stack>
  );
}
