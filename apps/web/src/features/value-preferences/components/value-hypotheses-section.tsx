import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, type StoredValueHypothesis, type ValueHypothesisBody } from '@quarry/shared';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CharacterCounter } from '../../../components/character-counter.tsx';
import { fieldError } from '../../../lib/field-error.ts';
import { refocusIfLost } from '../../../lib/refocus-if-lost.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useOneAtATime } from '../../../lib/use-one-at-a-time.ts';
import { useValueHypotheses } from '../../../lib/value-hypotheses.ts';
import { useSaveValueHypothesis } from '../api/save-value-hypothesis.ts';
import { useFormReveal } from '../hooks/use-form-reveal.ts';
import { focusCardEdit } from '../utils/focus-card-edit.ts';
import { confirmPreferenceDelete } from './confirm-delete.ts';
import { escapeToCancel } from './escape-to-cancel.ts';
import { CardActions, PreferenceCard } from './preference-card.tsx';

const LONG_FIELDS = [
  'description',
  'problem_or_goal',
  'product_value',
  'roi_explanation',
  'importance',
  'observation',
] as const;
/** The inputs of the form that can show an error, named as the API names them. */
const HYPOTHESIS_FIELDS = ['name', ...LONG_FIELDS] as const;
type HypothesisField = (typeof HYPOTHESIS_FIELDS)[number];
/** The API's limit of each text input: 120 for the name, 2,000 for the others. */
const limitOf = (field: HypothesisField) => (field === 'name' ? MAX_NAME_LENGTH : MAX_TEXT_LENGTH);
/** A length as the API counts it: the name is trimmed first, the long texts are kept as typed. */
const lengthOf = (draft: Draft, field: HypothesisField) =>
  field === 'name' ? draft.name.trim().length : draft[field].length;
type Draft = ValueHypothesisBody & { id?: string };
const EMPTY: Draft = {
  name: '',
  visibility: 'public',
  description: '',
  problem_or_goal: '',
  product_value: '',
  roi_explanation: '',
  importance: '',
  observation: '',
};

