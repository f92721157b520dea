import type {
  Kysely,
  KyselyPlugin,
  OperationNode,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  SelectQueryBuilder,
  UnknownRow,
} from 'kysely';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The tables whose rows belong to one tenant. Every query that reads, changes or deletes rows of
 * one must say which tenant (`<table>.tenant_id = …`, or a join on tenant_id to a table that
 * does), and every insert into one must set tenant_id.
 */
export const TENANT_TABLE_NAMES = [
  'account_signal_latest',
  'analytics_event_days',
  'analytics_events',
  'analytics_support_events',
  'analytics_user_days',
  'analytics_user_weeks',
  'audit_log',
  'comments',
  'company_configurations',
  'favorites',
  'flow_messages',
  'flows',
  'integrations',
  'invitations',
  'jobs',
  'list_accounts',
  'list_contacts',
  'lists',
  'qualification_signals',
  'saved_filters',
  'signal_discoveries',
  'signal_item_sources',
  'signal_reference_repeats',
  'signal_source_dismissals',
  'signal_sources',
  'target_titles',
  'territory_accounts',
  'triggers',
  'upload_failures',
  'upload_lines',
  'uploads',
  'value_hypotheses',
  'value_match_hypotheses',
  'value_match_marks',
  'value_match_reader_answers',
  'value_match_trigger_stats',
  'value_matches',
  'workspace_items',
  'workspace_shared_users',
  'workspace_views',
  'workspaces',
] as const satisfies readonly (keyof Database)[];

/** A table whose rows belong to one tenant. */
export type TenantTable = (typeof TENANT_TABLE_NAMES)[number];

export const TENANT_TABLES: ReadonlySet<keyof Database> = new Set<keyof Database>(TENANT_TABLE_NAMES);

export class UnscopedQueryError extends Error {
  constructor(kind: string, tables: string[]) {
    super(
      `${kind} on tenant table ${tables.join(', ')} without a tenant_id condition: scope it to the ` +
        "request's tenant, or run it through acrossTenants(db) if it must see every tenant",
    );
    this.name = 'UnscopedQueryError';
  }
}

/**
 * A Kysely plugin that refuses, before it runs, any query on a tenant table that does not name the
 * tenant: one forgotten `where` would otherwise be a cross-tenant leak. Installed in tests and
 * development (openDatabase), so every API test exercises it. Queries that must see every tenant
 * (the job worker, Support Tools, start-up, seeds) say so with acrossTenants(db).
 *
 * Queries written as raw SQL from end to end cannot be read and are not checked.
 */
export class TenantScopeGuard implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    checkTree(node as unknown as Node);
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** The same database without the tenant guard, for the few queries that work across tenants by design. */
export function acrossTenants<DB>(db: Kysely<DB>): Kysely<DB> {
  return db.withoutPlugins();
}

/**
 * The column that names a tenant table's row's tenant, under the query's alias (`tenantOf('i')`
 * is `i.tenant_id`), for the few queries across tenants (acrossTenants) that must say whose a row
 * is: an invitation found by its token, before any session exists.
 */
export function tenantOf(alias: string): RawBuilder<string> {
  return sql.ref<string>(`${alias}.tenant_id`);
}

/** A tenant table read across tenants, narrowed to the rows that count (see tenantsWithRows). */
type Rows<T extends TenantTable> = SelectQueryBuilder<Database, T, object>;

/**
 * The tenants with rows in a tenant table, `rows` narrowing which: for the jobs that work across
 * tenants by design (a scheduler queueing each tenant's work). Read without the guard.
 */
export async function tenantsWithRows<T extends TenantTable>(
  db: Kysely<Database>,
  table: T,
  rows: (query: Rows<T>) => Rows<T> = (query) => query,
): Promise<string[]> {
  const query = rows(acrossTenants(db).selectFrom(table) as unknown as Rows<T>) as unknown as Rows<'lists'>;
  const found = await query.select('tenant_id').distinct().execute();
  return found.map((r) => r.tenant_id);
}

/** The tenants without a row in a tenant table (start-up gives each one its first computation). */
export async function tenantsWithoutRows(db: Kysely<Database>, table: TenantTable): Promise<string[]> {
  const found = await acrossTenants(db)
    .selectFrom('tenants')
    .select('id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom(table as 'lists')
            .select('tenant_id')
            .whereRef('tenant_id', '=', 'tenants.id'),
        ),
      ),
    )
    .execute();
  return found.map((r) => r.id);
}

type Node = OperationNode & Record<string, unknown>;

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as { kind?: unknown }).kind === 'string';

/** Checks every query in the tree: the statement itself and each subquery it contains. */
function checkTree(node: Node): void {
  checkQuery(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) checkTree(item);
    } else if (isNode(value)) {
      checkTree(value);
    }
  }
}

/** A table a query reads or writes: its name, and the name the query's references use for it. */
type TableRef = { table: string; alias: string };

