import type {
  QualificationSignalBody,
  StoredValueHypothesis,
  TriggerBody,
  UpdateQualificationSignalBody,
  UpdateTriggerBody,
  UpdateValueHypothesisBody,
  ValueHypothesisBody,
} from '@quarry/shared';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { ValuePreferencesRepository } from './value-preferences.repository.ts';

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

  function requireEditor(ctx: RequestContext): void {
    if (!ctx.isAdmin && !ctx.isManager) throw forbidden('Only admins and managers can change value preferences');
  }

  /** Another tenant's hypothesis and a colleague's private one answer 404, like one that does not exist. */
  async function requireHypothesis(ctx: RequestContext, id: string): Promise<StoredValueHypothesis> {
    const found = await preferences.findHypothesis(ctx, id);
    if (!found) throw notFound('Value hypothesis not found');
    return found;
  }

  async function requireTrigger(ctx: RequestContext, id: string) {
    const found = await preferences.findTrigger(ctx, id);
    if (!found) throw notFound('Trigger not found');
    return found;
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

    listTriggers: (ctx: RequestContext) => preferences.listTriggers(ctx),
    getTrigger: requireTrigger,
    createTrigger: (ctx: RequestContext, body: TriggerBody) => edit(ctx, () => preferences.createTrigger(ctx, body)),
    updateTrigger: (ctx: RequestContext, id: string, patch: UpdateTriggerBody) =>
      edit(ctx, async () => {
        await requireTrigger(ctx, id);
        await preferences.updateTrigger(ctx, id, patch);
        return requireTrigger(ctx, id);
      }),
    removeTrigger: (ctx: RequestContext, id: string) =>
      edit(ctx, async () => {
        await requireTrigger(ctx, id);
        await preferences.deleteTrigger(ctx, id);
      }),

    listSignals: (ctx: RequestContext) => preferences.listSignals(ctx),
    createSignal: (ctx: RequestContext, body: QualificationSignalBody) =>
      edit(ctx, () => preferences.createSignal(ctx, body)),
    updateSignal: (ctx: RequestContext, id: string, patch: UpdateQualificationSignalBody) =>
      edit(ctx, async () => {
        await requireSignal(ctx, id);
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
