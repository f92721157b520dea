import { Alert, Badge, Button, Card, Grid, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  FLOW_BODY_MAX,
  FLOW_STEP_PLANS,
  FLOW_SUBJECT_MAX,
  type FlowMessage,
  type FlowMessageStatus,
  type FlowType,
  type Language,
} from '@quarry/shared';
import { IconCheck, IconEdit, IconRefresh, IconTrash } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { type FieldError, fieldError } from '../../../lib/field-error.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useRegenerateFlowMessage } from '../api/regenerate-flow-message.ts';
import { useRemoveFlowMessage } from '../api/remove-flow-message.ts';
import { useUpdateFlowMessage } from '../api/update-flow-message.ts';
import { flowErrorMessage } from '../utils/flow-error-message.ts';
import { FlowEvidence } from './flow-evidence.tsx';

type DraftStep = { subject: string; body: string };
/** The steps being edited and the version they were read at: a save in between is a conflict. */
type Draft = { version: number; steps: DraftStep[] };

const STATUS_COLORS: Record<FlowMessageStatus, string> = {
  pending: 'gray',
  generated: 'blue',
  needs_review: 'orange',
  approved: 'teal',
  delivered: 'green',
  delivery_failed: 'red',
};

/** A step's problem before it is sent: empty, or longer than the server takes. */
function stepProblem(value: string, max: number, t: TFunction): string | null {
  const length = value.trim().length;
  if (length === 0) return t('flows.message.required');
  if (length > max) return t('flows.message.tooLong', { max });
  return null;
}

/**
 * One contact's message in a flow: each step's subject and body (plain text, editable), its status
 * and review reason, the evidence beside it, and Approve / Regenerate. A save carries the version
 * the editor read; when someone saved in between (409 version_conflict), the message is reloaded
 * and the user is told.
 */
