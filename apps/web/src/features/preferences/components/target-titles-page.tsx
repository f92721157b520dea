import { Alert, Button, Group, Stack, TagsInput, Text, Title } from '@mantine/core';
import { TARGET_TITLES_ADVICE_MAX, TARGET_TITLES_ADVICE_MIN, TARGET_TITLES_MAX } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useSaveTargetTitles, useTargetTitles } from '../api/target-titles.ts';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard.ts';
import { ReadOnlyNote } from './read-only-note.tsx';

/** Whether the edited list differs from the saved one (adding a chip and removing it again does not). */
function differs(edited: string[] | null, saved: string[]): boolean {
  if (edited === null) return false;
  return edited.length !== saved.length || edited.some((title, i) => title !== saved[i]);
}

/**
 * /preferences/titles: type a title and press Enter to add it as a chip; the advice is 5 to 10.
 * Leaving with unsaved changes asks first.
 */
export function TargetTitlesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const titles = useTargetTitles();
  const save = useSaveTargetTitles();
  const [edited, setEdited] = useState<string[] | null>(null);
  const value = edited ?? titles.data ?? [];
  useUnsavedChangesGuard(differs(edited, titles.data ?? []));
  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={1}>{t('screens.titles.title')}</Title>
        <Text c="dimmed">{t('screens.titles.description')}</Text>
      </div>
      {canEdit ? (
        <Text size="sm">
          {t('preferences.titlesAdvice', { min: TARGET_TITLES_ADVICE_MIN, max: TARGET_TITLES_ADVICE_MAX })}
        </Text>
      ) : (
        <ReadOnlyNote />
      )}
      <TagsInput
        label={t('preferences.titlesLabel')}
        placeholder={canEdit ? t('preferences.titlesPlaceholder') : undefined}
        value={value}
        onChange={setEdited}
        maxTags={TARGET_TITLES_MAX}
        disabled={!canEdit}
        clearable={canEdit}
        acceptValueOnBlur={false}
      />
      {canEdit && (
        <Group>
          <Button
            disabled={edited === null}
            loading={save.isPending}
            onClick={() =>
              save.mutate(value, {
                onSuccess: () => {
                  setEdited(null);
                  showSnackbar(t('preferences.saved'));
                },
              })
            }
          >
            {t('preferences.save')}
          </Button>
        </Group>
      )}
      {save.isError && <Alert color="red">{t('preferences.saveError')}</Alert>}
    </Stack>
  );
}
