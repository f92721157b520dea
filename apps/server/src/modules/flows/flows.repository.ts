import type { FlowMessageStatus, FlowStatus, FlowType } from '@quarry/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { FlowMessagesTable, FlowsTable } from '../../db/schema.ts';
import { type ScopedDatabase, scopedTo, type WithoutTenant } from '../../db/scoped.ts';

export type FlowRow = WithoutTenant<Selectable<FlowsTable>> & { initiated_by_name: string | null };
export type FlowMessageRow = Selectable<FlowMessagesTable>;
export type NewFlowMessage = WithoutTenant<Omit<Insertable<FlowMessagesTable>, 'flow_id'>>;

/** Which flows a reader sees: their own, or (managers and admins) the whole company's. */
export type FlowReader = { tenantId: string; uid: string; seesAll: boolean };

export type FlowListFilters = {
  status?: FlowStatus;
  type?: FlowType;
  /** Flows created before this are left out (and counted); null keeps every one. */
  createdSince: string | null;
  limit: number;
  /** Only flows writing to one of these contacts. */
  contactIds?: string[];
};

/** Counts of a flow's messages by status, as kept on the flow row. */
const COUNT_OF: Record<FlowMessageStatus, keyof FlowsTable | null> = {
  pending: null,
  generated: 'generated_count',
  needs_review: 'needs_review_count',
  approved: 'approved_count',
  delivered: 'delivered_count',
  delivery_failed: 'delivery_failed_count',
};

/** Messages one update names at most: two bound values each, far below both engines' limits. */
const MESSAGES_PER_STATEMENT = 500;

