import { Alert, Button, Group, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type AiEmailPreferences,
  aiEmailPreferencesSchema,
  EMAIL_EXAMPLE_MAX_LENGTH,
  EMAIL_EXAMPLES_MAX,
  EMAIL_RULE_MAX_LENGTH,
  EMAIL_RULES_MAX,
  type EmailPreferenceScope,
} from '@quarry/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { formatNumber } from '../../../lib/format.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useUiLanguage } from '../../../lib/use-ui-language.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useSaveEmailPreferences } from '../api/save-email-preferences.ts';
import { emailPreferencesToSave } from '../utils/email-preferences-draft.ts';
import { EmailTextList } from './email-text-list.tsx';

type ListName = 'rules' | 'example_emails';

/** The body Save sends for these lists (blank texts left out), and where each sent text is shown. */
const toSave = (values: AiEmailPreferences) => emailPreferencesToSave(values.rules, values.example_emails);

/** Under which input a path of the body shows: "rules.1" of what is sent is the rule shown at its place. */
function shownField(path: string, values: AiEmailPreferences): string {
  const [list, index] = path.split('.') as [ListName, string | undefined];
  const shown = index === undefined ? undefined : toSave(values).shownIndex[list]?.[Number(index)];
  return shown === undefined ? list : `${list}.${shown}`;
}

/** The form's errors for one list: per text by its place, and for the list as a whole. */
function listErrors(errors: Record<string, unknown>, list: ListName) {
  const items: Record<number, string | undefined> = {};
  for (const [field, error] of Object.entries(errors)) {
    const [name, index] = field.split('.');
    if (name === list && index !== undefined && typeof error === 'string') items[Number(index)] = error;
  }
  const whole = errors[list];
  return { items, whole: typeof whole === 'string' ? whole : undefined };
}

/**
 * One scope's AI email preferences: rules (one line each) and example emails, each list with its
 * count and limit, saved together. Read-only shows them without controls.
 */
export function EmailPreferencesForm({
  scope,
  saved,
  canEdit,
  onDirtyChange,
}: {
  scope: EmailPreferenceScope;
  saved: AiEmailPreferences;
  canEdit: boolean;
  /** Told when the form gains or loses unsaved changes, so the page can ask before it is left. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const language = useUiLanguage();
  const save = useSaveEmailPreferences();
  const form = useForm<AiEmailPreferences>({
    mode: 'controlled',
    initialValues: saved,
    validate: validateWithSchema(
      aiEmailPreferencesSchema,
      (values) => toSave(values).body,
      {
        rules: ({ rules }) =>
          rules.length > EMAIL_RULES_MAX
            ? t('emailPreferences.full', { max: EMAIL_RULES_MAX })
            : t('preferences.tooLong', { max: EMAIL_RULE_MAX_LENGTH }),
        example_emails: ({ example_emails }) =>
          example_emails.length > EMAIL_EXAMPLES_MAX
            ? t('emailPreferences.full', { max: EMAIL_EXAMPLES_MAX })
            : t('preferences.tooLong', { max: EMAIL_EXAMPLE_MAX_LENGTH }),
      },
      shownField,
    ),
  });
  /** A refusal that names no input: shown under the form. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const values = form.getValues();
  const changed = form.isDirty();
  useEffect(() => onDirtyChange?.(changed), [changed, onDirtyChange]);
  const rules = listErrors(form.errors, 'rules');
  const examples = listErrors(form.errors, 'example_emails');

  function submit() {
    if (!changed || form.validate().hasErrors) return;
    const { body } = toSave(values);
    setRefusal(null);
    save.mutate(
      { scope, body },
      {
        onSuccess: (answer) => {
          form.setInitialValues(answer[scope]);
          form.setValues(answer[scope]);
          showSnackbar(t('emailPreferences.saved'));
        },
        onError: (e) => {
          if (!(e instanceof ApiError && e.code === 'validation_failed')) {
            setRefusal(t('emailPreferences.errors.save'));
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
          if (field === null) setRefusal(message);
          else form.setFieldError(shownField(field, values), message);
        },
      },
    );
  }

  /** Editing a list checks it again (each text's length is shown as it is typed) and clears a refusal about it. */
  const edit = (list: ListName) => (items: string[]) => {
    form.setFieldValue(list, items);
    form.validate();
  };

  return (
    <Stack gap="xl" data-testid={`email-preferences-${scope}`}>
      <EmailTextList
        name="rules"
        label={t('emailPreferences.rules')}
        description={t('emailPreferences.rulesHelp', { max: EMAIL_RULE_MAX_LENGTH })}
        items={values.rules}
        onChange={edit('rules')}
        maxItems={EMAIL_RULES_MAX}
        maxLength={EMAIL_RULE_MAX_LENGTH}
        readOnly={!canEdit}
        itemLabel={(i) => t('emailPreferences.rule', { number: i + 1 })}
        addLabel={t('emailPreferences.addRule')}
        removeLabel={(i) => t('emailPreferences.removeRule', { number: i + 1 })}
        emptyText={t('emailPreferences.noRules')}
        itemErrors={rules.items}
        error={rules.whole}
      />
      <EmailTextList
        name="example_emails"
        label={t('emailPreferences.examples')}
        // "3 000" in French, "3,000" in English: a count as the reader writes it.
        description={t('emailPreferences.examplesHelp', { max: formatNumber(EMAIL_EXAMPLE_MAX_LENGTH, language) })}
        items={values.example_emails}
        onChange={edit('example_emails')}
        maxItems={EMAIL_EXAMPLES_MAX}
        maxLength={EMAIL_EXAMPLE_MAX_LENGTH}
        multiline
        readOnly={!canEdit}
        itemLabel={(i) => t('emailPreferences.example', { number: i + 1 })}
        addLabel={t('emailPreferences.addExample')}
        removeLabel={(i) => t('emailPreferences.removeExample', { number: i + 1 })}
        emptyText={t('emailPreferences.noExamples')}
        itemErrors={examples.items}
        error={examples.whole}
      />
      {refusal && (
        <Alert color="red" role="alert">
          {refusal}
        </Alert>
      )}
      {canEdit && (
        <Group>
          <Button onClick={submit} disabled={!changed || !form.isValid()} loading={save.isPending}>
            {t('emailPreferences.save')}
          </Button>
          {changed && (
            <Button
              variant="default"
              // What was typed is lost: asked first, as leaving the page would.
              onClick={async () => {
                const ok = await confirm({
                  title: t('emailPreferences.discardTitle'),
                  message: t('emailPreferences.discardMessage'),
                  proceedLabel: t('emailPreferences.discard'),
                  danger: true,
                });
                if (!ok) return;
                form.reset();
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
