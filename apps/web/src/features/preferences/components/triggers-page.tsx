import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  MultiSelect,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  MAX_NAME_LENGTH,
  type StoredTrigger,
  TRIGGER_HIT_TYPES,
  TRIGGER_PHRASE_MAX_LENGTH,
  TRIGGER_PHRASES_MAX,
  type TriggerHitType,
} from '@quarry/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { track } from '../../../lib/analytics.ts';
import { fieldError } from '../../../lib/field-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useValueHypotheses } from '../../../lib/value-hypotheses.ts';
import { useTriggerStats } from '../api/trigger-stats.ts';
import { type TriggerInput, useSaveTrigger, useTriggers } from '../api/triggers.ts';
import { useFormReveal } from '../hooks/use-form-reveal.ts';
import { withPendingTag } from '../utils/with-pending-tag.ts';
import { CharacterCounter } from './character-counter.tsx';
import { confirmPreferenceDelete } from './confirm-delete.ts';
import { escapeToCancel } from './escape-to-cancel.ts';
import { CardActions, PreferenceCard } from './preference-card.tsx';
import { ReadOnlyNote } from './read-only-note.tsx';
import { TriggerStatsBlock } from './trigger-stats.tsx';
import { ValueHypothesesSection } from './value-hypotheses-section.tsx';

type Draft = { id?: string; name: string; hit_type: TriggerHitType; phrases: string[]; hypothesis_ids: string[] };
const EMPTY: Draft = { name: '', hit_type: 'event', phrases: [], hypothesis_ids: [] };
/** The inputs of the form, named as the API names them. */
const TRIGGER_FIELDS = ['name', 'hit_type', 'phrases', 'hypothesis_ids'] as const;
type TriggerField = (typeof TRIGGER_FIELDS)[number];

/**
 * /preferences/triggers: the tenant's value hypotheses and the triggers that support them. A
 * trigger needs a name and at least one phrase; a phrase still typed in its input counts.
 */
