import type { FlowSummary } from '@quarry/shared';

/** A value-message flow ready for review, as GET /api/flows/{id} answers it; tests override what they need. */
export function flowSummary(overrides: Partial<FlowSummary> = {}): FlowSummary {
  return {
    id: 'f1',
    type: 'create_value_message',
    status: 'flow_ready_for_review',
    destination_type: null,
    destination_status: null,
    destination_integration: null,
    initiated_by: { uid: 'u1', display_name: 'Rita Rep' },
    initiated_via_support: false,
    initiated_from: '/valueMatch/acc_1',
    account_names: ['Acme'],
    account_count: 1,
    message_count: 2,
    generated_count: 2,
    needs_review_count: 1,
    approved_count: 0,
    delivered_count: 0,
    delivery_failed_count: 0,
    error: null,
    error_code: null,
    created: '2026-03-02T10:00:00.000Z',
    updated: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}
