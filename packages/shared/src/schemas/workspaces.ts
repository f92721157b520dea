import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_TEXT_LENGTH, TERRITORY_SELECTION_CAP } from '../constants.ts';
import { TERRITORY_SORTS, territoryRowSchema } from './accounts.ts';

/** List types (spec section 3): static lists hold members; smart lists evaluate a saved filter live. */
export const LIST_TYPES = ['accounts', 'contacts', 'smartAccount', 'smartContact'] as const;
export type ListType = (typeof LIST_TYPES)[number];
export const SMART_LIST_TYPES: readonly ListType[] = ['smartAccount', 'smartContact'];
export const isSmartList = (type: ListType) => SMART_LIST_TYPES.includes(type);
export const isContactList = (type: ListType) => type === 'contacts' || type === 'smartContact';

export const WORKSPACE_NAME_REQUIRED = 'Workspace name is required';
export const LIST_NAME_REQUIRED = 'List name is required';
/** Spec section 8: the raw text shown when list items fail to update. */
export const LIST_ITEMS_ERROR = 'Error updating list items';
/** Spec section 8: a failed batch list deletion aborts the workspace delete with this error. */
export const DELETE_LISTS_ERROR = 'Error deleting lists';
/** Most people a workspace is shared with, and most lists it holds. */
export const MAX_SHARED_USERS = 200;
export const MAX_WORKSPACE_ITEMS = 500;

const uid = z.string().min(1).max(64);
const id = z.string().min(1).max(64);

/** Workspace (spec section 3) as the API answers it. */
export const workspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  archived: z.boolean(),
  items: z.array(z.string()),
  shared_users: z.array(z.string()),
  viewed: z.record(z.string(), z.string()),
  created: z.string(),
  created_by: z.string(),
  updated: z.string(),
  updated_by: z.string(),
  /** Created by the support account while it impersonated created_by: shown as "via Support". */
  created_via_support: z.boolean(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

const workspaceName = z.string().trim().min(1, WORKSPACE_NAME_REQUIRED).max(MAX_NAME_LENGTH);
const workspaceDescription = z.string().trim().max(MAX_TEXT_LENGTH);

export const createWorkspaceBodySchema = z.strictObject({
  name: z.string({ error: WORKSPACE_NAME_REQUIRED }).pipe(workspaceName),
  description: workspaceDescription.default(''),
  shared_users: z.array(uid).max(MAX_SHARED_USERS).default([]),
});
export type CreateWorkspaceBody = z.input<typeof createWorkspaceBodySchema>;

export const updateWorkspaceBodySchema = z
  .strictObject({ name: workspaceName.optional(), description: workspaceDescription.optional() })
  .refine((body) => body.name !== undefined || body.description !== undefined, {
    message: 'Send name or description',
  });
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceBodySchema>;

export const workspaceIdParamsSchema = z.object({ workspaceId: id });
export const sharedUsersBodySchema = z.strictObject({ uids: z.array(uid).min(1).max(MAX_SHARED_USERS) });
export const workspaceItemsBodySchema = z.strictObject({ list_ids: z.array(id).min(1).max(MAX_WORKSPACE_ITEMS) });
export const replaceItemsBodySchema = z.strictObject({ items: z.array(id).max(MAX_WORKSPACE_ITEMS) });

/** A list as the workspace page and list page show it. */
export const listSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(LIST_TYPES),
  filter_id: z.string().nullable(),
  /** Static lists: the stored members; smart lists: accounts or contacts the filter matches now. */
  member_count: z.number(),
  workspace_id: z.string().nullable(),
  workspace_name: z.string().nullable(),
  created: z.string(),
  created_by: z.string(),
  updated: z.string(),
  updated_by: z.string(),
  /** Whether the caller may rename or delete it: its creator, or the owner of a workspace holding it. */
  can_manage: z.boolean(),
  /**
   * Smart lists: the saved filter that drives it. A smart list shows a reader only what a filter
   * they may read matches, so a private filter leaves it empty for everyone but its owner.
   * `name` is null when the caller may not read the filter; `state` "missing" when it was deleted.
   */
  smart_filter: z
    .object({
      state: z.enum(['readable', 'private', 'missing']),
      name: z.string().nullable(),
      private: z.boolean(),
      /** The caller owns the filter (and so may make it public). */
      mine: z.boolean(),
      owner_name: z.string().nullable(),
    })
    .nullable(),
  /** The list sits in a workspace shared with someone besides its owner. */
  workspace_shared: z.boolean(),
});
export type List = z.infer<typeof listSchema>;

export const createListBodySchema = z
  .strictObject({
    name: z.string({ error: LIST_NAME_REQUIRED }).trim().min(1, LIST_NAME_REQUIRED).max(MAX_NAME_LENGTH),
    type: z.enum(LIST_TYPES),
    filter_id: id.optional(),
  })
  .superRefine((body, ctx) => {
    if (isSmartList(body.type) && !body.filter_id) {
      ctx.addIssue({ code: 'custom', path: ['filter_id'], message: 'A smart list needs a saved filter' });
    }
    if (!isSmartList(body.type) && body.filter_id) {
      ctx.addIssue({ code: 'custom', path: ['filter_id'], message: 'Only smart lists take a saved filter' });
    }
  });
export type CreateListBody = z.infer<typeof createListBodySchema>;

export const renameListBodySchema = z.strictObject({
  name: z.string().trim().min(1, LIST_NAME_REQUIRED).max(MAX_NAME_LENGTH),
});
export const listIdParamsSchema = z.object({ listId: id });

export const LIST_CAP_MESSAGE = `Select fewer than ${TERRITORY_SELECTION_CAP} items at a time`;
/** Add or remove members in bulk: account ids for account lists, contact ids for contact lists. */
export const listMembersBodySchema = z.strictObject({
  ids: z
    .array(id)
    .min(1, 'Select at least one item')
    .max(TERRITORY_SELECTION_CAP - 1, LIST_CAP_MESSAGE),
});

export const CONTACT_SORTS = ['last_name', 'title'] as const;
export const listMembersQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  sort: z.enum([...TERRITORY_SORTS, ...CONTACT_SORTS]).default('account_name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
});
export type ListMembersQuery = z.infer<typeof listMembersQuerySchema>;

export const listContactRowSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  title: z.string().nullable(),
  /** Null when the spec's rule says the email is unusable. */
  email: z.string().nullable(),
  master_account_id: z.string(),
  account_name: z.string(),
});
export type ListContactRow = z.infer<typeof listContactRowSchema>;

export const listAccountsPageSchema = z.object({
  kind: z.literal('accounts'),
  rows: z.array(territoryRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export const listContactsPageSchema = z.object({
  kind: z.literal('contacts'),
  rows: z.array(listContactRowSchema),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
});
export const listMembersPageSchema = z.discriminatedUnion('kind', [listAccountsPageSchema, listContactsPageSchema]);
export type ListMembersPage = z.infer<typeof listMembersPageSchema>;

export const workspaceDetailSchema = z.object({ workspace: workspaceSchema, lists: z.array(listSchema) });
export type WorkspaceDetail = z.infer<typeof workspaceDetailSchema>;
