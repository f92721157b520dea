import type { AccountDetail, Comment } from '@quarry/shared';
import { PEOPLE_SEARCH_PAGE_SIZE, SEARCH_AUTOCOMPLETE_PAGE_SIZE, SEARCH_PAGE_SIZE } from '@quarry/shared';
import type { AccountSearch } from '../../adapters/search/account-search.ts';
import type { PeopleSearch } from '../../adapters/search/people-search.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { TerritoryRepository } from '../territory/territory.repository.ts';
import type { AccountsRepository } from './accounts.repository.ts';

export function createAccountsService(deps: {
  accounts: AccountsRepository;
  territory: TerritoryRepository;
  search: AccountSearch;
  people: PeopleSearch;
}) {
  const { accounts, territory, search, people } = deps;

  async function requireAccount(ctx: RequestContext, id: string) {
    const account = await accounts.findAccount(ctx, id);
    if (!account) throw notFound('Account not found');
    return account;
  }

  /** A colleague's comment answers 403; another tenant's, like none at all, 404. */
  async function requireOwnComment(ctx: RequestContext, id: string, commentId: number, action: string) {
    await requireAccount(ctx, id);
    const author = await accounts.commentAuthor(ctx, id, commentId);
    if (author === undefined) throw notFound('Comment not found');
    if (author !== ctx.uid) throw forbidden(`Only its author can ${action} a comment`, 'comment_author_only');
  }

  return {
    /**
     * Page size 15, or 10 on account names only for autocomplete (spec section 7). The accounts
     * this company's uploads made come first: they are its own, and the hosted search (which
     * knows no tenant) never holds them.
     */
    async search(ctx: RequestContext, typed: string, mode: 'full' | 'autocomplete') {
      const limit = mode === 'autocomplete' ? SEARCH_AUTOCOMPLETE_PAGE_SIZE : SEARCH_PAGE_SIZE;
      // Full-width letters and digits (an East Asian keyboard's "ＷＡＬＭＡＲＴ") are the ASCII ones.
      const q = typed.normalize('NFKC');
      const [own, reference] = await Promise.all([
        accounts.ownAccountsMatching(ctx, q, limit),
        search(q, { limit, nameOnly: mode === 'autocomplete' }),
      ]);
      const seen = new Set(own.map((a) => a.master_account_id));
      return [...own, ...reference.filter((a) => !seen.has(a.master_account_id))].slice(0, limit);
    },

    /** Contacts of the accounts this tenant may see, by name, title and account name. */
    searchPeople: (ctx: RequestContext, q: string) =>
      people(ctx.tenantId, q.normalize('NFKC'), PEOPLE_SEARCH_PAGE_SIZE),

    async detail(ctx: RequestContext, id: string): Promise<AccountDetail> {
      const account = await requireAccount(ctx, id);
      const [signals, contacts, is_favorite, in_territory] = await Promise.all([
        accounts.signals(ctx, id),
        accounts.contacts(id),
        accounts.isFavorite(ctx, id),
        territory.contains(ctx, id),
      ]);
      return { account, signals, contacts, is_favorite, in_territory };
    },

    /** Answers whether the favourite was newly created (for "Favorite Created"). */
    async setFavorite(ctx: RequestContext, id: string, favorite: boolean) {
      await requireAccount(ctx, id);
      const created = await accounts.setFavorite(ctx, id, favorite);
      return { is_favorite: favorite, created };
    },

    async comments(ctx: RequestContext, id: string): Promise<Comment[]> {
      await requireAccount(ctx, id);
      const rows = await accounts.listComments(ctx, id);
      return rows.map((r) => ({
        id: Number(r.id),
        text: r.text,
        created_at: r.created_at,
        author: { uid: r.uid, display_name: r.display_name },
        via_support: r.via_uid !== null,
        edited_at: r.edited_at,
        can_edit: r.uid === ctx.uid,
      }));
    },

    /** Only a comment's author edits it (and, impersonating them, the support account, audited). */
    async editComment(ctx: RequestContext, id: string, commentId: number, text: string): Promise<Comment[]> {
      await requireOwnComment(ctx, id, commentId, 'edit');
      await accounts.updateOwnComment(ctx, id, commentId, text);
      return this.comments(ctx, id);
    },

    async deleteComment(ctx: RequestContext, id: string, commentId: number): Promise<Comment[]> {
      await requireOwnComment(ctx, id, commentId, 'delete');
      await accounts.deleteOwnComment(ctx, id, commentId);
      return this.comments(ctx, id);
    },

    async addComment(ctx: RequestContext, id: string, text: string): Promise<Comment[]> {
      await requireAccount(ctx, id);
      await accounts.addComment(ctx, id, text);
      return this.comments(ctx, id);
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
