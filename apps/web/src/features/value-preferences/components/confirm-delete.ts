import { confirm } from '../../../components/confirm-dialog.tsx';
import { i18n } from '../../../lib/i18n.ts';

/** What is being deleted; picks the dialog's body text. */
export type PreferenceKind = 'signal' | 'hypothesis' | 'trigger';

const MESSAGE_KEY: Record<PreferenceKind, string> = {
  signal: 'preferences.deleteSignalMessage',
  hypothesis: 'preferences.deleteHypothesisMessage',
  trigger: 'preferences.deleteTriggerMessage',
};

/**
 * Asks before deleting a value preference (danger variant of the generic confirm dialog):
 * resolves true only when the user clicks Delete; Cancel or closing changes nothing.
 */
export function confirmPreferenceDelete(kind: PreferenceKind, name: string): Promise<boolean> {
  return confirm({
    title: i18n.t('preferences.deleteTitle', { name }),
    message: i18n.t(MESSAGE_KEY[kind]),
    proceedLabel: i18n.t('preferences.delete'),
    danger: true,
  });
}

/**
 * Asks before Cancel (or Escape) throws away an edit that changed something: resolves true when
 * the user chooses to discard it, false to keep editing.
 */
export function confirmPreferenceDiscard(kind: Extract<PreferenceKind, 'signal' | 'trigger'>): Promise<boolean> {
  return confirm({
    title: i18n.t('preferences.discardTitle'),
    message: i18n.t(kind === 'trigger' ? 'preferences.discardTrigger' : 'preferences.discardSignal'),
    proceedLabel: i18n.t('preferences.discard'),
    danger: true,
  });
}
