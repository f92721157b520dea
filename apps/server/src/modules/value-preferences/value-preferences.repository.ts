import crypto from 'node:crypto';
import type {
  QualificationSignalBody,
  StoredQualificationSignal,
  StoredTrigger,
  StoredValueHypothesis,
  TriggerBody,
  UpdateQualificationSignalBody,
  UpdateTriggerBody,
  UpdateValueHypothesisBody,
  ValueHypothesisBody,
} from '@quarry/shared';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { QualificationSignalsTable, TriggersTable, ValueHypothesesTable } from '../../db/schema.ts';
import { scopedTo, type WithoutTenant } from '../../db/scoped.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

const stampsOf = (row: { created_at: string; created_by: string; updated_at: string; updated_by: string }) => ({
  created: row.created_at,
  created_by: row.created_by,
  updated: row.updated_at,
  updated_by: row.updated_by,
});

function toHypothesis(row: WithoutTenant<Selectable<ValueHypothesesTable>>): StoredValueHypothesis {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility === 'private' ? 'private' : 'public',
    problem_or_goal: row.problem_or_goal,
    product_value: row.product_value,
    roi_explanation: row.roi_explanation,
    importance: row.importance,
    observation: row.observation,
    ...stampsOf(row),
  };
}

function toTrigger(row: WithoutTenant<Selectable<TriggersTable>>): StoredTrigger {
  return {
    id: row.id,
    name: row.name,
    hit_type: row.hit_type as StoredTrigger['hit_type'],
    phrases: parseJsonColumn<string[]>(row.phrases, []),
    enabled: row.enabled === 1,
    hypothesis_ids: parseJsonColumn<string[]>(row.hypothesis_ids, []),
    ...stampsOf(row),
  };
}

function toSignal(row: WithoutTenant<Selectable<QualificationSignalsTable>>): StoredQualificationSignal {
  return {
    id: row.id,
    type: row.type as StoredQualificationSignal['type'],
    text: row.text,
    explanation: row.explanation,
    ...stampsOf(row),
  };
}

