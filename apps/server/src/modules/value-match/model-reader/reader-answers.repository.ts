import type { Db } from '../../../db/connection.ts';
import { scopedTo, tenantKey } from '../../../db/scoped.ts';
import type { ReaderCache } from './confirm-candidates.ts';
import type { ReaderVerdict } from './reader-client.ts';

/** Ids per query: well within SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 1_000;

/** The model reader's answers per tenant, profile version and hit (migration 028). */
export function createReaderAnswersRepository(db: Db): ReaderCache {
  return {
    async find(tenantId, profileVersion, hitIds) {
      const found = new Map<string, ReaderVerdict>();
      for (let i = 0; i < hitIds.length; i += CHUNK) {
        const rows = await scopedTo(db, tenantId)
          .selectFrom('value_match_reader_answers')
          .select(['hit_id', 'verdict', 'quote'])
          .where('profile_version', '=', profileVersion)
          .where('hit_id', 'in', hitIds.slice(i, i + CHUNK))
          .execute();
        for (const r of rows) found.set(r.hit_id, { verdict: r.verdict === 'yes' ? 'yes' : 'no', quote: r.quote });
      }
      return found;
    },
    async save(tenantId, profileVersion, answers, at) {
      const rows = [...answers].map(([hit_id, a]) => ({
        profile_version: profileVersion,
        hit_id,
        verdict: a.verdict,
        quote: a.quote.slice(0, 2_000),
        answered_at: at,
      }));
      for (let i = 0; i < rows.length; i += CHUNK) {
        await scopedTo(db, tenantId)
          .insertInto('value_match_reader_answers')
          .values(rows.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc.columns(tenantKey('profile_version', 'hit_id')).doUpdateSet((eb) => ({
              verdict: eb.ref('excluded.verdict'),
              quote: eb.ref('excluded.quote'),
              answered_at: eb.ref('excluded.answered_at'),
            })),
          )
          .execute();
      }
    },
  };
}
