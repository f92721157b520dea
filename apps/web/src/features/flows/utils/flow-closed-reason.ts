import { type FlowSummary, isFlowOpenable } from '@quarry/shared';
import type { TFunction } from 'i18next';

/** Why a flow cannot be opened yet (spec section 4: only when ready for review or completed); null when it can. */
export function flowClosedReason(
  flow: Pick<FlowSummary, 'status' | 'error' | 'error_code'>,
  t: TFunction,
): string | null {
  if (isFlowOpenable(flow.status)) return null;
  switch (flow.status) {
    case 'flow_not_started':
      return t('flows.closed.notStarted');
    case 'flow_in_progress':
      return t('flows.closed.inProgress');
    default:
      // The code reads in the reader's language; the English text is the provider's own words.
      if (flow.error_code) return t('flows.closed.failed', { error: t(`flows.errorCodes.${flow.error_code}`) });
      return flow.error ? t('flows.closed.failed', { error: flow.error }) : t('flows.closed.failedUnknown');
  }
}
