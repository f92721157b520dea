import {
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  type ColumnType,
  type ColumnUpdateNode,
  CompiledQuery,
  type DeleteQueryNode,
  type InsertQueryNode,
  type JoinNode,
  type Kysely,
  type KyselyPlugin,
  type OnConflictNode,
  OnNode,
  type OperationNode,
  OperationNodeTransformer,
  OperatorNode,
  ParensNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryId,
  type QueryResult,
  type RawBuilder,
  ReferenceNode,
  type RootOperationNode,
  type SelectQueryNode,
  type SqlBool,
  sql,
  TableNode,
  type UnknownRow,
  type UpdateQueryNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
} from 'kysely';
import type { Database } from './schema.ts';
import { TENANT_TABLES, type TenantTable } from './tenant-scope.ts';

/**
 * The schema as the scoped layer shows it: a tenant table's tenant_id may be left out of an
 * insert (the layer sets it) and cannot be set by an update.
 */
export type ScopedDatabase = {
  [T in keyof Database]: T extends TenantTable
    ? Omit<Database[T], 'tenant_id'> & { tenant_id: ColumnType<string, string | undefined, never> }
    : Database[T];
};

/** A database bound to one tenant (scopedTo). */
export type ScopedDb = Kysely<ScopedDatabase>;

/**
 * The tenant-scoped data layer (issue #14): a database bound to one tenant, whose queries name
 * that tenant by construction. Repositories take it with `scopedTo(db, ctx.tenantId)` (the tenant
 * of the signed-in session, never of the request) and write no tenant_id condition of their own.
 *
 * On every tenant table (TENANT_TABLES) of a select, update or delete — in FROM, JOIN, UPDATE … FROM
 * and DELETE … USING, under whatever alias, in subqueries and CTEs too — it ANDs
 * `<alias>.tenant_id = <tenant>` into the WHERE (a join's: into its ON, so outer joins stay outer).
 * Every row inserted into a tenant table gets tenant_id; a row that names another tenant, or sets
 * it by an expression the layer cannot read, is refused. An upsert's DO UPDATE only touches the
 * tenant's own row. An update cannot move a row to another tenant.
 *
 * The tenant guard (TenantScopeGuard) stays installed behind it, as the net for code that does not
 * go through this layer.
 */
export function scopedTo(db: Kysely<Database> | Kysely<ScopedDatabase>, tenantId: string): ScopedDb {
  if (!tenantId) throw new Error('scopedTo needs the tenant of the signed-in session');
  const plugins = db.getExecutor().plugins;
  // Already bound (a transaction begun on a scoped database, handed to a helper that scopes it).
  const bound = plugins.find((p): p is TenantPredicate => p instanceof TenantPredicate);
  if (bound) {
    if (bound.tenantId !== tenantId) throw new Error('scopedTo: this database is bound to another tenant');
    return db as unknown as ScopedDb;
  }
  // The predicate must run before the plugins already installed (the guard among them), which
  // check the query it produces: Kysely applies plugins in the order they were added.
  let scoped = db.withoutPlugins().withPlugin(new TenantPredicate(tenantId));
  for (const plugin of plugins) scoped = scoped.withPlugin(plugin);
  return scoped as unknown as ScopedDb;
}

export class CrossTenantWriteError extends Error {
  constructor(table: string, what: string) {
    super(`${what} on tenant table ${table} names another tenant than the session's: refused`);
    this.name = 'CrossTenantWriteError';
  }
}

/** The Kysely plugin behind scopedTo: adds the tenant predicate to every query it transforms. */
export class TenantPredicate implements KyselyPlugin {
  readonly #transformer: TenantPredicateTransformer;
  readonly tenantId: string;

  constructor(tenantId: string) {
    this.tenantId = tenantId;
    this.#transformer = new TenantPredicateTransformer(tenantId);
  }

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(node, queryId);
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

type TableRef = { table: string; alias: string };

const isTenantTable = (name: string): boolean => TENANT_TABLES.has(name as keyof Database);

/** The table and the name its columns are referenced by, for a TableNode or an aliased one. */
function tableRef(node: OperationNode | undefined): TableRef | null {
  if (!node) return null;
  if (node.kind === 'AliasNode') {
    const alias = node as unknown as { node: OperationNode; alias: OperationNode };
    const inner = tableRef(alias.node);
    const name = alias.alias.kind === 'IdentifierNode' ? (alias.alias as unknown as { name: string }).name : null;
    return inner && name ? { table: inner.table, alias: name } : null;
  }
  if (TableNode.is(node)) {
    const name = node.table.identifier.name;
    return { table: name, alias: name };
  }
  return null;
}

function columnName(node: OperationNode): string | null {
  if (ColumnNode.is(node)) return node.column.name;
  if (ReferenceNode.is(node) && ColumnNode.is(node.column)) return node.column.column.name;
  return null;
}

class TenantPredicateTransformer extends OperationNodeTransformer {
  readonly #tenantId: string;

  constructor(tenantId: string) {
    super();
    this.#tenantId = tenantId;
  }

