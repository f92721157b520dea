import { ACTIVE_FLOW_STATUSES, type DestinationStatus, type FlowSummary } from '@quarry/shared';

const SENDING: readonly DestinationStatus[] = [
  'destination_queued',
  'sending_to_destination',
  'destination_in_progress',
];

/** Still changing on the server (writing messages, or sending them): worth polling. */
export function isFlowBusy(flow: Pick<FlowSummary, 'status' | 'destination_status'>): boolean {
  return (
    (ACTIVE_FLOW_STATUSES as readonly string[]).includes(flow.status) ||
    (flow.destination_status !== null && SENDING.includes(flow.destination_status))
  );
}