export function TriggersPage({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const triggers = useTriggers();
  const hypotheses = useValueHypotheses();
  const save = useSaveTrigger();
  // What each trigger does, and the tenant's precision: for those who tune the triggers.
  const stats = useTriggerStats(canEdit);
  const statsOf = new Map((stats.data?.triggers ?? []).map((s) => [s.trigger_id, s]));
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [typedPhrase, setTypedPhrase] = useState('');
  const [phrasesMissing, setPhrasesMissing] = useState(false);
  const { formRef, firstFieldRef, reveal } = useFormReveal();
  /** The trigger just saved: marked, and brought into view once its card is in the list. */
  const [justSaved, setJustSaved] = useState<{ id: string; scroll: boolean } | null>(null);
  // Counted as the server counts: a name is trimmed first, and so is each phrase.
  const nameLength = draft.name.trim().length;
  const nameTooLong = nameLength > MAX_NAME_LENGTH;
  const phraseTooLong = [...draft.phrases, typedPhrase].some((p) => p.trim().length > TRIGGER_PHRASE_MAX_LENGTH);
  const cannotSave = !draft.name.trim() || nameTooLong || phraseTooLong;
  // A refused save shows under the input the server names; the draft is kept as typed.
  const failure = save.isError ? fieldError(save.error, TRIGGER_FIELDS, t('preferences.saveError')) : null;
  const serverError = (field: TriggerField) => (failure?.field === field ? failure.message : undefined);
  /** Editing the input a refusal names clears that refusal. */
  const edited = (field: TriggerField) => {
    if (failure?.field === field) save.reset();
  };
  const names = new Map((hypotheses.data ?? []).map((h) => [h.id, h.name]));
  /** A hypothesis the viewer cannot see (a colleague's private one) never shows its raw id. */
  const labelOf = (id: string) => names.get(id) ?? t('preferences.privateHypothesis');
  const hypothesisOptions = [
    ...(hypotheses.data ?? []).map((h) => ({ value: h.id, label: h.name })),
    ...draft.hypothesis_ids.filter((id) => !names.has(id)).map((id) => ({ value: id, label: labelOf(id) })),
  ];
  const cancel = () => {
    save.reset();
    setDraft(EMPTY);
    setTypedPhrase('');
    setPhrasesMissing(false);
  };
  const edit = (trigger: StoredTrigger) => {
    track('Trigger viewed', { trigger_id: trigger.id });
    cancel();
    setDraft({
      id: trigger.id,
      name: trigger.name,
      hit_type: trigger.hit_type,
      phrases: trigger.phrases,
      hypothesis_ids: trigger.hypothesis_ids,
    });
    reveal();
  };
  /** A deleted hypothesis leaves the open form too, so Save cannot name it again. */
  const forgetHypothesis = (id: string) =>
    setDraft((d) => ({ ...d, hypothesis_ids: d.hypothesis_ids.filter((other) => other !== id) }));
  const remove = async (trigger: StoredTrigger) => {
    if (!(await confirmPreferenceDelete('trigger', trigger.name))) return;
    save.mutate(
      { id: trigger.id, remove: true },
      { onSuccess: () => setDraft((d) => (d.id === trigger.id ? EMPTY : d)) },
    );
  };

  const submit = () => {
    if (cannotSave) return;
    const phrases = withPendingTag(draft.phrases, typedPhrase).filter((p) => p.trim().length > 0);
    // The typed phrase becomes a chip, so a refused save still shows everything that was typed.
    setDraft((d) => ({ ...d, phrases }));
    setTypedPhrase('');
    if (phrases.length === 0) {
      setPhrasesMissing(true);
      return;
    }
    const { id, ...rest } = draft;
    const body = { ...rest, phrases } satisfies TriggerInput;
    save.mutate(
      { id, body },
      {
        onSuccess: (saved) => {
          setDraft(EMPTY);
          if (!saved) return;
          showSnackbar(t('preferences.triggerSaved', { name: saved.name }));
          setJustSaved({ id: saved.id, scroll: true });
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{t('screens.triggers.title')}</Title>
        <Text c="dimmed">{t('screens.triggers.description')}</Text>
      </div>
      {!canEdit && <ReadOnlyNote />}
      <ValueHypothesesSection canEdit={canEdit} onDeleted={forgetHypothesis} />

      <Title order={2} size="h3">
        {t('preferences.triggersHeading')}
      </Title>
      {canEdit && (
        <Card
          ref={formRef}
          withBorder
          onKeyDown={draft.id ? escapeToCancel(cancel) : undefined}
          data-testid="trigger-form"
        >
          <Stack gap="xs">
            <Group grow align="flex-start">
              <div>
                <TextInput
                  ref={firstFieldRef}
                  label={t('preferences.triggerName')}
                  value={draft.name}
                  onChange={(e) => {
                    const name = e.currentTarget.value;
                    edited('name');
                    setDraft((d) => ({ ...d, name }));
                  }}
                  error={nameTooLong ? t('preferences.tooLong', { max: MAX_NAME_LENGTH }) : serverError('name')}
                />
                <CharacterCounter length={nameLength} max={MAX_NAME_LENGTH} />
              </div>
              <Select
                label={t('preferences.hitType')}
                data={TRIGGER_HIT_TYPES.map((type) => ({ value: type, label: t(`preferences.hitTypes.${type}`) }))}
                value={draft.hit_type}
                allowDeselect={false}
                onChange={(v) => {
                  edited('hit_type');
                  setDraft((d) => ({ ...d, hit_type: (v as TriggerHitType | null) ?? 'event' }));
                }}
                error={serverError('hit_type')}
              />
            </Group>
            <TagsInput
              label={t('preferences.phrases')}
              description={t('preferences.phrasesHint')}
              value={draft.phrases}
              maxTags={TRIGGER_PHRASES_MAX}
              maxLength={TRIGGER_PHRASE_MAX_LENGTH}
              searchValue={typedPhrase}
              onSearchChange={(typed) => {
                setTypedPhrase(typed);
                if (typed.trim()) setPhrasesMissing(false);
              }}
              onChange={(phrases) => {
                edited('phrases');
                setPhrasesMissing(false);
                setDraft((d) => ({ ...d, phrases }));
              }}
              error={
                phrasesMissing
                  ? t('preferences.phrasesRequired')
                  : phraseTooLong
                    ? t('preferences.phraseTooLong', { max: TRIGGER_PHRASE_MAX_LENGTH })
                    : serverError('phrases')
              }
            />
            <MultiSelect
              label={t('preferences.triggerHypotheses')}
              placeholder={t('preferences.allHypotheses')}
              data={hypothesisOptions}
              value={draft.hypothesis_ids}
              onChange={(hypothesis_ids) => {
                edited('hypothesis_ids');
                setDraft((d) => ({ ...d, hypothesis_ids }));
              }}
              error={serverError('hypothesis_ids')}
            />
            <Group>
              <Button onClick={submit} disabled={cannotSave} loading={save.isPending}>
                {draft.id ? t('preferences.save') : t('preferences.add')}
              </Button>
              {draft.id && (
                <Button variant="subtle" onClick={cancel}>
                  {t('common.cancel')}
                </Button>
              )}
            </Group>
            {failure && !failure.field && <Alert color="red">{failure.message}</Alert>}
          </Stack>
        </Card>
      )}
      {triggers.isError && <Alert color="red">{t('preferences.loadError')}</Alert>}
      {triggers.data?.length === 0 && <Text c="dimmed">{t('preferences.noTriggers')}</Text>}
      {triggers.data?.map((tr) => (
        <PreferenceCard
          key={tr.id}
          data-testid="trigger"
          data-just-saved={justSaved?.id === tr.id || undefined}
          style={justSaved?.id === tr.id ? { borderColor: 'var(--mantine-color-green-7)' } : undefined}
          ref={(card: HTMLDivElement | null) => {
            // A new trigger lands at the end of a long page: scroll it into view once it is there.
            if (card && justSaved?.id === tr.id && justSaved.scroll) {
              card.scrollIntoView({ block: 'center' });
              setJustSaved({ id: tr.id, scroll: false });
            }
          }}
          actions={canEdit && <CardActions onEdit={() => edit(tr)} onDelete={() => void remove(tr)} />}
        >
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Text fw={600}>{tr.name}</Text>
              <Badge variant="light">{t(`preferences.hitTypes.${tr.hit_type}`)}</Badge>
              <Switch
                label={t('preferences.enabled')}
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
                {[
                  ...tr.hypothesis_ids.map(labelOf),
                  ...Array.from({ length: tr.private_hypothesis_count ?? 0 }, () => t('preferences.privateHypothesis')),
                ].join(' · ')}
              </Text>
            )}
            {canEdit && (
              <TriggerStatsBlock stats={statsOf.get(tr.id)} loading={stats.isPending} failed={stats.isError} />
            )}
          </Stack>
        </PreferenceCard>
      ))}
    </Stack>
  );
}
