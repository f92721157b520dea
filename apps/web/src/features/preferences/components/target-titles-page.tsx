import { Alert, Button, Group, Stack, TagsInput, Text, Title } from '@mantine/core';
import { TARGET_TITLES_ADVICE_MAX, TARGET_TITLES_ADVICE_MIN, TARGET_TITLES_MAX } from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useSaveTargetTitles, useTargetTitles } from '../api/target-titles.ts';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard.ts';
import { titlesAdviceWarning } from '../utils/titles-advice-warning.ts';
import { withPendingTag } from '../utils/with-pending-tag.ts';
import { ReadOnlyNote } from './read-only-note.tsx';

/** Whether the edited list differs from the saved one (adding a chip and removing it again does not). */
function differs(edited: string[] | null, saved: string[]): boolean {
  if (edited === null) return false;
  return edited.length !== saved.length || edited.some((title, i) => title !== saved[i]);
}

/**
 * /preferences/titles: type a title and press Enter to add it as a chip; the advice is 5 to 10,
 * and a count outside it shows a warning that does not block saving. A title still typed in the
 * input counts as a change and Save adds it. Leaving with unsaved changes asks first.
 */
export function TargetTitlesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const titles = useTargetTitles();
  const save = useSaveTargetTitles();
  const [edited, setEdited] = useState<string[] | null>(null);
  const [typed, setTyped] = useState('');
  const value = edited ?? titles.data ?? [];
  const toSave = withPendingTag(value, typed);
  const changed = differs(edited, titles.data ?? []) || toSave !== value;
  // Only once the saved list is known: an empty list while loading is not too few titles.
  const warning = canEdit && titles.data ? titlesAdviceWarning(toSave.length) : null;
  useUnsavedChangesGuard(changed);
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
        searchValue={typed}
        onSearchChange={setTyped}
        maxTags={TARGET_TITLES_MAX}
        disabled={!canEdit}
        clearable={canEdit}
        acceptValueOnBlur={false}
      />
      {warning && (
        <Alert color="yellow" variant="light" data-testid="titles-advice-warning">
          {t(`preferences.titlesAdviceWarning.${warning}`, {
            min: TARGET_TITLES_ADVICE_MIN,
            max: TARGET_TITLES_ADVICE_MAX,
          })}
        </Alert>
      )}
      {canEdit && (
        <Group>
          <Button
            disabled={!changed}
            loading={save.isPending}
            onClick={() =>
              save.mutate(toSave, {
                onSuccess: () => {
                  setEdited(null);
                  setTyped('');
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
