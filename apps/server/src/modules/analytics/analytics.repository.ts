import type { AnalyticsEvent } from '@quarry/shared';
import { CompiledQuery, type Insertable, PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { AnalyticsEventsTable } from '../../db/schema.ts';
import {
  insertJsonBatchForTenant,
  scopedTo,
  tenantKey,
  UNREADABLE_IN_POSTGRES_JSON,
  type WithoutTenant,
} from '../../db/scoped.ts';
import { nowIso } from '../../lib/time.ts';

type EventRow = WithoutTenant<Insertable<AnalyticsEventsTable>>;
/** Stands for the tenant while the insert is compiled; each run puts the session's tenant there. */
const TENANT_MARKER = 'tenant';
type Column = keyof EventRow;

/** The row's columns but the tenant, which the scoped layer adds. */
const COLUMNS: Column[] = [
  'id',
  'user_id',
  'email',
  'type',
  'event',
  'name',
  'properties',
  'user_properties',
  'occurred_at',
  'received_at',
];
/** The same columns as the JSON batch insert on PostgreSQL reads them. */
const JSON_COLUMNS: Record<Column, 'text' | 'json'> = {
  id: 'text',
  user_id: 'text',
  email: 'text',
  type: 'text',
  event: 'text',
  name: 'text',
  properties: 'json',
  user_properties: 'json',
  occurred_at: 'text',
  received_at: 'text',
};
/** Batch sizes whose insert stays compiled; clients send a few sizes over and over. */
const MAX_COMPILED_SIZES = 64;

export function createAnalyticsRepository(db: Db) {
  // Compiling a many-row insert costs about as much as running it, so each batch size is compiled
  // once (for whichever engine `db` speaks) and run again with new values.
  const compiled = new Map<number, { sql: string; slots: [row: number, column: number][] }>();

  function insertFor(size: number) {
    const known = compiled.get(size);
    if (known) return known;
    const markers = Array.from(
      { length: size },
      (_, row) => Object.fromEntries(COLUMNS.map((column) => [column, `${row}:${column}`])) as EventRow,
    );
    const query = scopedTo(db, TENANT_MARKER)
      .insertInto('analytics_events')
      .values(markers)
      .onConflict((oc) => oc.columns(tenantKey('id')).doNothing())
      .compile();
    // A slot's column index -1: the tenant.
    const slots = query.parameters.map((marker) => {
      if (marker === TENANT_MARKER) return [0, -1] as [number, number];
      const [row, column] = String(marker).split(':');
      return [Number(row), COLUMNS.indexOf(column as Column)] as [number, number];
    });
    if (compiled.size >= MAX_COMPILED_SIZES) compiled.delete(compiled.keys().next().value as number);
    const entry = { sql: query.sql, slots };
    compiled.set(size, entry);
    return entry;
  }

  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;

  return {
    /**
     * PostgreSQL: moves the counts that inserts left in the delta tables into the rollups
     * (migration 050), one fold at a time across every process. SQLite's trigger keeps the rollups
     * current itself: nothing to do.
     */
    async foldRollups(): Promise<void> {
      if (postgres) await sql`select analytics_fold_rollups()`.execute(db);
    },

    /**
     * Stores events sent while support acted as a user, once each, where Reporting does not count
     * them. Answers how many rows were new.
     */
    async insertSupportEvents(tenantId: string, events: AnalyticsEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      const received_at = nowIso();
      const result = await scopedTo(db, tenantId)
        .insertInto('analytics_support_events')
        .values(
          events.map((e) => ({
            id: e.id,
            user_id: e.user_properties.user_id ?? '',
            email: e.user_properties.email ?? '',
            type: e.type,
            event: e.event,
            name: e.name ?? null,
            properties: JSON.stringify(e.properties),
            user_properties: JSON.stringify(e.user_properties),
            occurred_at: new Date(e.timestamp).toISOString(),
            received_at,
          })),
        )
        .onConflict((oc) => oc.columns(tenantKey('id')).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /** Stores events once each: a resent client event id is ignored. Answers how many rows were new. */
    async insertMany(tenantId: string, events: AnalyticsEvent[]): Promise<number> {
      if (events.length === 0) return 0;
      const received_at = nowIso();
      if (postgres) {
        const batch = JSON.stringify(
          events.map((e) => ({
            id: e.id,
            user_id: e.user_properties.user_id ?? '',
            email: e.user_properties.email ?? '',
            type: e.type,
            event: e.event,
            name: e.name ?? null,
            properties: e.properties,
            user_properties: e.user_properties,
            occurred_at: new Date(e.timestamp).toISOString(),
            received_at,
          })),
        );
        if (!UNREADABLE_IN_POSTGRES_JSON.test(batch))
          return insertJsonBatchForTenant(db, tenantId, 'analytics_events', JSON_COLUMNS, 'id', batch);
      }
      // Each row's values in COLUMNS order.
      const rows = events.map((e) => [
        e.id,
        e.user_properties.user_id ?? '',
        e.user_properties.email ?? '',
        e.type,
        e.event,
        e.name ?? null,
        JSON.stringify(e.properties),
        JSON.stringify(e.user_properties),
        new Date(e.timestamp).toISOString(),
        received_at,
      ]);
      const { sql, slots } = insertFor(rows.length);
      const parameters = slots.map(([row, column]) => (column === -1 ? tenantId : (rows[row]?.[column] ?? null)));
      const result = await db.executeQuery(CompiledQuery.raw(sql, parameters));
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