  /** `"<alias>"."tenant_id" = <tenant>`, the tenant a parameter. */
  #predicate(alias: string): OperationNode {
    return BinaryOperationNode.create(
      ReferenceNode.create(ColumnNode.create('tenant_id'), TableNode.create(alias)),
      OperatorNode.create('='),
      ValueNode.create(this.#tenantId),
    );
  }

  /** ANDs the predicates of the tables to a condition, the condition in parentheses (it may hold an OR). */
  #and(condition: OperationNode | undefined, tables: TableRef[]): OperationNode {
    let result: OperationNode | undefined = condition && ParensNode.create(condition);
    for (const t of tables) {
      const predicate = this.#predicate(t.alias);
      result = result ? AndNode.create(result, predicate) : predicate;
    }
    return result as OperationNode;
  }

  #scopeWhere<T extends { where?: WhereNode }>(node: T, tables: TableRef[]): T {
    const scoped = tables.filter((t) => isTenantTable(t.table));
    if (scoped.length === 0) return node;
    return { ...node, where: WhereNode.create(this.#and(node.where?.where, scoped)) };
  }

  #scopeJoins(joins: ReadonlyArray<JoinNode> | undefined): ReadonlyArray<JoinNode> | undefined {
    return joins?.map((join) => {
      const table = tableRef(join.table);
      if (!table || !isTenantTable(table.table)) return join;
      return { ...join, on: OnNode.create(this.#and(join.on?.on, [table])) };
    });
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const out = super.transformSelectQuery(node, queryId);
    const froms = (out.from?.froms ?? []).map(tableRef).filter((t): t is TableRef => t !== null);
    return this.#scopeWhere({ ...out, joins: this.#scopeJoins(out.joins) }, froms);
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const out = super.transformUpdateQuery(node, queryId);
    const target = tableRef(out.table);
    if (target && isTenantTable(target.table)) this.#checkUpdates(target.table, out.updates, 'An update');
    const tables = [target, ...(out.from?.froms ?? []).map(tableRef)].filter((t): t is TableRef => t !== null);
    return this.#scopeWhere({ ...out, joins: this.#scopeJoins(out.joins) }, tables);
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const out = super.transformDeleteQuery(node, queryId);
    const tables = [...out.from.froms, ...(out.using?.tables ?? [])]
      .map(tableRef)
      .filter((t): t is TableRef => t !== null);
    return this.#scopeWhere({ ...out, joins: this.#scopeJoins(out.joins) }, tables);
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const out = super.transformInsertQuery(node, queryId);
    const target = tableRef(out.into);
    if (!target || !isTenantTable(target.table)) return out;
    const onConflict = out.onConflict && this.#scopeConflict(target, out.onConflict);
    const columns = out.columns ?? [];
    const index = columns.findIndex((c) => c.column.name === 'tenant_id');
    if (!out.values || !ValuesNode.is(out.values)) {
      // INSERT … SELECT, or DEFAULT VALUES: the rows' tenant cannot be set here, so it is refused.
      throw new CrossTenantWriteError(target.table, 'An insert not written as VALUES');
    }
    const rows = out.values.values.map((row) => this.#rowWithTenant(target.table, row, index));
    return {
      ...out,
      columns: index === -1 ? [...columns, ColumnNode.create('tenant_id')] : columns,
      values: ValuesNode.create(rows),
      onConflict,
    };
  }

  /** The row with tenant_id the session's tenant: appended, filled in, or checked. */
  #rowWithTenant(
    table: string,
    row: PrimitiveValueListNode | ValueListNode,
    index: number,
  ): PrimitiveValueListNode | ValueListNode {
    if (PrimitiveValueListNode.is(row)) {
      if (index === -1) return PrimitiveValueListNode.create([...row.values, this.#tenantId]);
      if (row.values[index] !== this.#tenantId) throw new CrossTenantWriteError(table, 'An inserted row');
      return row;
    }
    if (index === -1) return ValueListNode.create([...row.values, ValueNode.create(this.#tenantId)]);
    const value = row.values[index] as OperationNode;
    if (value.kind === 'DefaultInsertValueNode') {
      return ValueListNode.create(row.values.map((v, i) => (i === index ? ValueNode.create(this.#tenantId) : v)));
    }
    if (!this.#isTenantValue(value)) throw new CrossTenantWriteError(table, 'An inserted row');
    return row;
  }

  #isTenantValue(node: OperationNode): boolean {
    return ValueNode.is(node) && node.value === this.#tenantId;
  }

  /** An update may set tenant_id only to the tenant it already has. */
  #checkUpdates(table: string, updates: ReadonlyArray<ColumnUpdateNode> | undefined, what: string): void {
    for (const update of updates ?? []) {
      if (columnName(update.column) === 'tenant_id' && !this.#isTenantValue(update.value)) {
        throw new CrossTenantWriteError(table, what);
      }
    }
  }

  /** ON CONFLICT … DO UPDATE touches the conflicting row only when it is the tenant's own. */
  #scopeConflict(target: TableRef, node: OnConflictNode): OnConflictNode {
    if (node.doNothing || !node.updates) return node;
    this.#checkUpdates(target.table, node.updates, 'An upsert');
    return { ...node, updateWhere: WhereNode.create(this.#and(node.updateWhere?.where, [target])) };
  }
}

/** A row as a repository builds it for the scoped layer, which sets the tenant itself. */
export type WithoutTenant<Row> = Omit<Row, 'tenant_id'>;

/**
 * The conflict target of a unique key that starts with the tenant: `oc.columns(tenantKey('uid'))`.
 * The layer scopes the rest of an upsert itself; the key has to name the index it matches.
 */
export function tenantKey<C extends string>(...columns: C[]): ('tenant_id' | C)[] {
  return ['tenant_id', ...columns];
}

/**
 * The rows of a shared table with an owner (master_accounts, master_contacts, signal_items,
 * master_hits) that a tenant may see: the reference rows every tenant shares (owner_tenant_id
 * null) and the tenant's own (its uploads, its sources' finds). Those tables are global, so the
 * scoped layer does not add this by itself: every read on a tenant's behalf uses this one
 * condition. `table` is the table's name or alias when the query has several.
 */
export function referenceOrOwnedBy(tenantId: string, table?: string): RawBuilder<SqlBool> {
  return everyTenantOr(tenantId, ownerColumn(table));
}

/** A shared table's owner column, under the query's alias when it has one. */
const ownerColumn = (table?: string) => (table ? `${table}.owner_tenant_id` : 'owner_tenant_id');

/** A shared table's rows that are the tenant's alone: its sources' finds, its uploads' new accounts. */
export function ownedBy(tenantId: string, table?: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(ownerColumn(table))} = ${tenantId}`;
}

/** A shared table's reference rows, which every tenant sees (no owner). */
export function referenceRows(table?: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(ownerColumn(table))} is null`;
}

/** A row of a shared table written on a tenant's behalf, and so the tenant's alone. */
export function ownedRow<Row extends object>(row: Row, tenantId: string): Row & { owner_tenant_id: string } {
  return { ...row, owner_tenant_id: tenantId };
}

/**
 * The rows of a table that is not a tenant's, meant for every tenant (`column` null) or for this
 * one: a global alert's audience (`audience_tenant_id`), a shared table's owner.
 */
export function everyTenantOr(tenantId: string, column: string): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  return sql<SqlBool>`(${ref} is null or ${ref} = ${tenantId})`;
}

/**
 * PostgreSQL only: inserts a tenant's batch passed as one JSON parameter and unpacked by the
 * database, `ON CONFLICT (tenant_id, <key>) DO NOTHING`. One fixed statement whatever the batch's
 * size: a 50-row batch as 500 parameters cost the server their encoding and the database a parse
 * and plan each time (issue #20, analytics ingest: 16,100 -> 23,500 events/s on an idle machine).
 * The layer sets the tenant, as for any insert. Columns typed `json` arrive as JSON values and are
 * stored as their text (what JSON.stringify of each gives). Answers how many rows were new.
 */
export async function insertJsonBatchForTenant(
  db: Kysely<Database>,
  tenantId: string,
  table: TenantTable,
  columns: Record<string, 'text' | 'json'>,
  key: string,
  batchJson: string,
): Promise<number> {
  const shape = `${table}|${key}|${JSON.stringify(columns)}`;
  let statement = jsonBatchStatements.get(shape);
  if (!statement) {
    // Compiled once per table and columns (compiling costs about as much as running it); run with
    // the tenant as $1 and the batch as $2.
    const names = Object.keys(columns);
    const picked = names.map((n) => (columns[n] === 'json' ? sql`${sql.ref(`e.${n}`)}::text` : sql.ref(`e.${n}`)));
    const types = names.map((n) => sql`${sql.ref(n)} ${sql.raw(columns[n] === 'json' ? 'json' : 'text')}`);
    statement = sql`insert into ${sql.table(table)} (${sql.ref('tenant_id')}, ${sql.join(names.map((n) => sql.ref(n)))})
      select ${'tenant'}, ${sql.join(picked)}
      from json_to_recordset(${'batch'}::json) as e(${sql.join(types)})
      on conflict (${sql.ref('tenant_id')}, ${sql.ref(key)}) do nothing`.compile(db).sql;
    jsonBatchStatements.set(shape, statement);
  }
  const result = await db.executeQuery(CompiledQuery.raw(statement, [tenantId, batchJson]));
  return Number(result.numAffectedRows ?? 0);
}
const jsonBatchStatements = new Map<string, string>();

/**
 * What PostgreSQL's JSON reader refuses or reads otherwise than a text parameter: a lone UTF-16
 * surrogate (JSON.stringify escapes it; as a parameter it is stored as U+FFFD) and the NUL
 * character. A batch holding either is inserted the ordinary way.
 */
export const UNREADABLE_IN_POSTGRES_JSON = /\\u(?:0000|d[89a-f])/i;