/** Value hypotheses (spec sections 3 and 6): public ones for everyone, private ones for their author. */
export function ValueHypothesesSection({
  canEdit,
  onDeleted,
  onDirtyChange,
}: {
  canEdit: boolean;
  /** Called with the id of a hypothesis once it is deleted. */
  onDeleted?: (id: string) => void;
  /** Told when the open form gains or loses unsaved changes, so the page can ask before it is left. */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const hypotheses = useValueHypotheses();
  const save = useSaveValueHypothesis();
  const oneAtATime = useOneAtATime();
  const [draft, setDraft] = useState<Draft | null>(null);
  // Unsaved: the open form differs from the hypothesis it edits (or from an empty one).
  const original = draft?.id ? hypotheses.data?.find((h) => h.id === draft.id) : undefined;
  const dirty =
    draft !== null &&
    (draft.visibility !== (original?.visibility ?? EMPTY.visibility) ||
      HYPOTHESIS_FIELDS.some((field) => draft[field] !== (original?.[field] ?? EMPTY[field])));
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  const { formRef, firstFieldRef, reveal } = useFormReveal();
  const tooLong = (field: HypothesisField) => (draft ? lengthOf(draft, field) : 0) > limitOf(field);
  const anyTooLong = HYPOTHESIS_FIELDS.some(tooLong);
  /** Over its limit the input says so in the user's language; otherwise it shows the server's refusal. */
  const errorOf = (field: HypothesisField) =>
    tooLong(field) ? t('preferences.tooLong', { max: limitOf(field) }) : serverError(field);
  // A refused save shows under the input the server names; the draft is kept as typed.
  const failure = save.isError ? fieldError(save.error, HYPOTHESIS_FIELDS, t('preferences.saveError')) : null;
  const serverError = (field: HypothesisField) => (failure?.field === field ? failure.message : undefined);
  /** Editing the input a refusal names clears that refusal. */
  const edited = (field: HypothesisField) => {
    if (failure?.field === field) save.reset();
  };

  const edit = (h: StoredValueHypothesis) => {
    save.reset();
    const {
      id,
      name,
      visibility,
      description,
      problem_or_goal,
      product_value,
      roi_explanation,
      importance,
      observation,
    } = h;
    setDraft({
      id,
      name,
      visibility,
      description,
      problem_or_goal,
      product_value,
      roi_explanation,
      importance,
      observation,
    });
    reveal();
  };
  const cancel = () => {
    save.reset();
    const edited = draft?.id;
    setDraft(null);
    if (edited) focusCardEdit(edited);
  };
  const remove = async (h: StoredValueHypothesis) => {
    if (!(await confirmPreferenceDelete('hypothesis', h.name))) return;
    save.mutate(
      { id: h.id, remove: true },
      {
        onSuccess: () => {
          setDraft((d) => (d?.id === h.id ? null : d));
          onDeleted?.(h.id);
          showSnackbar(t('preferences.hypothesisDeleted', { name: h.name }));
        },
      },
    );
  };
  const addButton = useRef<HTMLButtonElement>(null);
  const submit = () => {
    if (!draft?.name.trim() || anyTooLong) return;
    const { id, ...body } = draft;
    oneAtATime((settled) =>
      save.mutate(
        { id, body },
        {
          onSuccess: () => {
            setDraft(null);
            showSnackbar(t('preferences.hypothesisSaved', { name: body.name.trim() }));
            // The form and its Save are gone: an edit goes back to its card, an added one to
            // "Add hypothesis", back in their place.
            if (id) focusCardEdit(id);
            else refocusIfLost(() => addButton.current);
          },
          onSettled: settled,
        },
      ),
    );
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t('preferences.hypothesesHeading')}
        </Title>
        {canEdit && !draft && (
          <Button
            ref={addButton}
            onClick={() => {
              setDraft(EMPTY);
              reveal();
            }}
          >
            {t('preferences.addHypothesis')}
          </Button>
        )}
      </Group>
      {draft && (
        <Card ref={formRef} withBorder onKeyDown={escapeToCancel(cancel)} data-testid="hypothesis-form">
          <Stack gap="xs">
            <div>
              <TextInput
                ref={firstFieldRef}
                label={t('preferences.hypothesis.name')}
                value={draft.name}
                onChange={(e) => {
                  const name = e.currentTarget.value;
                  edited('name');
                  setDraft((d) => d && { ...d, name });
                }}
                error={errorOf('name')}
              />
              <CharacterCounter length={lengthOf(draft, 'name')} max={MAX_NAME_LENGTH} />
            </div>
            <SegmentedControl
              data={[
                { value: 'public', label: t('preferences.public') },
                { value: 'private', label: t('preferences.private') },
              ]}
              value={draft.visibility}
              onChange={(v) => setDraft((d) => d && { ...d, visibility: v === 'private' ? 'private' : 'public' })}
              w={240}
            />
            {LONG_FIELDS.map((field) => (
              <div key={field}>
                <Textarea
                  label={t(`preferences.hypothesis.${field}`)}
                  autosize
                  minRows={2}
                  value={draft[field]}
                  onChange={(e) => {
                    const value = e.currentTarget.value;
                    edited(field);
                    setDraft((d) => d && { ...d, [field]: value });
                  }}
                  error={errorOf(field)}
                />
                <CharacterCounter length={draft[field].length} max={MAX_TEXT_LENGTH} />
              </div>
            ))}
            <Group>
              <Button onClick={submit} disabled={!draft.name.trim() || anyTooLong} loading={save.isPending}>
                {draft.id ? t('preferences.save') : t('preferences.add')}
              </Button>
              <Button variant="subtle" onClick={cancel}>
                {t('common.cancel')}
              </Button>
            </Group>
            {failure && !failure.field && <Alert color="red">{failure.message}</Alert>}
          </Stack>
        </Card>
      )}
      {hypotheses.isError && <Alert color="red">{t('preferences.loadError')}</Alert>}
      {hypotheses.data?.length === 0 && <Text c="dimmed">{t('preferences.noHypotheses')}</Text>}
      {hypotheses.data?.map((h) => (
        <PreferenceCard
          key={h.id}
          data-item-id={h.id}
          data-testid="value-hypothesis"
          actions={canEdit && <CardActions name={h.name} onEdit={() => edit(h)} onDelete={() => void remove(h)} />}
        >
          <Stack gap={4} miw={0}>
            <Group gap="xs">
              <Text fw={600}>{h.name}</Text>
              <Badge variant="light" color={h.visibility === 'private' ? 'gray' : 'blue'}>
                {t(`preferences.${h.visibility}`)}
              </Badge>
            </Group>
            {/* The problem it names, or its description when the problem was left empty. */}
            {(h.problem_or_goal || h.description) && <Text size="sm">{h.problem_or_goal || h.description}</Text>}
          </Stack>
        </PreferenceCard>
      ))}
    </Stack>
  );
}