export function FlowMessageCard({
  flowId,
  flowType,
  message,
  locked,
  language,
  removable = true,
  downloaded = false,
  onUnsavedChange,
}: {
  flowId: string;
  flowType: FlowType;
  message: FlowMessage;
  /** The flow is being written again: nothing may change. */
  locked: boolean;
  language: Language;
  /** Whether the message may be taken out of the flow (not its last one). */
  removable?: boolean;
  /** The flow went to a CSV download: a sent message reads "Downloaded", since no prospect got it. */
  downloaded?: boolean;
  /** Told whether the card holds text of the reader's that is not saved (the page asks before it is left). */
  onUnsavedChange?: (messageId: string, unsaved: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateFlowMessage(flowId);
  const regenerate = useRegenerateFlowMessage(flowId);
  const remove = useRemoveFlowMessage(flowId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<FieldError<string> | null>(null);
  /** The user's text a conflicting save refused: kept until they edit with it or discard it. */
  const [unsaved, setUnsaved] = useState<DraftStep[] | null>(null);
  // Edit opens the editor with the focus in the first subject, where the reader starts writing
  // (on Cancel, under the editor, the next Enter threw the edit away).
  const firstSubject = useRef<HTMLInputElement>(null);
  const editing = draft !== null;
  useEffect(() => {
    if (editing) firstSubject.current?.focus();
  }, [editing]);

  // Text of the reader's that leaving would lose: an edit that changed something, or their text a
  // conflicting save refused.
  const changed =
    draft?.steps.some(
      (s, i) => s.subject !== (message.steps[i]?.subject ?? '') || s.body !== (message.steps[i]?.body ?? ''),
    ) ?? false;
  const holdsText = changed || unsaved !== null;
  useEffect(() => {
    onUnsavedChange?.(message.id, holdsText);
  }, [onUnsavedChange, message.id, holdsText]);
  useEffect(() => () => onUnsavedChange?.(message.id, false), [onUnsavedChange, message.id]);

  const settled = message.status !== 'pending' && message.status !== 'delivered';
  const canEdit = !locked && settled;
  const approved = message.status === 'approved';
  // A message needing review is edited (or written again) first; the server refuses to approve it as it is.
  const canApprove = canEdit && message.email_usable && message.steps.length > 0 && message.status !== 'needs_review';
  const busy = update.isPending || regenerate.isPending || remove.isPending;

  const stepFields = (draft?.steps ?? []).flatMap((_, i) => [`steps.${i}.subject`, `steps.${i}.body`]);
  const problems = (draft?.steps ?? []).map((s) => ({
    subject: stepProblem(s.subject, FLOW_SUBJECT_MAX, t),
    body: stepProblem(s.body, FLOW_BODY_MAX, t),
  }));
  const invalid = problems.some((p) => p.subject || p.body);

  function startEditing() {
    setError(null);
    // A message the writer gave up on has no steps yet: the flow type's steps, to be written by hand.
    const steps =
      message.steps.length > 0
        ? message.steps.map((s) => ({ subject: s.subject, body: s.body }))
        : FLOW_STEP_PLANS[flowType].map(() => ({ subject: '', body: '' }));
    setDraft({ version: message.version, steps });
  }

  function editStep(index: number, change: Partial<DraftStep>) {
    if (!draft) return;
    const changed = Object.keys(change).map((key) => `steps.${index}.${key}`);
    if (error?.field && changed.includes(error.field)) setError(null);
    // A follow-up answering the first step ("Re: …" its subject) follows its new subject, as a
    // thread does in the prospect's inbox; one the reader wrote otherwise is left as it is.
    const answering = index === 0 && change.subject !== undefined ? `Re: ${draft.steps[0]?.subject}` : null;
    setDraft({
      ...draft,
      steps: draft.steps.map((s, i) =>
        i === index
          ? { ...s, ...change }
          : answering && s.subject === answering
            ? { ...s, subject: `Re: ${change.subject}` }
            : s,
      ),
    });
  }

  function failed(e: unknown, fallbackKey: string) {
    if (e instanceof ApiError && e.code === 'version_conflict') {
      // Someone saved in between: their version is loaded (the mutation's meta reads the flow again),
      // and the user is told theirs was not saved.
      showSnackbar(t('flows.errors.versionConflict'));
      if (draft) setUnsaved(draft.steps);
      setDraft(null);
      setError(null);
      return;
    }
    if (e instanceof ApiError && e.code === 'validation_failed') {
      setError(fieldError(e, stepFields, t(fallbackKey)));
      return;
    }
    setError({ field: null, message: flowErrorMessage(e, t, fallbackKey) });
  }

  function save() {
    if (!draft || invalid) return;
    setError(null);
    update.mutate(
      { messageId: message.id, body: { version: draft.version, steps: draft.steps } },
      {
        onSuccess: (saved) => {
          setDraft(null);
          // An edit withdraws the approval (the server's rule): the reader is told to approve again.
          showSnackbar(
            approved && saved.status !== 'approved' ? t('flows.message.savedApproveAgain') : t('flows.message.saved'),
          );
        },
        onError: (e) => failed(e, 'flows.errors.save'),
      },
    );
  }

  function setApproved(value: boolean) {
    setError(null);
    update.mutate(
      { messageId: message.id, body: { version: message.version, approved: value } },
      { onError: (e) => failed(e, 'flows.errors.save') },
    );
  }

  async function writeAgain() {
    if (message.edited) {
      const ok = await confirm({
        title: t('flows.message.regenerateTitle'),
        message: t('flows.message.regenerateMessage'),
        proceedLabel: t('flows.message.regenerate'),
        danger: true,
      });
      if (!ok) return;
    }
    setError(null);
    const before = JSON.stringify(message.steps.map((s) => [s.subject, s.body]));
    regenerate.mutate(message.id, {
      // Said either way: a writer that answers the same evidence alike gives the same text back.
      onSuccess: (written) =>
        showSnackbar(
          JSON.stringify(written.steps.map((s) => [s.subject, s.body])) === before
            ? t('flows.message.regeneratedSame')
            : t('flows.message.regenerated'),
        ),
      onError: (e) => failed(e, 'flows.errors.generate'),
    });
  }

  async function takeOut() {
    const ok = await confirm({
      title: t('flows.message.removeTitle', { name: message.contact_name }),
      message: t('flows.message.removeMessage'),
      proceedLabel: t('flows.message.remove'),
      danger: true,
    });
    if (!ok) return;
    setError(null);
    remove.mutate(message.id, {
      onSuccess: () => showSnackbar(t('flows.message.removed', { name: message.contact_name })),
      onError: (e) => failed(e, 'flows.errors.remove'),
    });
  }

  const fieldMessage = (field: string) => (error?.field === field ? error.message : undefined);
  /** "Step 2 · Follow-up · day 3", from the message's step or, for one not written yet, the flow type's plan. */
  const stepHeading = (index: number) => {
    const step = message.steps[index] ?? FLOW_STEP_PLANS[flowType][index];
    return t('flows.message.step', {
      step: index + 1,
      kind: step ? t(`flows.stepKind.${step.kind}`) : '',
      day: step?.day_offset ?? 0,
    });
  };

  return (
    <Card withBorder padding="md" data-testid="flow-message" data-message-id={message.id}>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {/* On a phone the badges go under a long name and email rather than being cut to "W…". */}
            <Group justify="space-between" align="flex-start">
              <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                <Text fw={600}>{message.contact_name}</Text>
                <Text size="sm" c="dimmed">
                  {[message.contact_title, message.email_usable ? message.contact_email : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </div>
              <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
                {message.edited && (
                  <Badge variant="outline" color="gray">
                    {t('flows.message.edited')}
                  </Badge>
                )}
                <Badge color={STATUS_COLORS[message.status]} variant="light" data-testid="flow-message-status">
                  {t(
                    downloaded && message.status === 'delivered'
                      ? 'flows.messageStatus.downloaded'
                      : `flows.messageStatus.${message.status}`,
                  )}
                </Badge>
              </Group>
            </Group>

            {message.review_reason && (
              <Alert color="orange" variant="light" data-testid="flow-message-review">
                <Text size="sm">{t(`flows.reviewReason.${message.review_reason}`)}</Text>
                {message.review_detail && (
                  <Text size="xs" c="dimmed" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                    {message.review_detail}
                  </Text>
                )}
              </Alert>
            )}
            {!message.review_reason && !message.email_usable && (
              <Alert color="orange" variant="light" data-testid="flow-message-review">
                {t('flows.reviewReason.unusable_email')}
              </Alert>
            )}
            {unsaved && !draft && (
              <Alert color="orange" variant="light" data-testid="flow-message-unsaved">
                <Text size="sm">{t('flows.message.unsavedText')}</Text>
                <Group gap="xs" mt="xs">
                  <Button
                    size="xs"
                    variant="light"
                    disabled={!canEdit}
                    onClick={() => {
                      // Their text over the version now stored: saving it is a deliberate choice.
                      setDraft({ version: message.version, steps: unsaved });
                      setUnsaved(null);
                    }}
                  >
                    {t('flows.message.editWithMine')}
                  </Button>
                  <Button size="xs" variant="subtle" color="gray" onClick={() => setUnsaved(null)}>
                    {t('flows.message.discardMine')}
                  </Button>
                </Group>
              </Alert>
            )}
            {message.status === 'delivery_failed' && (
              <Alert color="red" variant="light" data-testid="flow-message-delivery-error">
                {message.delivery_error
                  ? t('flows.message.deliveryFailed', { error: message.delivery_error })
                  : t('flows.message.deliveryFailedUnknown')}
              </Alert>
            )}

            {draft
              ? draft.steps.map((step, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: a message's steps are fixed in number and order
                  <Stack key={i} gap={6} data-testid="flow-step-editor">
                    <Text size="xs" fw={700} c="dimmed">
                      {stepHeading(i)}
                    </Text>
                    <TextInput
                      ref={i === 0 ? firstSubject : undefined}
                      label={t('flows.message.subject')}
                      value={step.subject}
                      onChange={(e) => editStep(i, { subject: e.currentTarget.value })}
                      error={fieldMessage(`steps.${i}.subject`) ?? problems[i]?.subject}
                    />
                    <Textarea
                      label={t('flows.message.body')}
                      value={step.body}
                      onChange={(e) => editStep(i, { body: e.currentTarget.value })}
                      autosize
                      minRows={4}
                      maxRows={16}
                      error={fieldMessage(`steps.${i}.body`) ?? problems[i]?.body}
                    />
                  </Stack>
                ))
              : message.steps.map((step, i) => (
                  <Stack key={step.step} gap={4} data-testid="flow-step">
                    <Text size="xs" fw={700} c="dimmed">
                      {stepHeading(i)}
                    </Text>
                    <Text fw={600} data-testid="flow-step-subject">
                      {step.subject}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="flow-step-body">
                      {step.body}
                    </Text>
                  </Stack>
                ))}
            {!draft && message.steps.length === 0 && (
              <Text size="sm" c="dimmed">
                {message.status === 'pending' ? t('flows.message.pending') : t('flows.message.noSteps')}
              </Text>
            )}

            {error && !error.field && (
              <Alert color="red" role="alert">
                {error.message}
              </Alert>
            )}

            <Group gap="xs">
              {draft ? (
                <>
                  <Button size="xs" onClick={save} loading={update.isPending} disabled={invalid}>
                    {t('flows.message.save')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => {
                      setDraft(null);
                      setError(null);
                    }}
                    disabled={update.isPending}
                  >
                    {t('common.cancel')}
                  </Button>
                </>
              ) : (
                <>
                  {canApprove && (
                    <Button
                      size="xs"
                      variant={approved ? 'default' : 'filled'}
                      leftSection={approved ? undefined : <IconCheck size={14} />}
                      onClick={() => setApproved(!approved)}
                      loading={update.isPending}
                      disabled={busy}
                    >
                      {approved ? t('flows.message.unapprove') : t('flows.message.approve')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconEdit size={14} />}
                      onClick={startEditing}
                      disabled={busy}
                    >
                      {t('flows.message.edit')}
                    </Button>
                  )}
                  {canEdit && (
                    <Button
                      size="xs"
                      variant="subtle"
                      leftSection={<IconRefresh size={14} />}
                      onClick={() => void writeAgain()}
                      loading={regenerate.isPending}
                      disabled={busy}
                    >
                      {t('flows.message.regenerate')}
                    </Button>
                  )}
                  {/* A message that cannot or should not be sent (no usable email) is taken out, so that
                      the rest of the flow can be completed. */}
                  {canEdit && removable && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      leftSection={<IconTrash size={14} />}
                      onClick={() => void takeOut()}
                      loading={remove.isPending}
                      disabled={busy}
                    >
                      {t('flows.message.remove')}
                    </Button>
                  )}
                </>
              )}
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <FlowEvidence evidence={message.evidence} language={language} />
        </Grid.Col>
      </Grid>
    </Card>
  );
}
