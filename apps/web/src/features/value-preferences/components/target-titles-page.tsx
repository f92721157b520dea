import { Alert, Button, Group, Loader, Stack, TagsInput, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  MAX_NAME_LENGTH,
  TARGET_TITLES_ADVICE_MAX,
  TARGET_TITLES_ADVICE_MIN,
  TARGET_TITLES_MAX,
  targetTitlesBodySchema,
} from '@quarry/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRemovablePills } from '../../../components/removable-pill.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { refocusIfLost } from '../../../lib/refocus-if-lost.ts';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useSaveTargetTitles, useTargetTitles } from '../api/target-titles.ts';
import { titlesAdviceWarning } from '../utils/titles-advice-warning.ts';
import { withPendingTag } from '../utils/with-pending-tag.ts';
import { ReadOnlyNote } from './read-only-note.tsx';

type TitleValues = { titles: string[]; typed_title: string };

const titleKey = (title: string) => title.trim().replace(/\s+/g, ' ').toLowerCase();
const sameTitle = (a: string, b: string) => titleKey(a) === titleKey(b);

/** The list Save sends: a title still typed in the input counts as added. */
const titlesBodyOf = ({ titles, typed_title }: TitleValues) => ({ titles: withPendingTag(titles, typed_title) });

/**
 * /preferences/titles: type a title and press Enter to add it as a chip; the advice is 5 to 10,
 * and a count outside it shows a warning that does not block saving. A title still typed in the
 * input counts as a change and Save adds it. Leaving with unsaved changes asks first.
 */
export function TargetTitlesPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const removablePill = useRemovablePills();
  const titles = useTargetTitles();
  const save = useSaveTargetTitles();
  const form = useForm<TitleValues>({
    mode: 'controlled',
    initialValues: { titles: [], typed_title: '' },
    validateInputOnChange: true,
    validate: validateWithSchema(targetTitlesBodySchema, titlesBodyOf, {
      titles: t('preferences.titleTooLong', { max: MAX_NAME_LENGTH }),
    }),
  });
  // The saved list fills the form once it is known (initialize runs once: a refetch never drops edits).
  const { initialize } = form;
  useEffect(() => {
    if (titles.data) initialize({ titles: titles.data, typed_title: '' });
  }, [titles.data, initialize]);
  // Until the saved list is known the input takes nothing: a title typed then would be wiped when
  // the list arrives, and saving a list never loaded would replace the saved one.
  const loaded = titles.data !== undefined;
  const toSave = titlesBodyOf(form.getValues()).titles;
  // Adding a chip and removing it again is no change.
  const changed = form.isDirty('titles') || toSave !== form.getValues().titles;
  // Only once the saved list is known: an empty list while loading is not too few titles.
  const warning = canEdit && titles.data ? titlesAdviceWarning(toSave.length) : null;
  // A refusal naming the titles shows under them (setServerErrors); any other, under the form.
  const failure = save.isError ? fieldError(save.error, ['titles'], t('preferences.saveError')) : null;
  useUnsavedChangesGuard(changed);
  // A title already listed is not added twice: said, rather than the input silently emptied.
  const [alreadyListed, setAlreadyListed] = useState<string | null>(null);
  const titlesInput = useRef<HTMLInputElement>(null);
  const submit = () => {
    if (form.validate().hasErrors) return;
    save.mutate(toSave, {
      onSuccess: (saved) => {
        form.setInitialValues({ titles: saved, typed_title: '' });
        form.setValues({ titles: saved, typed_title: '' });
        showSnackbar(t('preferences.saved'));
        // Save is disabled once nothing is left to save: the keyboard goes back to the titles.
        refocusIfLost(() => titlesInput.current);
      },
      onError: (error) => setServerErrors(form, error, t('preferences.saveError')),
    });
  };
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
        ref={titlesInput}
        label={t('preferences.titlesLabel')}
        renderPill={removablePill}
        // "VP, Logistics" is one title: only a pasted list's lines are several.
        splitChars={['\n']}
        placeholder={canEdit ? t('preferences.titlesPlaceholder') : undefined}
        {...form.getInputProps('titles')}
        searchValue={form.getValues().typed_title}
        onSearchChange={(typed) => {
          form.setFieldValue('typed_title', typed);
          if (typed) setAlreadyListed(null);
        }}
        // "vp  supply chain" is "VP Supply Chain": letter case and spaces aside, as the server reads titles.
        isDuplicate={(typed, titles) => titles.some((title) => sameTitle(title, typed))}
        onDuplicate={(typed) =>
          setAlreadyListed(form.getValues().titles.find((title) => sameTitle(title, typed)) ?? typed)
        }
        description={
          alreadyListed ? (
            <span role="status" data-testid="title-already-listed">
              {t('preferences.titleAlreadyListed', { title: alreadyListed })}
            </span>
          ) : undefined
        }
        maxTags={TARGET_TITLES_MAX}
        disabled={!canEdit || !loaded}
        rightSection={titles.isPending ? <Loader size="xs" aria-label={t('common.loading')} /> : undefined}
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
          <Button disabled={!changed || !loaded} loading={save.isPending} onClick={submit}>
            {t('preferences.save')}
          </Button>
        </Group>
      )}
      {titles.isError && <Alert color="red">{t('preferences.loadError')}</Alert>}
      {failure && !failure.field && <Alert color="red">{t('preferences.saveError')}</Alert>}
    </Stack>
  );
}
