import type { AiEmailPreferences } from '@quarry/shared';

/** The lists as saved: each text trimmed, blank ones left out. */
export type EmailPreferencesToSave = {
  body: AiEmailPreferences;
  /** For each saved text, its place in the list as shown, to put a refusal naming "rules.1" under the right input. */
  shownIndex: { rules: number[]; example_emails: number[] };
};

function kept(items: readonly string[]): { values: string[]; indexes: number[] } {
  const values: string[] = [];
  const indexes: number[] = [];
  items.forEach((item, index) => {
    const value = item.trim();
    if (!value) return;
    values.push(value);
    indexes.push(index);
  });
  return { values, indexes };
}

/** What Save sends for the lists as edited. */
export function emailPreferencesToSave(rules: readonly string[], examples: readonly string[]): EmailPreferencesToSave {
  const r = kept(rules);
  const e = kept(examples);
  return {
    body: { rules: r.values, example_emails: e.values },
    shownIndex: { rules: r.indexes, example_emails: e.indexes },
  };
}
