import { Alert, Badge, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { MAX_NAME_LENGTH, type StoredTrigger, TRIGGER_PHRASE_MAX_LENGTH, triggerBodySchema } from '@quarry/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RetryAlert } from '../../../components/retry-alert.tsx';
import { useUnsavedChangesGuard } from '../../../components/use-unsaved-changes-guard.ts';
import { track } from '../../../lib/analytics.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { refocusIfLost } from '../../../lib/refocus-if-lost.ts';
import { setServerErrors } from '../../../lib/set-server-errors.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { validateWithSchema } from '../../../lib/validate-with-schema.ts';
import { useValueHypotheses } from '../../../lib/value-hypotheses.ts';
import { useTriggerStats } from '../api/trigger-stats.ts';
import { useSaveTrigger, useTriggers } from '../api/triggers.ts';
import { useFormReveal } from '../hooks/use-form-reveal.ts';
import { focusCardEdit } from '../utils/focus-card-edit.ts';
import { confirmPreferenceDelete, confirmPreferenceDiscard } from './confirm-delete.ts';
import { CardActions, PreferenceCard } from './preference-card.tsx';
import { ReadOnlyNote } from './read-only-note.tsx';
import { hasLongPhrase, hasWordlessPhrase, TriggerForm, type TriggerValues, triggerBodyOf } from './trigger-form.tsx';
import { TriggerStatsBlock } from './trigger-stats.tsx';
import { ValueHypothesesSection } from './value-hypotheses-section.tsx';

/** The inputs of the form, named as the API names them. */
const TRIGGER_FIELDS = ['name', 'hit_type', 'phrases', 'hypothesis_ids'] as const;
const EMPTY: TriggerValues = { name: '', hit_type: 'event', phrases: [], hypothesis_ids: [], typed_phrase: '' };

/**
 * /preferences/triggers: the tenant's value hypotheses and the triggers that support them. A
 * trigger needs a name and at least one phrase; a phrase still typed in its input counts.
 */
export function TriggersPage({
  canEdit,
  status,
  recomputing = false,
}: {
  canEdit: boolean;
  status?: ReactNode;
  /** Whether the matches are being computed again: each trigger's figures are then the last computation's. */
  recomputing?: boolean;
}) {
  const { t } = useTranslation();
  const triggers = useTriggers();
  const hypotheses = useValueHypotheses();
  const save = useSaveTrigger();
  const oneAtATime = useOneAtATime();
  // What each trigger does, and the tenant's precision: for those who tune the triggers.
  const stats = useTriggerStats(canEdit);
  const statsOf = new Map((stats.data?.triggers ?? []).map((s) => [s.trigger_id, s]));
  const [editingId, setEditingId] = useState<string | undefined>(undefined);
  const { formRef, firstFieldRef, reveal } = useFormReveal();
  /** The trigger just saved: marked, and brought into view once its card is in the list. */
  const [justSaved, setJustSaved] = useState<{ id: string; scroll: boolean } | null>(null);
  const form = useForm<TriggerValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validateInputOnChange: true,
    validate: validateWithSchema(triggerBodySchema, triggerBodyOf, {
      name: ({ name }) =>
        name.trim() ? t('preferences.tooLong', { max: MAX_NAME_LENGTH }) : t('preferences.triggerNameRequired'),
      phrases: (values) =>
        hasLongPhrase(values)
          ? t('preferences.phraseTooLong', { max: TRIGGER_PHRASE_MAX_LENGTH })
          : hasWordlessPhrase(values)
            ? t('preferences.phraseNeedsWord')
            : t('preferences.phrasesRequired'),
    }),
  });
  // A trigger or hypothesis typed and not saved: leaving the page asks first.
  const [hypothesisDirty, setHypothesisDirty] = useState(false);
  useUnsavedChangesGuard(form.isDirty() || hypothesisDirty);
  // A refusal naming no input shows under the form; one naming an input, under it (setServerErrors).
  const failure = save.isError ? fieldError(save.error, TRIGGER_FIELDS, t('preferences.saveError')) : null;
  const names = new Map((hypotheses.data ?? []).map((h) => [h.id, h.name]));
  /** A hypothesis the viewer cannot see (a colleague's private one) never shows its raw id. */
  const labelOf = (id: string) => names.get(id) ?? t('preferences.privateHypothesis');
  const hypothesisOptions = [
    ...(hypotheses.data ?? []).map((h) => ({ value: h.id, label: h.name })),
    ...form
      .getValues()
      .hypothesis_ids.filter((id) => !names.has(id))
      .map((id) => ({ value: id, label: labelOf(id) })),
  ];
  const startOver = () => {
    save.reset();
    setEditingId(undefined);
    form.setInitialValues(EMPTY);
    form.setValues(EMPTY);
    form.clearErrors();
  };
  // Cancel (or Escape) on an edit that changed something asks first, as leaving the page does.
  const cancel = async () => {
    if (form.isDirty() && !(await confirmPreferenceDiscard('trigger'))) return;
    const edited = editingId;
    startOver();
    if (edited) focusCardEdit(edited);
  };
  const edit = (trigger: StoredTrigger) => {
    track('Trigger viewed', { trigger_id: trigger.id });
    save.reset();
    setEditingId(trigger.id);
    const values = {
      name: trigger.name,
      hit_type: trigger.hit_type,
      phrases: trigger.phrases,
      hypothesis_ids: trigger.hypothesis_ids,
      typed_phrase: '',
    };
    // Unsaved means changed from the trigger as stored.
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    reveal();
  };
  /** A deleted hypothesis leaves the open form too, so Save cannot name it again. */
  const forgetHypothesis = (id: string) =>
    form.setFieldValue('hypothesis_ids', (ids) => ids.filter((other) => other !== id));
  const remove = async (trigger: StoredTrigger) => {
    if (!(await confirmPreferenceDelete('trigger', trigger.name))) return;
    save.mutate(
      { id: trigger.id, remove: true },
      {
        onSuccess: () => {
          if (editingId === trigger.id) cancel();
          showSnackbar(t('preferences.triggerDeleted', { name: trigger.name }));
        },
      },
    );
  };

  const submit = () => {
    const values = form.getValues();
    if (!form.isValid('name') || hasLongPhrase(values)) return;
    // The typed phrase becomes a chip, so a refused save still shows everything that was typed.
    const body = triggerBodyOf(values);
    const phrases = body.phrases.filter((p) => p.trim().length > 0);
    form.setValues({ phrases, typed_phrase: '' });
    if (form.validate().hasErrors) return;
    oneAtATime((settled) =>
      save.mutate(
        { id: editingId, body: { ...body, phrases } },
        {
          onSuccess: (saved) => {
            setEditingId(undefined);
            form.setInitialValues(EMPTY);
            form.setValues(EMPTY);
            if (!saved) return;
            showSnackbar(t('preferences.triggerSaved', { name: saved.name }));
            setJustSaved({ id: saved.id, scroll: true });
          },
          // The draft is kept as typed.
          onError: (error) => setServerErrors(form, error, t('preferences.saveError')),
          onSettled: settled,
        },
      ),
    );
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('screens.triggers.title')}</Title>
        <Text c="dimmed">{t('screens.triggers.description')}</Text>
      </div>
      {/* What the recompute the page's changes queue is doing: under the title, not above it. */}
      {status}
      {!canEdit && <ReadOnlyNote />}
      <ValueHypothesesSection canEdit={canEdit} onDeleted={forgetHypothesis} onDirtyChange={setHypothesisDirty} />

      <Title order={2} size="h3">
        {t('preferences.triggersHeading')}
      </Title>
      {canEdit && (
        <TriggerForm
          form={form}
          editing={editingId !== undefined}
          saving={save.isPending}
          failure={failure && !failure.field ? failure.message : null}
          hypothesisOptions={hypothesisOptions}
          onSubmit={submit}
          onCancel={cancel}
          formRef={formRef}
          firstFieldRef={firstFieldRef}
        />
      )}
      {triggers.isError && <Alert color="red">{t('preferences.loadError')}</Alert>}
      {/* One answer counts every trigger: its failure is said once, with a retry, not on each card. */}
      {canEdit && stats.isError && (
        <RetryAlert
          message={t('preferences.triggerStats.errorAll')}
          retryLabel={t('preferences.triggerStats.retry')}
          onRetry={() => void stats.refetch()}
          testId="trigger-stats-error"
        />
      )}
      {triggers.data?.length === 0 && <Text c="dimmed">{t('preferences.noTriggers')}</Text>}
      {triggers.data?.map((tr) => (
        <PreferenceCard
          key={tr.id}
          data-item-id={tr.id}
          data-testid="trigger"
          data-just-saved={justSaved?.id === tr.id || undefined}
          style={justSaved?.id === tr.id ? { borderColor: 'var(--mantine-color-green-7)' } : undefined}
          ref={(card: HTMLDivElement | null) => {
            // A new trigger lands at the end of a long page: scroll it into view once it is there.
            if (card && justSaved?.id === tr.id && justSaved.scroll) {
              card.scrollIntoView({ block: 'center' });
              setJustSaved({ id: tr.id, scroll: false });
              // The keyboard goes on from the saved trigger: the Save it was on had gone with the form.
              refocusIfLost(() => card.querySelector<HTMLButtonElement>('[data-testid="card-actions"] button'));
            }
          }}
          actions={canEdit && <CardActions name={tr.name} onEdit={() => edit(tr)} onDelete={() => void remove(tr)} />}
        >
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Text fw={600}>{tr.name}</Text>
              <Badge variant="light">{t(`preferences.hitTypes.${tr.hit_type}`)}</Badge>
              <Switch
                // Says the state it shows, and names its trigger to a screen reader.
                label={t(tr.enabled ? 'preferences.enabled' : 'preferences.disabled')}
                aria-label={t('preferences.triggerSwitch', { name: tr.name })}
                checked={tr.enabled}
                disabled={!canEdit}
                onChange={(e) => save.mutate({ id: tr.id, body: { enabled: e.currentTarget.checked } })}
              />
            </Group>
            {tr.phrases.length > 0 ? (
              <Text size="sm">{tr.phrases.join(' · ')}</Text>
            ) : (
              // Saved before a phrase was required: say why it finds nothing, and what to do.
              <Text size="sm" c="red" data-testid="trigger-no-phrases">
                {t(canEdit ? 'preferences.noPhrasesEdit' : 'preferences.noPhrases')}
              </Text>
            )}
            {tr.hypothesis_ids.length + (tr.private_hypothesis_count ?? 0) > 0 && hypotheses.data && (
              <Text size="xs" c="dimmed" data-testid="trigger-hypotheses">
                {/* Named as what it is: a bare grey line of hypothesis names read as a stray note. */}
                {t('common.labelled', {
                  label: t('preferences.supports', {
                    count: tr.hypothesis_ids.length + (tr.private_hypothesis_count ?? 0),
                  }),
                })}
                {[
                  ...tr.hypothesis_ids.map(labelOf),
                  ...Array.from({ length: tr.private_hypothesis_count ?? 0 }, () => t('preferences.privateHypothesis')),
                ].join(' · ')}
              </Text>
            )}
            {canEdit &&
              (tr.enabled ? (
                <TriggerStatsBlock
                  stats={statsOf.get(tr.id)}
                  loading={stats.isPending}
                  failed={stats.isError}
                  // Read again after a computation: the figures shown until the answer are the last ones.
                  updating={recomputing || (stats.isFetching && !stats.isPending)}
                />
              ) : (
                // A switched-off trigger finds nothing: said, rather than "nothing matched yet".
                <Text size="xs" c="dimmed" data-testid="trigger-stats">
                  {t('preferences.triggerStats.disabled')}
                </Text>
              ))}
          </Stack>
        </PreferenceCard>
      ))}
    </Stack>
  );
}
