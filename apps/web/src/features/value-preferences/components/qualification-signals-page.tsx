import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  QUALIFICATION_EXPLANATION_MAX,
  QUALIFICATION_SIGNAL_MAX,
  type QualificationSignalType,
  qualificationSignalBodySchema,
  type StoredQualificationSignal,
} from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { refocusIfLost } from '../../../lib/refocus-if-lost.ts';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useQualificationSignals, useSaveQualificationSignal } from '../api/qualification-signals.ts';
import { useFormReveal } from '../hooks/use-form-reveal.ts';
import { focusCardEdit } from '../utils/focus-card-edit.ts';
import { confirmPreferenceDelete, confirmPreferenceDiscard } from './confirm-delete.ts';
import { CardActions, PreferenceCard } from './preference-card.tsx';
import { QualificationSignalForm, type SignalValues } from './qualification-signal-form.tsx';
import { ReadOnlyNote } from './read-only-note.tsx';

const COLOR: Record<QualificationSignalType, string> = { good: 'green', bad: 'red', requirement: 'blue' };
const EMPTY: SignalValues = { type: 'good', text: '', explanation: '' };

/** /preferences/qualificationsignals: good, bad and requirement signals (text 100, explanation 150). */
export function QualificationSignalsPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const signals = useQualificationSignals();
  const save = useSaveQualificationSignal();
  const oneAtATime = useOneAtATime();
  const [editingId, setEditingId] = useState<string | undefined>(undefined);
  const { formRef, firstFieldRef, reveal } = useFormReveal<HTMLDivElement, HTMLInputElement>();
  const form = useForm<SignalValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validateInputOnChange: true,
    validate: validateWithSchema(qualificationSignalBodySchema, (values) => values, {
      text: ({ text }) =>
        text.trim() ? t('preferences.tooLong', { max: QUALIFICATION_SIGNAL_MAX }) : t('preferences.signalTextRequired'),
      explanation: t('preferences.tooLong', { max: QUALIFICATION_EXPLANATION_MAX }),
    }),
  });
  // A signal half-written, or changed and not saved, asks before the page is left.
  useUnsavedChangesGuard(form.isDirty());
  // A refusal naming no input shows under the form; one naming an input, under it (setServerErrors).
  const failure = save.isError
    ? fieldError(save.error, ['type', 'text', 'explanation'], t('preferences.saveError'))
    : null;

  const startOver = () => {
    save.reset();
    setEditingId(undefined);
    form.setInitialValues(EMPTY);
    form.reset();
  };
  // Cancel (or Escape) on an edit that changed something asks first, as leaving the page does.
  const cancel = async () => {
    if (form.isDirty() && !(await confirmPreferenceDiscard('signal'))) return;
    const edited = editingId;
    startOver();
    if (edited) focusCardEdit(edited);
  };
  const submit = (body: SignalValues) =>
    oneAtATime((settled) =>
      save.mutate(
        { id: editingId, body },
        {
          onSuccess: () => {
            const edited = editingId;
            startOver();
            showSnackbar(t('preferences.signalSaved', { text: body.text.trim() }));
            // An edit goes back to its card; an added signal leaves the form ready for the next one
            // (its Add is disabled once the form empties).
            if (edited) focusCardEdit(edited);
            else refocusIfLost(() => firstFieldRef.current);
          },
          // The draft is kept as typed.
          onError: (error) => setServerErrors(form, error, t('preferences.saveError')),
          onSettled: settled,
        },
      ),
    );
  const edit = (s: StoredQualificationSignal) => {
    save.reset();
    setEditingId(s.id);
    // What the signal holds is the form's start: only a change asks before the page is left.
    const values = { type: s.type, text: s.text, explanation: s.explanation };
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    reveal();
  };
  const remove = async (s: StoredQualificationSignal) => {
    if (!(await confirmPreferenceDelete('signal', s.text))) return;
    save.mutate(
      { id: s.id, remove: true },
      {
        onSuccess: () => {
          if (editingId === s.id) startOver();
          showSnackbar(t('preferences.signalDeleted', { text: s.text }));
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{t('screens.qualificationSignals.title')}</Title>
        <Text c="dimmed">{t('screens.qualificationSignals.description')}</Text>
      </div>
      {!canEdit && <ReadOnlyNote />}
      {canEdit && (
        <QualificationSignalForm
          form={form}
          editing={editingId !== undefined}
          saving={save.isPending}
          failure={failure && !failure.field ? failure.message : null}
          onSubmit={submit}
          onCancel={cancel}
          formRef={formRef}
          firstFieldRef={firstFieldRef}
        />
      )}
      {signals.isError && <Alert color="red">{t('preferences.loadError')}</Alert>}
      {signals.data?.length === 0 && <Text c="dimmed">{t('preferences.noSignals')}</Text>}
      {signals.data?.map((s) => (
        <PreferenceCard
          key={s.id}
          data-item-id={s.id}
          data-testid="qualification-signal"
          actions={canEdit && <CardActions name={s.text} onEdit={() => edit(s)} onDelete={() => void remove(s)} />}
        >
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Badge color={COLOR[s.type]} variant="light">
                {t(`preferences.signalTypes.${s.type}`)}
              </Badge>
              <Text fw={600}>{s.text}</Text>
            </Group>
            {s.explanation && (
              <Text size="sm" c="dimmed">
                {s.explanation}
              </Text>
            )}
          </Stack>
        </PreferenceCard>
      ))}
    </Stack>
  );
}
