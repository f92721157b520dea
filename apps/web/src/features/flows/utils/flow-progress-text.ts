import type { FlowStatus, FlowSummary } from '@quarry/shared';
import type { TFunction } from 'i18next';

/** Statuses in which the messages written so far are the news (a failed flow: how far it got). */
const WRITING: readonly FlowStatus[] = ['flow_not_started', 'flow_in_progress', 'flow_failed'];

/**
 * "12 of 40 messages" while they are being written; afterwards what was approved and delivered,
 * and what still needs a person or failed to go out.
 */
export function flowProgressText(flow: FlowSummary, t: TFunction): string {
  if (WRITING.includes(flow.status)) {
    return t('flows.progress.writing', { done: flow.generated_count, total: flow.message_count });
  }
  const parts: string[] = [];
  // Once messages went out, what was delivered is the news; approvals still waiting are added.
  if (flow.delivered_count > 0) {
    // A CSV is downloaded, not delivered: nobody was written to yet.
    const key = flow.destination_type === 'download' ? 'flows.progress.downloaded' : 'flows.progress.delivered';
    parts.push(t(key, { count: flow.delivered_count, total: flow.message_count }));
  }
  if (flow.delivered_count === 0 || flow.approved_count > 0) {
    parts.push(t('flows.progress.approved', { count: flow.approved_count, total: flow.message_count }));
  }
  if (flow.needs_review_count > 0) parts.push(t('flows.progress.needsReview', { count: flow.needs_review_count }));
  if (flow.delivery_failed_count > 0) {
    parts.push(t('flows.progress.deliveryFailed', { count: flow.delivery_failed_count }));
  }
  return parts.join(' · ');
}

/**
 * Where the flow's messages went: "Delivered" to a tool, "Downloaded" as a CSV (which reached no
 * prospect yet), "Partly …" while some messages were not sent.
 */
export function destinationStatusText(flow: FlowSummary, t: TFunction): string {
  const partly = flow.delivered_count < flow.message_count;
  if (flow.destination_status === 'destination_completed') {
    if (flow.destination_type === 'download')
      return t(partly ? 'flows.destinationStatus.downloaded_partly' : 'flows.destinationStatus.downloaded');
    if (partly) return t('flows.destinationStatus.destination_partly');
  }
  return t(`flows.destinationStatus.${flow.destination_status ?? 'unknown_status'}`);
}