/** Flows and their messages, always within one tenant. */
export function createFlowsRepository(db: Db) {
  const scoped = (tenantId: string) => scopedTo(db, tenantId);
  const flowsOf = (reader: FlowReader) => {
    let query = scoped(reader.tenantId)
      .selectFrom('flows')
      .leftJoin('users', (join) =>
        join.onRef('users.uid', '=', 'flows.initiated_by').on('users.company', '=', reader.tenantId),
      )
      .selectAll('flows')
      .select('users.display_name as initiated_by_name');
    if (!reader.seesAll) query = query.where('flows.initiated_by', '=', reader.uid);
    return query;
  };

  return {
    async insert(
      tenantId: string,
      flow: WithoutTenant<Insertable<FlowsTable>>,
      messages: NewFlowMessage[],
    ): Promise<void> {
      await scoped(tenantId)
        .transaction()
        .execute(async (trx) => {
          await trx.insertInto('flows').values(flow).execute();
          // Chunks keep each statement under both engines' bound-parameter limits.
          for (let i = 0; i < messages.length; i += 200) {
            await trx
              .insertInto('flow_messages')
              .values(messages.slice(i, i + 200).map((m) => ({ ...m, flow_id: flow.id })))
              .execute();
          }
        });
    },

    async list(reader: FlowReader, f: FlowListFilters): Promise<{ rows: FlowRow[]; olderCount: number }> {
      let query = flowsOf(reader);
      if (f.status) query = query.where('flows.status', '=', f.status);
      if (f.type) query = query.where('flows.type', '=', f.type);
      const contactIds = f.contactIds;
      if (contactIds?.length) {
        query = query.where('flows.id', 'in', (eb) =>
          eb
            .selectFrom('flow_messages')
            .select('flow_messages.flow_id')
            .where('flow_messages.contact_id', 'in', contactIds),
        );
      }
      const recent = f.createdSince ? query.where('flows.created_at', '>=', f.createdSince) : query;
      const [rows, older] = await Promise.all([
        recent.orderBy('flows.created_at', 'desc').orderBy('flows.id', 'desc').limit(f.limit).execute(),
        f.createdSince
          ? query
              .clearSelect()
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('flows.created_at', '<', f.createdSince)
              .executeTakeFirst()
          : undefined,
      ]);
      return { rows, olderCount: Number(older?.n ?? 0) };
    },

    async find(reader: FlowReader, flowId: string): Promise<FlowRow | undefined> {
      return flowsOf(reader).where('flows.id', '=', flowId).executeTakeFirst();
    },

    /** The flow for its job, whoever started it. */
    async findForJob(tenantId: string, flowId: string): Promise<FlowRow | undefined> {
      return flowsOf({ tenantId, uid: '', seesAll: true }).where('flows.id', '=', flowId).executeTakeFirst();
    },

    messages(tenantId: string, flowId: string, statuses?: FlowMessageStatus[]): Promise<FlowMessageRow[]> {
      let query = scoped(tenantId).selectFrom('flow_messages').selectAll().where('flow_id', '=', flowId);
      if (statuses) query = query.where('status', 'in', statuses);
      return query.orderBy('position').execute();
    },

    message(tenantId: string, flowId: string, messageId: string): Promise<FlowMessageRow | undefined> {
      return scoped(tenantId)
        .selectFrom('flow_messages')
        .selectAll()
        .where('flow_id', '=', flowId)
        .where('id', '=', messageId)
        .executeTakeFirst();
    },

    /**
     * Changes one message only if it is still at `version` (and, if given, in one of `fromStatuses`),
     * moving it to the next version; answers whether it did.
     */
    async updateMessage(
      tenantId: string,
      flowId: string,
      messageId: string,
      expect: { version: number; fromStatuses?: FlowMessageStatus[] },
      changes: Updateable<ScopedDatabase['flow_messages']>,
    ): Promise<boolean> {
      let query = scoped(tenantId)
        .updateTable('flow_messages')
        .set({ ...changes, version: expect.version + 1 })
        .where('flow_id', '=', flowId)
        .where('id', '=', messageId)
        .where('version', '=', expect.version);
      if (expect.fromStatuses) query = query.where('status', 'in', expect.fromStatuses);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Groups of messages, each group getting the same changes, in one transaction and one statement
     * per group (a send's answer from the tool: the delivered, then the failed by reason), each
     * message only at the version it was read and in one of `fromStatuses`; answers how many changed.
     * A batch of a hundred answers is a few statements, so the connection is not held per message.
     */
    async updateMessages(
      tenantId: string,
      flowId: string,
      fromStatuses: FlowMessageStatus[],
      groups: { messages: { id: string; version: number }[]; changes: Updateable<ScopedDatabase['flow_messages']> }[],
    ): Promise<number> {
      return scoped(tenantId)
        .transaction()
        .execute(async (trx) => {
          let changed = 0;
          for (const { messages, changes } of groups) {
            for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
              const part = messages.slice(i, i + MESSAGES_PER_STATEMENT);
              const result = await trx
                .updateTable('flow_messages')
                .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
                .where('flow_id', '=', flowId)
                .where('status', 'in', fromStatuses)
                .where((eb) =>
                  eb(
                    eb.refTuple('id', 'version'),
                    'in',
                    part.map((m) => eb.tuple(m.id, m.version)),
                  ),
                )
                .executeTakeFirst();
              changed += Number(result.numUpdatedRows);
            }
          }
          return changed;
        });
    },

    /** Moves every message in `from` to `to` (approve all, deliver the approved); answers how many moved. */
    async moveMessages(
      tenantId: string,
      flowId: string,
      from: FlowMessageStatus,
      changes: Updateable<ScopedDatabase['flow_messages']> & { status: FlowMessageStatus; updated_at: string },
    ): Promise<number> {
      const result = await scoped(tenantId)
        .updateTable('flow_messages')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
        .where('flow_id', '=', flowId)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Retry: every message back to pending, its text and edits gone, to be written again. */
    async resetMessages(tenantId: string, flowId: string, at: string): Promise<void> {
      await scoped(tenantId)
        .updateTable('flow_messages')
        .set((eb) => ({
          status: 'pending',
          review_reason: null,
          review_detail: null,
          steps: '[]',
          edited: 0,
          delivery_error: null,
          updated_at: at,
          version: eb('version', '+', 1),
        }))
        .where('flow_id', '=', flowId)
        // A delivered message is a record that it went out: never written again.
        .where('status', '<>', 'delivered')
        .execute();
    },

    /**
     * Sets the flow's fields, only while its status is one of `fromStatuses` when given; answers
     * whether it did. The status check in the UPDATE makes a transition happen once however many
     * requests or workers race for it.
     */
    async updateFlow(
      tenantId: string,
      flowId: string,
      changes: Updateable<ScopedDatabase['flows']>,
      fromStatuses?: FlowStatus[],
    ): Promise<boolean> {
      let query = scoped(tenantId).updateTable('flows').set(changes).where('id', '=', flowId);
      if (fromStatuses) query = query.where('status', 'in', fromStatuses);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Recounts the flow's messages by status onto its row; answers the counts. */
    async refreshCounts(tenantId: string, flowId: string, at: string): Promise<Record<FlowMessageStatus, number>> {
      const rows = await scoped(tenantId)
        .selectFrom('flow_messages')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('flow_id', '=', flowId)
        .groupBy('status')
        .execute();
      const counts: Record<FlowMessageStatus, number> = {
        pending: 0,
        generated: 0,
        needs_review: 0,
        approved: 0,
        delivered: 0,
        delivery_failed: 0,
      };
      for (const r of rows) if (r.status in counts) counts[r.status as FlowMessageStatus] = Number(r.n);
      const changes: Updateable<ScopedDatabase['flows']> = { updated_at: at };
      for (const [status, column] of Object.entries(COUNT_OF)) {
        if (column) Object.assign(changes, { [column]: counts[status as FlowMessageStatus] });
      }
      // Written: everything that is no longer waiting for the writer.
      changes.generated_count = Object.values(counts).reduce((a, b) => a + b, 0) - counts.pending;
      await scoped(tenantId).updateTable('flows').set(changes).where('id', '=', flowId).execute();
      return counts;
    },

    /** Deletes one message while it is in one of `fromStatuses`; answers whether it did. */
    async removeMessage(
      tenantId: string,
      flowId: string,
      messageId: string,
      fromStatuses: FlowMessageStatus[],
    ): Promise<boolean> {
      const result = await scoped(tenantId)
        .deleteFrom('flow_messages')
        .where('flow_id', '=', flowId)
        .where('id', '=', messageId)
        .where('status', 'in', fromStatuses)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Deletes the flow (its messages go with it) while its status is one of `fromStatuses`. */
    async remove(tenantId: string, flowId: string, fromStatuses: FlowStatus[]): Promise<boolean> {
      const result = await scoped(tenantId)
        .deleteFrom('flows')
        .where('id', '=', flowId)
        .where('status', 'in', fromStatuses)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type FlowsRepository = ReturnType<typeof createFlowsRepository>;
