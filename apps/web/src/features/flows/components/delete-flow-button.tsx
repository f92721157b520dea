import { ActionIcon, Tooltip } from '@mantine/core';
import { type FlowSummary, isFlowInProgress } from '@quarry/shared';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog.tsx';
import { reportedByMutationCache } from '../../../lib/query-client.ts';
import { showSnackbar } from '../../../lib/snackbar-store.ts';
import { useDeleteFlow } from '../api/delete-flow.ts';

/** Deletes a flow after confirming; refused (and said so) while its messages are being written. */
export function DeleteFlowButton({
  flow,
  label,
  onDeleted,
}: {
  flow: FlowSummary;
  label: string;
  /** Where the reader goes once it is gone (the flow's own page leaves for Actions). */
  onDeleted?: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteFlow();
  const inProgress = isFlowInProgress(flow.status);

  async function run() {
    const ok = await confirm({
      title: t('flows.delete.title'),
      message: t('flows.delete.message', { count: flow.message_count }),
      proceedLabel: t('flows.delete.proceed'),
      danger: true,
    });
    if (!ok) return;
    // Its row leaves the table with the refetch, taking this button with it: a promise still announces.
    remove.mutateAsync(flow.id).then(() => {
      showSnackbar(t('flows.delete.done'));
      onDeleted?.();
    }, reportedByMutationCache);
  }

  const button = (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t('flows.delete.label', { name: label })}
      disabled={inProgress}
      loading={remove.isPending}
      onClick={(e) => {
        e.stopPropagation();
        void run();
      }}
    >
      <IconTrash size={16} />
    </ActionIcon>
  );
  return inProgress ? (
    <Tooltip label={t('flows.delete.inProgress')} multiline maw={260}>
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <span data-testid="flow-delete-locked">{button}</span>
    </Tooltip>
  ) : (
    button
  );
}
