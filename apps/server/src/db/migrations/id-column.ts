import type { ColumnDefinitionBuilder } from 'kysely';
import type { Engine } from '../connection.ts';

/** An auto-numbered primary key: an identity column on PostgreSQL, INTEGER PRIMARY KEY on SQLite. */
export function idColumn(engine: Engine) {
  return (c: ColumnDefinitionBuilder) =>
    engine === 'postgres' ? c.primaryKey().generatedAlwaysAsIdentity() : c.primaryKey().autoIncrement();
}
