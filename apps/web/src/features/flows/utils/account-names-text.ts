import type { TFunction } from 'i18next';

/** The first account names the row has, then "and N more" for the rest of the flow's accounts. */
export function accountNamesText(names: readonly string[], count: number, t: TFunction): string {
  const shown = names.join(', ');
  const more = count - names.length;
  return more > 0 ? t('flows.accountsMore', { names: shown, count: more }) : shown;
}
