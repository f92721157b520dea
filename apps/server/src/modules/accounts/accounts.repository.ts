import { type Account, accountSummaryFactsSchema, type Contact, isEmailUsable, type Signal } from '@quarry/shared';
import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { MasterAccountsTable } from '../../db/schema.ts';
import { ownedBy, referenceOrOwnedBy, scopedTo, tenantKey } from '../../db/scoped.ts';
import { visibleTo } from '../../db/visible-signals.ts';
import { parseJsonColumn } from '../../lib/json-column.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { nowIso } from '../../lib/time.ts';

/** Signals shown on an account page, newest first. */
const SIGNAL_LIMIT = 100;

function toAccount(row: Selectable<MasterAccountsTable>): Account {
  return {
    master_account_id: row.master_account_id,
    account_name: row.account_name,
    website: row.website,
    logo_url: row.logo_url,
    industry: row.industry,
    sector: row.sector,
    employees: row.employees,
    revenue: row.revenue === null ? null : Number(row.revenue),
    location: row.location,
    description: row.description,
    summary_facts: summaryFactsOf(row.summary_facts),
  };
}

/** The summary's facts, or null when the column is empty or holds what this version cannot read. */
function summaryFactsOf(column: string | null): Account['summary_facts'] {
  const parsed = accountSummaryFactsSchema.safeParse(parseJsonColumn<unknown>(column, null));
  return parsed.success ? parsed.data : null;
}

