import type { FlowMessageStatus, FlowStatus, FlowType } from '@quarry/shared';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { FlowMessagesTable, FlowsTable } from '../../db/schema.ts';

export type FlowRow = Selectable<FlowsTable> & { initiated_by_name: string | null };
export type FlowMessageRow = Selectable<FlowMessagesTable>;
export type NewFlowMessage = Omit<Insertable<FlowMessagesTable>, 'tenant_id' | 'flow_id'>;

/** Which flows a reader sees: their own, or (managers and admins) the whole company's. */
export type FlowReader = { tenantId: string; uid: string; seesAll: boolean };

export type FlowListFilters = {
  status?: FlowStatus;
  type?: FlowType;
  /** Flows created before this are left out (and counted); null keeps every one. */
  createdSince: string | null;
  limit: number;
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
  const flowsOf = (reader: FlowReader) => {
    let query = db
      .selectFrom('flows')
      .leftJoin('users', (join) =>
        join.onRef('users.uid', '=', 'flows.initiated_by').onRef('users.company', '=', 'flows.tenant_id'),
      )
      .selectAll('flows')
      .select('users.display_name as initiated_by_name')
      .where('flows.tenant_id', '=', reader.tenantId);
    if (!reader.seesAll) query = query.where('flows.initiated_by', '=', reader.uid);
    return query;
  };

  return {
    async insert(flow: Insertable<FlowsTable>, messages: NewFlowMessage[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('flows').values(flow).execute();
        // Chunks keep each statement under both engines' bound-parameter limits.
        for (let i = 0; i < messages.length; i += 200) {
          await trx
            .insertInto('flow_messages')
            .values(messages.slice(i, i + 200).map((m) => ({ ...m, tenant_id: flow.tenant_id, flow_id: flow.id })))
            .execute();
        }
      });
    },

    async list(reader: FlowReader, f: FlowListFilters): Promise<{ rows: FlowRow[]; olderCount: number }> {
      let query = flowsOf(reader);
      if (f.status) query = query.where('flows.status', '=', f.status);
      if (f.type) query = query.where('flows.type', '=', f.type);
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
      let query = db
        .selectFrom('flow_messages')
        .selectAll()
        .where('tenant_id', '=', tenantId)
        .where('flow_id', '=', flowId);
      if (statuses) query = query.where('status', 'in', statuses);
      return query.orderBy('position').execute();
    },

    message(tenantId: string, flowId: string, messageId: string): Promise<FlowMessageRow | undefined> {
      return db
        .selectFrom('flow_messages')
        .selectAll()
        .where('tenant_id', '=', tenantId)
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
      changes: Updateable<FlowMessagesTable>,
    ): Promise<boolean> {
      let query = db
        .updateTable('flow_messages')
        .set({ ...changes, version: expect.version + 1 })
        .where('tenant_id', '=', tenantId)
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
      groups: { messages: { id: string; version: number }[]; changes: Updateable<FlowMessagesTable> }[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        let changed = 0;
        for (const { messages, changes } of groups) {
          for (let i = 0; i < messages.length; i += MESSAGES_PER_STATEMENT) {
            const part = messages.slice(i, i + MESSAGES_PER_STATEMENT);
            const result = await trx
              .updateTable('flow_messages')
              .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
              .where('tenant_id', '=', tenantId)
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
      changes: Updateable<FlowMessagesTable> & { status: FlowMessageStatus; updated_at: string },
    ): Promise<number> {
      const result = await db
        .updateTable('flow_messages')
        .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
        .where('tenant_id', '=', tenantId)
        .where('flow_id', '=', flowId)
        .where('status', '=', from)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Retry: every message back to pending, its text and edits gone, to be written again. */
    async resetMessages(tenantId: string, flowId: string, at: string): Promise<void> {
      await db
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
        .where('tenant_id', '=', tenantId)
        .where('flow_id', '=', flowId)
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
      changes: Updateable<FlowsTable>,
      fromStatuses?: FlowStatus[],
    ): Promise<boolean> {
      let query = db.updateTable('flows').set(changes).where('tenant_id', '=', tenantId).where('id', '=', flowId);
      if (fromStatuses) query = query.where('status', 'in', fromStatuses);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Recounts the flow's messages by status onto its row; answers the counts. */
    async refreshCounts(tenantId: string, flowId: string, at: string): Promise<Record<FlowMessageStatus, number>> {
      const rows = await db
        .selectFrom('flow_messages')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('tenant_id', '=', tenantId)
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
      const changes: Updateable<FlowsTable> = { updated_at: at };
      for (const [status, column] of Object.entries(COUNT_OF)) {
        if (column) Object.assign(changes, { [column]: counts[status as FlowMessageStatus] });
      }
      // Written: everything that is no longer waiting for the writer.
      changes.generated_count = Object.values(counts).reduce((a, b) => a + b, 0) - counts.pending;
      await db.updateTable('flows').set(changes).where('tenant_id', '=', tenantId).where('id', '=', flowId).execute();
      return counts;
    },

    /** Deletes the flow (its messages go with it) while its status is one of `fromStatuses`. */
    async remove(tenantId: string, flowId: string, fromStatuses: FlowStatus[]): Promise<boolean> {
      const result = await db
        .deleteFrom('flows')
        .where('tenant_id', '=', tenantId)
        .where('id', '=', flowId)
        .where('status', 'in', fromStatuses)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type FlowsRepository = ReturnType<typeof createFlowsRepository>;
