import { Alert, Button, Group, Stack } from '@mantine/core';
import {
  type AiEmailPreferences,
  EMAIL_EXAMPLE_MAX_LENGTH,
  EMAIL_EXAMPLES_MAX,
  EMAIL_RULE_MAX_LENGTH,
  EMAIL_RULES_MAX,
  type EmailPreferenceScope,
} from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useSaveEmailPreferences } from '../api/save-email-preferences.ts';
import { emailPreferencesToSave } from '../utils/email-preferences-draft.ts';
import { EmailTextList } from './email-text-list.tsx';

type ListName = 'rules' | 'example_emails';
/** A refusal from the server: under one text (`index`), under a list, or on its own. */
type Refusal = { list: ListName | null; index: number | null; message: string };

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Problems with a list's texts before saving: over-long ones, by their place in the list. */
function tooLong(items: readonly string[], max: number, message: string): Record<number, string | undefined> {
  return Object.fromEntries(items.map((item, i) => [i, item.trim().length > max ? message : undefined]));
}

/**
 * One scope's AI email preferences: rules (one line each) and example emails, each list with its
 * count and limit, saved together. Read-only shows them without controls.
 */
export function EmailPreferencesForm({
  scope,
  saved,
  canEdit,
}: {
  scope: EmailPreferenceScope;
  saved: AiEmailPreferences;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const save = useSaveEmailPreferences();
  const [rules, setRules] = useState<string[] | null>(null);
  const [examples, setExamples] = useState<string[] | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const shownRules = rules ?? saved.rules;
  const shownExamples = examples ?? saved.example_emails;
  const changed =
    (rules !== null && !same(rules, saved.rules)) || (examples !== null && !same(examples, saved.example_emails));

  const ruleProblems = tooLong(
    shownRules,
    EMAIL_RULE_MAX_LENGTH,
    t('preferences.tooLong', { max: EMAIL_RULE_MAX_LENGTH }),
  );
  const exampleProblems = tooLong(
    shownExamples,
    EMAIL_EXAMPLE_MAX_LENGTH,
    t('preferences.tooLong', { max: EMAIL_EXAMPLE_MAX_LENGTH }),
  );
  const invalid =
    shownRules.length > EMAIL_RULES_MAX ||
    shownExamples.length > EMAIL_EXAMPLES_MAX ||
    Object.values(ruleProblems).some(Boolean) ||
    Object.values(exampleProblems).some(Boolean);

  const errorsOf = (list: ListName, problems: Record<number, string | undefined>) =>
    refusal?.list === list && refusal.index !== null ? { ...problems, [refusal.index]: refusal.message } : problems;

  function submit() {
    if (!changed || invalid) return;
    const { body, shownIndex } = emailPreferencesToSave(shownRules, shownExamples);
    setRefusal(null);
    save.mutate(
      { scope, body },
      {
        onSuccess: () => {
          setRules(null);
          setExamples(null);
          showSnackbar(t('emailPreferences.saved'));
        },
        onError: (e) => {
          if (!(e instanceof ApiError && e.code === 'validation_failed')) {
            setRefusal({ list: null, index: null, message: t('emailPreferences.errors.save') });
            return;
          }
          // The server names a text by its place among those sent ("rules.2"): put it under that input.
          const fields = [
            'rules',
            'example_emails',
            ...body.rules.map((_, i) => `rules.${i}`),
            ...body.example_emails.map((_, i) => `example_emails.${i}`),
          ];
          const { field, message } = fieldError(e, fields, t('emailPreferences.errors.save'));
          const [list, index] = (field?.split('.') ?? []) as [ListName | undefined, string | undefined];
          const shown = list && index !== undefined ? shownIndex[list][Number(index)] : undefined;
          setRefusal({ list: list ?? null, index: shown ?? null, message });
        },
      },
    );
  }

  /** Editing a list clears a refusal about it. */
  const edit = (list: ListName, set: (items: string[]) => void) => (items: string[]) => {
    if (refusal?.list === list) setRefusal(null);
    set(items);
  };

  return (
    <Stack gap="xl" data-testid={`email-preferences-${scope}`}>
      <EmailTextList
        name="rules"
        label={t('emailPreferences.rules')}
        description={t('emailPreferences.rulesHelp', { max: EMAIL_RULE_MAX_LENGTH })}
        items={shownRules}
        onChange={edit('rules', setRules)}
        maxItems={EMAIL_RULES_MAX}
        maxLength={EMAIL_RULE_MAX_LENGTH}
        readOnly={!canEdit}
        itemLabel={(i) => t('emailPreferences.rule', { number: i + 1 })}
        addLabel={t('emailPreferences.addRule')}
        removeLabel={(i) => t('emailPreferences.removeRule', { number: i + 1 })}
        emptyText={t('emailPreferences.noRules')}
        itemErrors={errorsOf('rules', ruleProblems)}
        error={refusal?.list === 'rules' && refusal.index === null ? refusal.message : undefined}
      />
      <EmailTextList
        name="example_emails"
        label={t('emailPreferences.examples')}
        description={t('emailPreferences.examplesHelp', { max: EMAIL_EXAMPLE_MAX_LENGTH })}
        items={shownExamples}
        onChange={edit('example_emails', setExamples)}
        maxItems={EMAIL_EXAMPLES_MAX}
        maxLength={EMAIL_EXAMPLE_MAX_LENGTH}
        multiline
        readOnly={!canEdit}
        itemLabel={(i) => t('emailPreferences.example', { number: i + 1 })}
        addLabel={t('emailPreferences.addExample')}
        removeLabel={(i) => t('emailPreferences.removeExample', { number: i + 1 })}
        emptyText={t('emailPreferences.noExamples')}
        itemErrors={errorsOf('example_emails', exampleProblems)}
        error={refusal?.list === 'example_emails' && refusal.index === null ? refusal.message : undefined}
      />
      {refusal && refusal.list === null && (
        <Alert color="red" role="alert">
          {refusal.message}
        </Alert>
      )}
      {canEdit && (
        <Group>
          <Button onClick={submit} disabled={!changed || invalid} loading={save.isPending}>
            {t('emailPreferences.save')}
          </Button>
          {changed && (
            <Button
              variant="default"
              onClick={() => {
                setRules(null);
                setExamples(null);
                setRefusal(null);
              }}
              disabled={save.isPending}
            >
              {t('emailPreferences.discard')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