export function createAccountsRepository(db: Db) {
  const scoped = (ctx: RequestContext) => scopedTo(db, ctx.tenantId);
  return {
    /**
     * Accounts this tenant's uploads made whose name or website holds `text` (any case), names
     * starting with it first: the hosted search knows no tenant and leaves them out.
     */
    async ownAccountsMatching(ctx: RequestContext, text: string, limit: number) {
      const needle = text.trim().toLowerCase();
      if (needle.length === 0) return [];
      const escaped = needle.replace(/[\\%_]/g, (c) => `\\${c}`);
      const name = sql<string>`lower(account_name)`;
      return db
        .selectFrom('master_accounts')
        .select(['master_account_id', 'account_name', 'website', 'logo_url'])
        .where(ownedBy(ctx.tenantId))
        .where((eb) =>
          eb.or([
            eb(name, 'like', sql<string>`${`%${escaped}%`} ESCAPE '\\'`),
            eb(sql<string>`lower(coalesce(website, ''))`, 'like', sql<string>`${`%${escaped}%`} ESCAPE '\\'`),
          ]),
        )
        .orderBy(sql`CASE WHEN ${name} LIKE ${`${escaped}%`} ESCAPE '\\' THEN 0 ELSE 1 END`)
        .orderBy(name)
        .limit(limit)
        .execute();
    },

    /** Reference data: the same for every tenant, but for accounts an upload made, which only their tenant sees. */
    async findAccount(ctx: RequestContext, id: string): Promise<Account | null> {
      const row = await db
        .selectFrom('master_accounts')
        .selectAll()
        .where('master_account_id', '=', id)
        .where(referenceOrOwnedBy(ctx.tenantId))
        .executeTakeFirst();
      if (!row) return null;
      const account = toAccount(row);
      // An account an upload of this company made says so: which upload, when and by whom.
      if (row.added_by_upload_id && row.owner_tenant_id === ctx.tenantId) {
        const upload = await scoped(ctx)
          .selectFrom('uploads as u')
          .leftJoin('users as p', (join) => join.onRef('p.uid', '=', 'u.created_by').on('p.company', '=', ctx.tenantId))
          .select(['u.id', 'u.created_at', 'u.input_label', 'u.created_by', 'p.display_name'])
          .where('u.id', '=', row.added_by_upload_id)
          .executeTakeFirst();
        if (upload) {
          account.added_by_upload = {
            upload_id: upload.id,
            at: upload.created_at,
            by: upload.display_name ?? '',
            input: upload.input_label,
            // The uploads' own rule: one's own, or any for managers and admins.
            viewable: upload.created_by === ctx.uid || ctx.isAdmin || ctx.isManager,
          };
        }
      }
      return account;
    },

    async existingAccountIds(ctx: RequestContext, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('master_accounts')
        .select('master_account_id')
        .where('master_account_id', 'in', ids)
        .where(referenceOrOwnedBy(ctx.tenantId))
        .execute();
      return rows.map((r) => r.master_account_id);
    },

    /** The account's signals the tenant sees: reference ones and its own sources' (never another tenant's). */
    signals(ctx: RequestContext, id: string): Promise<Signal[]> {
      return db
        .selectFrom('master_hits')
        .select(['id', 'type', 'title', 'text', 'url', 'source', 'published_at'])
        .where('master_account_id', '=', id)
        .where(visibleTo(ctx.tenantId, 'master_hits'))
        .orderBy('published_at', 'desc')
        .orderBy('id')
        .limit(SIGNAL_LIMIT)
        .execute() as Promise<Signal[]>;
    },

    async contacts(id: string): Promise<Contact[]> {
      const rows = await db
        .selectFrom('master_contacts')
        .selectAll()
        .where('master_account_id', '=', id)
        .orderBy('last_name')
        .orderBy('first_name')
        .execute();
      return rows.map((r) => ({
        id: r.id,
        external_contact_id: r.external_contact_id,
        first_name: r.first_name,
        last_name: r.last_name,
        title: r.title,
        seniority: r.seniority,
        department: r.department,
        email: isEmailUsable(r.email, r.email_status) ? r.email : null,
        linkedin_url: r.linkedin_url,
      }));
    },

    async isFavorite(ctx: RequestContext, id: string): Promise<boolean> {
      const row = await scoped(ctx)
        .selectFrom('favorites')
        .select('master_account_id')
        .where('user_id', '=', ctx.uid)
        .where('master_account_id', '=', id)
        .executeTakeFirst();
      return Boolean(row);
    },

    async setFavorite(ctx: RequestContext, id: string, favorite: boolean): Promise<boolean> {
      if (!favorite) {
        await scoped(ctx)
          .deleteFrom('favorites')
          .where('user_id', '=', ctx.uid)
          .where('master_account_id', '=', id)
          .execute();
        return false;
      }
      const result = await scoped(ctx)
        .insertInto('favorites')
        .values({ user_id: ctx.uid, master_account_id: id, created_at: nowIso() })
        .onConflict((oc) => oc.columns(tenantKey('user_id', 'master_account_id')).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    listComments(ctx: RequestContext, id: string) {
      return scoped(ctx)
        .selectFrom('comments')
        .innerJoin('users', (join) =>
          join.onRef('users.uid', '=', 'comments.user_id').on('users.company', '=', ctx.tenantId),
        )
        .select([
          'comments.id',
          'comments.text',
          'comments.created_at',
          'comments.via_uid',
          'comments.edited_at',
          'users.uid',
          'users.display_name',
        ])
        .where('comments.master_account_id', '=', id)
        .orderBy('comments.created_at', 'desc')
        .orderBy('comments.id', 'desc')
        .limit(200)
        .execute();
    },

    /** Whose a comment of this account is, in the caller's tenant; undefined when there is none. */
    async commentAuthor(ctx: RequestContext, accountId: string, commentId: number): Promise<string | undefined> {
      const row = await scoped(ctx)
        .selectFrom('comments')
        .select('user_id')
        .where('master_account_id', '=', accountId)
        .where('id', '=', commentId)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Changes the text of the caller's own comment. */
    async updateOwnComment(ctx: RequestContext, accountId: string, commentId: number, text: string): Promise<void> {
      await scoped(ctx)
        .updateTable('comments')
        .set({ text, edited_at: nowIso() })
        .where('master_account_id', '=', accountId)
        .where('id', '=', commentId)
        .where('user_id', '=', ctx.uid)
        .execute();
    },

    async deleteOwnComment(ctx: RequestContext, accountId: string, commentId: number): Promise<void> {
      await scoped(ctx)
        .deleteFrom('comments')
        .where('master_account_id', '=', accountId)
        .where('id', '=', commentId)
        .where('user_id', '=', ctx.uid)
        .execute();
    },

    async addComment(ctx: RequestContext, id: string, text: string): Promise<void> {
      await scoped(ctx)
        .insertInto('comments')
        .values({
          master_account_id: id,
          user_id: ctx.uid,
          text,
          created_at: nowIso(),
          via_uid: ctx.impersonator?.uid ?? null,
        })
        .execute();
    },
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
