import { type FilterCondition, type FilterGroup, PICK_LIST_FIELDS, type PickListField } from '@quarry/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.ts';

const isPickListField = (field: string): field is PickListField =>
  (PICK_LIST_FIELDS as readonly string[]).includes(field);

/**
 * The industries and sectors found in the accounts, and filters that name them in any case
 * ("general merchandisers") rewritten to the spellings stored, so the match stays an indexed
 * `IN` rather than a `lower()` over every account.
 */
export function createFilterValuesRepository(db: Db) {
  /** Distinct non-empty values, by skipping from one to the next along the column's index. */
  async function distinct(field: PickListField): Promise<string[]> {
    const column = sql.ref(field);
    const { rows } = await sql<{ value: string | null }>`
      WITH RECURSIVE v(value) AS (
        SELECT min(${column}) FROM master_accounts WHERE ${column} > ''
        UNION ALL
        SELECT (SELECT min(${column}) FROM master_accounts WHERE ${column} > v.value) FROM v WHERE v.value IS NOT NULL
      )
      SELECT value FROM v WHERE value IS NOT NULL`.execute(db);
    return rows.map((r) => r.value as string).sort((a, b) => a.localeCompare(b));
  }

  async function canonical(filter: FilterGroup): Promise<FilterGroup> {
    const used = new Set<PickListField>();
    const collect = (group: FilterGroup) => {
      for (const node of group.values) {
        if (node.complex) collect(node);
        else if (isPickListField(node.field) && node.values.length) used.add(node.field);
      }
    };
    collect(filter);
    if (!used.size) return filter;
    const spellings = new Map<PickListField, Map<string, string[]>>();
    for (const field of used) {
      const byLower = new Map<string, string[]>();
      for (const value of await distinct(field)) {
        const key = value.toLowerCase();
        byLower.set(key, [...(byLower.get(key) ?? []), value]);
      }
      spellings.set(field, byLower);
    }
    const rewrite = (group: FilterGroup): FilterGroup => ({
      ...group,
      values: group.values.map((node): FilterGroup | FilterCondition => {
        if (node.complex) return rewrite(node);
        const byLower = isPickListField(node.field) ? spellings.get(node.field) : undefined;
        if (!byLower) return node;
        // A value found in no account is kept as typed: it still matches nothing.
        const values = node.values.flatMap((v) => byLower.get(v.trim().toLowerCase()) ?? [v]);
        return { ...node, values: [...new Set(values)] };
      }),
    });
    return rewrite(filter);
  }

  return { distinct, canonical };
}

export type FilterValuesRepository = ReturnType<typeof createFilterValuesRepository>;
