import type {
  QualificationSignalBody,
  StoredTrigger,
  StoredValueHypothesis,
  TriggerBody,
  UpdateQualificationSignalBody,
  UpdateTriggerBody,
  UpdateValueHypothesisBody,
  ValueHypothesisBody,
} from '@quarry/shared';
import { fieldFailure, forbidden, invalidField, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { sameWords } from '../../lib/same-words.ts';
import type { ValuePreferencesRepository } from './value-preferences.repository.ts';

/** Admins and managers change the tenant's value preferences; everyone reads them. */
export function requireEditor(ctx: RequestContext): void {
  if (!ctx.isAdmin && !ctx.isManager)
    throw forbidden('Only admins and managers can change value preferences', 'admin_or_manager_only');
}

/**
 * Value preferences are tenant-level: everyone reads (public hypotheses and their own private
 * ones), admins and managers change them; every change asks for the tenant's matches again.
 */
export function createValuePreferencesService(deps: {
  preferences: ValuePreferencesRepository;
  /** Queues a recompute of the tenant's value matches. */
  requestRecompute: (tenantId: string) => Promise<void>;
}) {
  const { preferences, requestRecompute } = deps;

  /** Another tenant's hypothesis and a colleague's private one answer 404, like one that does not exist. */
  async function requireHypothesis(ctx: RequestContext, id: string): Promise<StoredValueHypothesis> {
    const found = await preferences.findHypothesis(ctx, id);
    if (!found) throw notFound('Value hypothesis not found');
    return found;
  }

  /** The stored trigger with every hypothesis link, seen or not: for the service's own use only. */
  async function requireTrigger(ctx: RequestContext, id: string): Promise<StoredTrigger> {
    const found = await preferences.findTrigger(ctx, id);
    if (!found) throw notFound('Trigger not found');
    return found;
  }

  /*
   * A trigger's hypothesis links, and who sees them.
   *
   * - Writing: every id sent in `hypothesis_ids` must name a hypothesis the caller may see (their
   *   tenant's, public or their own private one). Any other id, another tenant's, a colleague's
   *   private one or one that does not exist, answers the same 400 "hypothesis_ids: …", and
   *   nothing is saved.
   * - Reading: a reader is shown only the links to hypotheses they may see; the ids of a
   *   colleague's private hypotheses (and any id naming nothing) are left out.
   * - Updating: since the caller never saw the hidden links, the list they send replaces only the
   *   links they can see. A link to a hypothesis of the tenant that is hidden from them (one that
   *   was public when linked and was later made private by its owner) is kept as it was, so
   *   saving a trigger cannot silently unlink it. Only the hypothesis' owner, who sees it, can
   *   remove that link (or deleting the hypothesis does). A stored id naming no hypothesis of the
   *   tenant is not kept: an update that sends `hypothesis_ids` drops it.
   * - The value-match engine reads the triggers from the repository, with every link, and is not
   *   concerned by any of this.
   */

  async function requireVisibleHypotheses(ctx: RequestContext, ids: string[]): Promise<void> {
    const visible = await preferences.visibleHypothesisIds(ctx, ids);
    const unknown = [...new Set(ids.filter((id) => !visible.has(id)))];
    if (unknown.length > 0)
      throw invalidField('hypothesis_ids', `Unknown hypothesis: ${unknown.join(', ')}`, 'unknown_reference');
  }

  /** The triggers as `ctx` may see them: links to hypotheses hidden from the reader are left out. */
  async function asSeenBy(ctx: RequestContext, triggers: StoredTrigger[]): Promise<StoredTrigger[]> {
    const linked = [...new Set(triggers.flatMap((t) => t.hypothesis_ids))];
    const [visible, inTenant] = await Promise.all([
      preferences.visibleHypothesisIds(ctx, linked),
      preferences.tenantHypothesisIds(ctx, linked),
    ]);
    // Hidden links are counted, so the reader knows the trigger is tied to hypotheses (it does not
    // support every one), without learning their ids.
    return triggers.map((t) => ({
      ...t,
      hypothesis_ids: t.hypothesis_ids.filter((id) => visible.has(id)),
      private_hypothesis_count: t.hypothesis_ids.filter((id) => inTenant.has(id) && !visible.has(id)).length,
    }));
  }

  async function seenTrigger(ctx: RequestContext, id: string): Promise<StoredTrigger> {
    const [seen] = await asSeenBy(ctx, [await requireTrigger(ctx, id)]);
    return seen as StoredTrigger;
  }

  /** Of a trigger's stored links, those to a hypothesis of the tenant that `ctx` may not see. */
  async function hiddenLinks(ctx: RequestContext, stored: string[]): Promise<string[]> {
    const [visible, inTenant] = await Promise.all([
      preferences.visibleHypothesisIds(ctx, stored),
      preferences.tenantHypothesisIds(ctx, stored),
    ]);
    return stored.filter((id) => inTenant.has(id) && !visible.has(id));
  }

  /**
   * A trigger's name tells it apart on the preferences screen, in its delete confirmation and in
   * why-now: a second trigger of one name (letter case and spaces aside) is refused, the field named.
   */
  async function requireFreeTriggerName(ctx: RequestContext, name: string, ownId?: string): Promise<void> {
    const taken = (await preferences.listTriggers(ctx)).some((t) => t.id !== ownId && sameWords(t.name, name));
    if (taken) throw fieldFailure(409, 'conflict', 'name', 'A trigger with this name already exists', 'taken');
  }

  /** One signal per wording, whatever its type: a second would count twice, or contradict the first. */
  async function requireFreeSignalText(ctx: RequestContext, text: string, ownId?: string): Promise<void> {
    const taken = (await preferences.listSignals(ctx)).some((s) => s.id !== ownId && sameWords(s.text, text));
    if (taken) throw fieldFailure(409, 'conflict', 'text', 'This qualification signal already exists', 'taken');
  }

  async function requireSignal(ctx: RequestContext, id: string) {
    const found = await preferences.findSignal(ctx, id);
    if (!found) throw notFound('Qualification signal not found');
    return found;
  }

  /** Runs a change as an editor, then queues the recompute. */
  async function edit<T>(ctx: RequestContext, change: () => Promise<T>): Promise<T> {
    requireEditor(ctx);
    const answer = await change();
    await requestRecompute(ctx.tenantId);
    return answer;
  }

  return {
    listHypotheses: (ctx: RequestContext) => preferences.listHypotheses(ctx),
    getHypothesis: requireHypothesis,
    createHypothesis: (ctx: RequestContext, body: ValueHypothesisBody) =>
      edit(ctx, () => preferences.createHypothesis(ctx, body)),
    updateHypothesis: (ctx: RequestContext, id: string, patch: UpdateValueHypothesisBody) =>
      edit(ctx, async () => {
        await requireHypothesis(ctx, id);
        await preferences.updateHypothesis(ctx, id, patch);
        return requireHypothesis(ctx, id);
      }),
    removeHypothesis: (ctx: RequestContext, id: string) =>
      edit(ctx, async () => {
        await requireHypothesis(ctx, id);
        await preferences.deleteHypothesis(ctx, id);
      }),

    listTriggers: async (ctx: RequestContext) => asSeenBy(ctx, await preferences.listTriggers(ctx)),
    getTrigger: seenTrigger,
    createTrigger: (ctx: RequestContext, body: TriggerBody) =>
      edit(ctx, async () => {
        await requireVisibleHypotheses(ctx, body.hypothesis_ids);
        await requireFreeTriggerName(ctx, body.name);
        return preferences.createTrigger(ctx, { ...body, hypothesis_ids: [...new Set(body.hypothesis_ids)] });
      }),
    updateTrigger: (ctx: RequestContext, id: string, patch: UpdateTriggerBody) =>
      edit(ctx, async () => {
        const stored = await requireTrigger(ctx, id);
        if (patch.name !== undefined) await requireFreeTriggerName(ctx, patch.name, id);
        let change = patch;
        if (patch.hypothesis_ids !== undefined) {
          await requireVisibleHypotheses(ctx, patch.hypothesis_ids);
          // The caller's list replaces the links they can see; the hidden ones are kept (see above).
          const hidden = await hiddenLinks(ctx, stored.hypothesis_ids);
          change = { ...patch, hypothesis_ids: [...new Set([...patch.hypothesis_ids, ...hidden])] };
        }
        await preferences.updateTrigger(ctx, id, change);
        return seenTrigger(ctx, id);
      }),
    removeTrigger: (ctx: RequestContext, id: string) =>
      edit(ctx, async () => {
        await requireTrigger(ctx, id);
        await preferences.deleteTrigger(ctx, id);
      }),

    listSignals: (ctx: RequestContext) => preferences.listSignals(ctx),
    createSignal: (ctx: RequestContext, body: QualificationSignalBody) =>
      edit(ctx, async () => {
        await requireFreeSignalText(ctx, body.text);
        return preferences.createSignal(ctx, body);
      }),
    updateSignal: (ctx: RequestContext, id: string, patch: UpdateQualificationSignalBody) =>
      edit(ctx, async () => {
        await requireSignal(ctx, id);
        if (patch.text !== undefined) await requireFreeSignalText(ctx, patch.text, id);
        await preferences.updateSignal(ctx, id, patch);
        return requireSignal(ctx, id);
      }),
    removeSignal: (ctx: RequestContext, id: string) =>
      edit(ctx, async () => {
        await requireSignal(ctx, id);
        await preferences.deleteSignal(ctx, id);
      }),

    listTitles: async (ctx: RequestContext) => ({ titles: await preferences.listTitles(ctx) }),
    replaceTitles: (ctx: RequestContext, titles: string[]) =>
      edit(ctx, async () => {
        await preferences.replaceTitles(ctx, titles);
        return { titles: await preferences.listTitles(ctx) };
      }),
  };
}

export type ValuePreferencesService = ReturnType<typeof createValuePreferencesService>;