/** The tenant's value preferences: hypotheses, triggers, qualification signals and target titles. */
export function createValuePreferencesRepository(db: Db) {
  const scoped = (ctx: Pick<RequestContext, 'tenantId'>) => scopedTo(db, ctx.tenantId);
  const created = (ctx: RequestContext) => {
    const at = nowIso();
    return { created_at: at, created_by: ctx.uid, updated_at: at, updated_by: ctx.uid };
  };
  const updated = (ctx: RequestContext) => ({ updated_at: nowIso(), updated_by: ctx.uid });

  /** Public hypotheses and the caller's own private ones (spec section 6). */
  const visibleHypotheses = (ctx: RequestContext) =>
    scoped(ctx)
      .selectFrom('value_hypotheses')
      .selectAll()
      .where((eb) => eb.or([eb('visibility', '=', 'public'), eb('created_by', '=', ctx.uid)]));

  return {
    async listHypotheses(ctx: RequestContext): Promise<StoredValueHypothesis[]> {
      const rows = await visibleHypotheses(ctx).orderBy('created_at').orderBy('id').execute();
      return rows.map(toHypothesis);
    },

    async findHypothesis(ctx: RequestContext, id: string): Promise<StoredValueHypothesis | null> {
      const row = await visibleHypotheses(ctx).where('id', '=', id).executeTakeFirst();
      return row ? toHypothesis(row) : null;
    },

    /** Of `ids`, those naming a hypothesis the caller may see (one query, whatever the count). */
    async visibleHypothesisIds(ctx: RequestContext, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await visibleHypotheses(ctx).clearSelect().select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /**
     * Of `ids`, those naming a hypothesis of the caller's tenant whatever its visibility, including
     * a colleague's private one. Only for keeping links the caller cannot see; never answer a
     * caller with it.
     */
    async tenantHypothesisIds(ctx: Pick<RequestContext, 'tenantId'>, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await scoped(ctx).selectFrom('value_hypotheses').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** What the engine weighs: every public hypothesis of the tenant (a private one is its owner's note). */
    async publicHypotheses(ctx: Pick<RequestContext, 'tenantId'>): Promise<StoredValueHypothesis[]> {
      const rows = await scoped(ctx)
        .selectFrom('value_hypotheses')
        .selectAll()
        .where('visibility', '=', 'public')
        .orderBy('id')
        .execute();
      return rows.map(toHypothesis);
    },

    async createHypothesis(ctx: RequestContext, body: ValueHypothesisBody, id: string = crypto.randomUUID()) {
      const row = { id, ...body, ...created(ctx) };
      await scoped(ctx).insertInto('value_hypotheses').values(row).execute();
      return toHypothesis(row);
    },

    async updateHypothesis(ctx: RequestContext, id: string, patch: UpdateValueHypothesisBody): Promise<void> {
      await scoped(ctx)
        .updateTable('value_hypotheses')
        .set({ ...patch, ...updated(ctx) })
        .where('id', '=', id)
        .execute();
    },

    /**
     * Deletes a hypothesis and, in the same transaction, takes its id out of every trigger of the
     * tenant that supported it, so no trigger keeps a dangling id; a trigger left with none is
     * switched off.
     */
    async deleteHypothesis(ctx: RequestContext, id: string): Promise<void> {
      await scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('value_hypotheses').where('id', '=', id).execute();
          const triggers = await trx.selectFrom('triggers').select(['id', 'hypothesis_ids']).execute();
          for (const trigger of triggers) {
            const ids = parseJsonColumn<string[]>(trigger.hypothesis_ids, []);
            if (!ids.includes(id)) continue;
            const rest = ids.filter((other) => other !== id);
            // No ids means "supports every hypothesis": a trigger that supported only this one is
            // switched off rather than silently widened to all of them.
            await trx
              .updateTable('triggers')
              .set({
                hypothesis_ids: JSON.stringify(rest),
                ...(rest.length === 0 ? { enabled: 0 } : {}),
                ...updated(ctx),
              })
              .where('id', '=', trigger.id)
              .execute();
          }
        });
    },

    /**
     * Every trigger of the tenant with all its hypothesis links, as the engine needs them. A reader
     * gets them through the service, which keeps only the links that reader may see.
     */
    async listTriggers(ctx: Pick<RequestContext, 'tenantId'>): Promise<StoredTrigger[]> {
      const rows = await scoped(ctx).selectFrom('triggers').selectAll().orderBy('created_at').orderBy('id').execute();
      return rows.map(toTrigger);
    },

    async findTrigger(ctx: RequestContext, id: string): Promise<StoredTrigger | null> {
      const row = await scoped(ctx).selectFrom('triggers').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toTrigger(row) : null;
    },

    async createTrigger(ctx: RequestContext, body: TriggerBody, id: string = crypto.randomUUID()) {
      const row = {
        id,
        name: body.name,
        hit_type: body.hit_type,
        phrases: JSON.stringify(body.phrases),
        enabled: body.enabled ? 1 : 0,
        hypothesis_ids: JSON.stringify(body.hypothesis_ids),
        ...created(ctx),
      };
      await scoped(ctx).insertInto('triggers').values(row).execute();
      return toTrigger(row);
    },

    async updateTrigger(ctx: RequestContext, id: string, patch: UpdateTriggerBody): Promise<void> {
      await scoped(ctx)
        .updateTable('triggers')
        .set({
          ...(patch.name !== undefined && { name: patch.name }),
          ...(patch.hit_type !== undefined && { hit_type: patch.hit_type }),
          ...(patch.phrases !== undefined && { phrases: JSON.stringify(patch.phrases) }),
          ...(patch.enabled !== undefined && { enabled: patch.enabled ? 1 : 0 }),
          ...(patch.hypothesis_ids !== undefined && { hypothesis_ids: JSON.stringify(patch.hypothesis_ids) }),
          ...updated(ctx),
        })
        .where('id', '=', id)
        .execute();
    },

    async deleteTrigger(ctx: RequestContext, id: string): Promise<void> {
      await scoped(ctx).deleteFrom('triggers').where('id', '=', id).execute();
    },

    async listSignals(ctx: Pick<RequestContext, 'tenantId'>): Promise<StoredQualificationSignal[]> {
      const rows = await scoped(ctx)
        .selectFrom('qualification_signals')
        .selectAll()
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toSignal);
    },

    async findSignal(ctx: RequestContext, id: string): Promise<StoredQualificationSignal | null> {
      const row = await scoped(ctx)
        .selectFrom('qualification_signals')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? toSignal(row) : null;
    },

    async createSignal(ctx: RequestContext, body: QualificationSignalBody, id: string = crypto.randomUUID()) {
      const row = { id, ...body, ...created(ctx) };
      await scoped(ctx).insertInto('qualification_signals').values(row).execute();
      return toSignal(row);
    },

    async updateSignal(ctx: RequestContext, id: string, patch: UpdateQualificationSignalBody): Promise<void> {
      await scoped(ctx)
        .updateTable('qualification_signals')
        .set({ ...patch, ...updated(ctx) })
        .where('id', '=', id)
        .execute();
    },

    async deleteSignal(ctx: RequestContext, id: string): Promise<void> {
      await scoped(ctx).deleteFrom('qualification_signals').where('id', '=', id).execute();
    },

    async listTitles(ctx: Pick<RequestContext, 'tenantId'>): Promise<string[]> {
      const rows = await scoped(ctx).selectFrom('target_titles').select('title').orderBy('position').execute();
      return rows.map((r) => r.title);
    },

    async replaceTitles(ctx: Pick<RequestContext, 'tenantId'>, titles: string[]): Promise<void> {
      await scoped(ctx)
        .transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('target_titles').execute();
          if (titles.length === 0) return;
          await trx
            .insertInto('target_titles')
            .values(titles.map((title, position) => ({ position, title })))
            .execute();
        });
    },
  };
}

export type ValuePreferencesRepository = ReturnType<typeof createValuePreferencesRepository>;