function checkQuery(node: Node): void {
  switch (node.kind) {
    case 'SelectQueryNode':
    case 'UpdateQueryNode':
    case 'DeleteQueryNode': {
      const tables = tablesOf(node).filter((t) => TENANT_TABLES.has(t.table as keyof Database));
      if (tables.length === 0) return;
      const unscoped = unscopedTables(node, tables);
      if (unscoped.length > 0) throw new UnscopedQueryError(queryName(node.kind), unscoped);
      return;
    }
    case 'InsertQueryNode': {
      const table = tableRef(node.into);
      if (!table || !TENANT_TABLES.has(table.table as keyof Database)) return;
      const columns = (node.columns as Node[] | undefined) ?? [];
      if (!columns.some((c) => identifierName(c.column) === 'tenant_id')) {
        throw new UnscopedQueryError('An insert', [table.table]);
      }
      return;
    }
  }
}

function queryName(kind: string): string {
  return kind === 'SelectQueryNode' ? 'A select' : kind === 'UpdateQueryNode' ? 'An update' : 'A delete';
}

/** The tables in FROM, JOIN, UPDATE and USING (not those of subqueries, which are checked on their own). */
function tablesOf(node: Node): TableRef[] {
  const nodes: unknown[] = [];
  if (node.kind === 'UpdateQueryNode') nodes.push(node.table);
  const from = node.from as Node | undefined;
  if (from) nodes.push(...((from.froms as unknown[]) ?? []));
  const using = node.using as Node | undefined;
  if (using) nodes.push(...((using.tables as unknown[]) ?? []));
  for (const join of (node.joins as Node[] | undefined) ?? []) nodes.push(join.table);
  return nodes.map(tableRef).filter((t): t is TableRef => t !== null);
}

function tableRef(value: unknown): TableRef | null {
  if (!isNode(value)) return null;
  if (value.kind === 'AliasNode') {
    const inner = tableRef(value.node);
    return inner && { table: inner.table, alias: identifierName(value.alias) ?? inner.alias };
  }
  if (value.kind === 'TableNode') {
    const name = identifierName((value.table as Node | undefined)?.identifier);
    return name ? { table: name, alias: name } : null;
  }
  return null;
}

function identifierName(value: unknown): string | null {
  if (!isNode(value)) return null;
  if (value.kind === 'IdentifierNode') return value.name as string;
  if (value.kind === 'ColumnNode') return identifierName(value.column);
  return null;
}

/**
 * The tenant tables no condition scopes. A table is scoped by `tenant_id = <value>` or
 * `tenant_id IN (…)` on it, ANDed into WHERE or its JOIN's ON (a condition under OR scopes
 * nothing), or by `a.tenant_id = b.tenant_id` with a table that is scoped.
 */
function unscopedTables(node: Node, tables: TableRef[]): string[] {
  const byValue = new Set<string>();
  const links: [string, string][] = [];
  const first = tables[0]?.alias ?? '';
  const conditions: unknown[] = [(node.where as Node | undefined)?.where];
  for (const join of (node.joins as Node[] | undefined) ?? []) conditions.push((join.on as Node | undefined)?.on);
  for (const condition of conditions) collect(condition, first, byValue, links);

  const scoped = new Set(byValue);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [a, b] of links) {
      if (scoped.has(a) !== scoped.has(b)) {
        scoped.add(a);
        scoped.add(b);
        grew = true;
      }
    }
  }
  return tables
    .filter((t) => !scoped.has(t.alias))
    .map((t) => (t.alias === t.table ? t.table : `${t.table} as ${t.alias}`));
}

function collect(value: unknown, defaultAlias: string, byValue: Set<string>, links: [string, string][]): void {
  if (!isNode(value)) return;
  if (value.kind === 'AndNode') {
    collect(value.left, defaultAlias, byValue, links);
    collect(value.right, defaultAlias, byValue, links);
    return;
  }
  if (value.kind === 'ParensNode') {
    collect(value.node, defaultAlias, byValue, links);
    return;
  }
  if (value.kind !== 'BinaryOperationNode') return;
  const operator = (value.operator as Node | undefined)?.operator;
  if (operator !== '=' && operator !== 'in') return;
  const left = tenantColumnOf(value.leftOperand, defaultAlias);
  const right = tenantColumnOf(value.rightOperand, defaultAlias);
  if (left && right) links.push([left, right]);
  else if (left && !isReference(value.rightOperand)) byValue.add(left);
  else if (right && !isReference(value.leftOperand)) byValue.add(right);
}

/** The alias whose tenant_id this operand is, if it is a tenant_id column. */
function tenantColumnOf(value: unknown, defaultAlias: string): string | null {
  if (!isNode(value) || value.kind !== 'ReferenceNode') return null;
  if (identifierName(value.column) !== 'tenant_id') return null;
  return tableRef(value.table)?.alias ?? defaultAlias;
}

function isReference(value: unknown): boolean {
  return isNode(value) && value.kind === 'ReferenceNode';
}
