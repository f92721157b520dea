import { type FieldMappings, type FieldReason, type IntegrationType, isValueMessagingConfigured } from '@quarry/shared';
import type { ContactUpsert, EngagementAdapters, UpsertResult } from '../../adapters/engagement/engagement-adapter.ts';
import { HttpError } from '../../lib/http-error.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { IntegrationsRepository } from './integrations.repository.ts';

/** A connected, valid, configured tool, ready to take a flow's contacts. */
export type ReadyIntegration = {
  type: IntegrationType;
  mappings: FieldMappings;
  batchSize: number;
  upsert: (contacts: ContactUpsert[]) => Promise<UpsertResult[]>;
  /** Enrols contacts by the tool's ids; per id, null or the reason it failed. Absent where Quarry cannot enrol. */
  enroll?: (sequenceId: string, vendorIds: string[], mailboxId: string | null) => Promise<Map<string, string | null>>;
};

export type EngagementDestination = {
  /** The tool, if a flow may be sent to it now; otherwise a 400 destination_unavailable saying why. */
  ready: (tenantId: string, type: IntegrationType) => Promise<ReadyIntegration>;
};

const unavailable = (message: string, reason: FieldReason) =>
  new HttpError(400, 'destination_unavailable', message, { fields: [{ field: 'integration', message, reason }] });

/** The engagement destination as flows see it: whether a tool can take a send, and the call that sends. */
export function createEngagementDestination(deps: {
  integrations: IntegrationsRepository;
  adapters: EngagementAdapters;
  /** The credential for the tool as it is now (an OAuth token refreshed when it is about to expire). */
  credentialFor: (tenantId: string, type: IntegrationType) => Promise<string>;
}): EngagementDestination {
  return {
    async ready(tenantId, type) {
      const row = await deps.integrations.find(tenantId, type);
      const adapter = deps.adapters[type];
      if (!row || !adapter) throw unavailable('This sales-engagement tool is not connected', 'tool_not_connected');
      if (row.status !== 'VALID')
        throw unavailable('This sales-engagement tool’s credential is not valid', 'credential_invalid');
      const mappings = parseJsonColumn<FieldMappings>(row.field_mappings, {});
      // Spec section 5: configured only with both a subject and a body mapping; enforced before sending.
      if (!isValueMessagingConfigured(mappings)) {
        throw unavailable(
          'Map the value message subject and body to this tool’s fields before sending',
          'fields_not_mapped',
        );
      }
      // Asked per call: a long send outlives an OAuth access token. A refresh the tool refuses
      // fails this batch's messages with its reason (the connection is INVALID by then).
      const credential = async (): Promise<{ ok: true; value: string } | { ok: false; reason: string }> => {
        try {
          return { ok: true, value: await deps.credentialFor(tenantId, type) };
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          return { ok: false, reason: error.message };
        }
      };
      return {
        type,
        mappings,
        batchSize: adapter.batchSize,
        upsert: async (contacts) => {
          const c = await credential();
          if (!c.ok) return contacts.map((contact) => ({ email: contact.email, ok: false as const, reason: c.reason }));
          return adapter.upsertContacts(c.value, contacts);
        },
        ...(adapter.enroll
          ? {
              enroll: async (sequenceId: string, vendorIds: string[], mailboxId: string | null) => {
                const c = await credential();
                if (!c.ok) return new Map(vendorIds.map((id) => [id, c.reason]));
                return (
                  (await adapter.enroll?.(c.value, sequenceId, vendorIds, mailboxId)) ??
                  new Map<string, string | null>()
                );
              },
            }
          : {}),
      };
    },
  };
}
