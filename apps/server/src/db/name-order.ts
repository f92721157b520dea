import { type RawBuilder, sql } from 'kysely';
import type { Engine } from './connection.ts';

/**
 * An account name as the account table orders it: by the letters, whatever their case, so that
 * "eBay" sits among the E's and "salesforce.com" among the S's rather than after "Zoetis" (both
 * engines' default orders compare code points). SQLite folds case with NOCASE; PostgreSQL orders
 * by ICU's root collation, which also places accented letters beside their base letter. Migration
 * 056 builds the name indexes in the same collation, so a page is still read from its index in
 * order.
 */
const NAME_COLLATION: Record<Engine, string> = { sqlite: 'nocase', postgres: '"und-x-icu"' };

export function nameOrder(engine: Engine, column: string): RawBuilder<string> {
  return sql<string>`${sql.ref(column)} collate ${sql.raw(NAME_COLLATION[engine])}`;
}
