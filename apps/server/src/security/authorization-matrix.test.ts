import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acrossTenants } from '../db/tenant-scope.ts';
import { analyticsEvent } from '../testing/analytics-event.ts';
import { insertTestAccount } from '../testing/test-account.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { ACTORS, type Actor, type Expected, type ObjectKind, parseMatrix, routeKey } from './authorization-matrix.ts';

/*
 * Issue #13, G1: every route of the OpenAPI document, called by each of seven actors on each kind
 * of object it can address, must answer the status the table in authorization-matrix.ts names.
 * Objects are made fresh for every cell through the API itself, so a DELETE in one cell never
 * changes what the next one finds. A route without rows, or rows for a route that is gone, fails.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Call = { method: Method; url: string; payload?: unknown; headers?: Record<string, string> };

/** What a probe may address: ids made for the cell, and the people the actor stands among. */
type Scene = {
  /** Ids of the object the cell is about (a workspace and the list in it, a filter, a user...). */
  ids: Record<string, string>;
  /** The user the actor acts as: the signed-in user, the impersonated one, or Rita for anonymous. */
  self: Person;
  /** A colleague of that user's; for the support account, whose company has no one else, a stranger. */
  colleague: Person;
  /** A workspace of that user's own, for routes that put the object into one. */
  ownWorkspaceId: string;
  /** A fresh, unique suffix for names and e-mail addresses. */
  unique: string;
};

type Person = { email: string; uid: string; tenantId: string };

/** How the fixture for one kind of object is made; null when the owner may not make one. */
type Maker = (owner: Person, sharedWith: Person | null, unique: string) => Promise<Record<string, string> | null>;

type Probe = {
  /** The object type the route addresses; 'none' for a route about no object of its own. */
  object: keyof typeof makers | 'none';
  call: (scene: Scene) => Call;
  /** The call ends or changes the session it is made with (logout, impersonation): use a fresh one. */
  freshSession?: boolean;
  /** Made fresh for the cell too: a published alert, an invitation's token, the actor's identity token. */
  needs?: 'alert' | 'invitation' | 'identity';
  /** Support Tools look across companies by design: naming another company's user is their job. */
  acrossCompanies?: true;
};

const ACCOUNT_ID = 'acc_matrix';
const CONTACT_ID = 'ct_matrix';
const SECOND_CONTACT_ID = 'ct_matrix_2';
const MATCH_HIT_ID = 'hit_matrix';
const filterGroup = {
  complex: true,
  operator: 'AND',
  days_ago: null,
  values: [{ field: 'industry', complex: false, type: 'text', values: ['Retail'], operator: 'IN', days_ago: null }],
};

let t: TestApp;
const people: Record<string, Person> = {};
/** Sessions that make fixtures, one per person, kept apart from the actors' own sessions. */
const makerSessions = new Map<string, string>();
let counter = 0;

const EMAILS = {
  ada: 'ada@acme.test',
  mike: 'mike@acme.test',
  rita: 'rita@acme.test',
  raj: 'raj@acme.test',
  gail: 'gail@globex.test',
  gus: 'gus@globex.test',
};

async function makerSession(person: Person): Promise<string> {
  let cookie = makerSessions.get(person.email);
  if (!cookie) {
    cookie = await t.signIn(person.email);
    makerSessions.set(person.email, cookie);
  }
  return cookie;
}

async function send(cookie: string | undefined, call: Call) {
  return t.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...(cookie ? { cookie } : {}), ...(call.headers ?? {}) },
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });
}

/** Creates through the API as `owner`; null when the API refuses the owner (403), an error otherwise. */
async function create(owner: Person, url: string, payload: unknown): Promise<{ id: string } | null> {
  const res = await send(await makerSession(owner), { method: 'POST', url, payload });
  if (res.statusCode === 403) return null;
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`making a fixture: POST ${url} as ${owner.email} answered ${res.statusCode}: ${res.body}`);
  }
  return res.json();
}

const makers = {
  /** A workspace holding one list, shared with `sharedWith` if given. */
  workspace: async (owner, sharedWith, unique) => {
    const workspace = await create(owner, '/api/workspaces', {
      name: `Matrix workspace ${unique}`,
      shared_users: sharedWith ? [sharedWith.uid] : [],
    });
    if (!workspace) return null;
    const list = await create(owner, `/api/workspaces/${workspace.id}/lists`, {
      name: `Matrix list ${unique}`,
      type: 'accounts',
    });
    if (!list) return null;
    return { workspaceId: workspace.id, listId: list.id };
  },
  filter: async (owner, sharedWith, unique) => {
    const filter = await create(owner, '/api/filters', {
      name: `Matrix filter ${unique}`,
      filter: filterGroup,
      private: sharedWith === null,
    });
    return filter && { filterId: filter.id };
  },
  hypothesis: async (owner, sharedWith, unique) => {
    const hypothesis = await create(owner, '/api/value-hypotheses', {
      name: `Matrix hypothesis ${unique}`,
      visibility: sharedWith ? 'public' : 'private',
    });
    return hypothesis && { id: hypothesis.id };
  },
  /** Triggers and qualification signals are the tenant's: every colleague sees them. */
  trigger: async (owner, _sharedWith, unique) => {
    const trigger = await create(owner, '/api/triggers', {
      name: `Matrix trigger ${unique}`,
      hit_type: 'event',
      phrases: [`matrix ${unique}`],
    });
    return trigger && { id: trigger.id };
  },
  signal: async (owner, _sharedWith, unique) => {
    const signal = await create(owner, '/api/qualification-signals', { type: 'good', text: `Matrix ${unique}` });
    return signal && { id: signal.id };
  },
  /** An invitation to the owner's company, made by the owner (an admin). */
  invitation: async (owner, _sharedWith, unique) => {
    const invitation = await create(owner, '/api/organization/invitations', {
      email: `matrix-${unique}@${owner.email.split('@')[1]}`,
      display_name: `Matrix ${unique}`,
    });
    return invitation && { id: invitation.id };
  },
  /** A person is no one's object: own is the actor, private a colleague, other someone elsewhere. */
  user: async (owner) => ({ uid: owner.uid }),
  /**
   * A flow written and approved, ready to send, to two contacts (one of its messages may be taken
   * out): a colleague's is private unless one manages the company.
   */
  flow: async (owner, _sharedWith, unique) => {
    const flow = await create(owner, '/api/flows', {
      type: 'create_value_message',
      initiated_from: `/valueMatch/${ACCOUNT_ID}?matrix=${unique}`,
      accounts: [{ master_account_id: ACCOUNT_ID, contact_ids: [CONTACT_ID, SECOND_CONTACT_ID] }],
    });
    if (!flow) return null;
    await t.app.jobRunner.drain();
    const approved = await send(await makerSession(owner), {
      method: 'POST',
      url: `/api/flows/${flow.id}/approve-all`,
    });
    const message = (approved.json() as { messages: { id: string; version: number }[] }).messages[0];
    if (!message) throw new Error(`making a fixture: the flow of ${owner.email} has no message: ${approved.body}`);
    return { flowId: flow.id, messageId: message.id, version: String(message.version) };
  },
  /** An upload into the owner's own My Accounts, run to the end: a colleague's is private unless one manages the company. */
  upload: async (owner, _sharedWith, unique) => {
    const upload = await create(owner, '/api/uploads', {
      type: 'DOMAIN',
      input: `matrix-${unique}.com\nnot a domain`,
      destination: { type: 'territory' },
    });
    if (!upload) return null;
    await t.app.jobRunner.drain();
    return { uploadId: upload.id };
  },
  /** A signal source of the owner's company, added by the owner (only admins add them). */
  signalSource: async (owner, _sharedWith, unique) => {
    const source = await create(owner, '/api/signal-sources', {
      kind: 'feed',
      url: `https://news.example.com/matrix-${unique}.xml`,
    });
    return source && { sourceId: source.id };
  },
  /** A comment the owner wrote on the matrix account: its author's, read by every colleague. */
  comment: async (owner, _sharedWith, unique) => {
    const posted = await create(owner, `/api/accounts/${ACCOUNT_ID}/comments`, { text: `Matrix comment ${unique}` });
    const newest = (posted as unknown as { comments: { id: number }[] } | null)?.comments[0];
    return newest ? { commentId: String(newest.id) } : null;
  },
} satisfies Record<string, Maker>;

/** The kinds of object each type has: a tenant-wide object has no private form, a user no shared one. */
const KINDS: Record<Probe['object'], readonly ObjectKind[]> = {
  none: ['none'],
  workspace: ['own', 'private', 'shared', 'other'],
  filter: ['own', 'private', 'shared', 'other'],
  hypothesis: ['own', 'private', 'shared', 'other'],
  trigger: ['own', 'shared', 'other'],
  signal: ['own', 'shared', 'other'],
  invitation: ['own', 'shared', 'other'],
  user: ['own', 'private', 'other'],
  flow: ['own', 'private', 'other'],
  upload: ['own', 'private', 'other'],
  signalSource: ['own', 'shared', 'other'],
  comment: ['own', 'shared', 'other'],
};

const json = { 'content-type': 'application/json' };
const ws = (s: Scene) => `/api/workspaces/${s.ids.workspaceId}`;
const list = (s: Scene) => `/api/lists/${s.ids.listId}`;
const flow = (s: Scene) => `/api/flows/${s.ids.flowId}`;

/** How each route is called in a cell. Bodies are valid, so only who asks decides the answer. */
const PROBES: Record<string, Probe> = {
  'GET /api/health': { object: 'none', call: () => ({ method: 'GET', url: '/api/health' }) },
  'POST /api/session/login': {
    object: 'none',
    call: () => ({
      method: 'POST',
      url: '/api/session/login',
      payload: { email: EMAILS.raj, password: t.config.demoPassword },
    }),
  },
  'POST /api/session/logout': {
    object: 'none',
    freshSession: true,
    call: () => ({ method: 'POST', url: '/api/session/logout', headers: json, payload: {} }),
  },
  'POST /api/session/forgot-password': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: '/api/session/forgot-password',
      payload: { email: `nobody-${s.unique}@acme.test` },
    }),
  },
  'POST /api/session/reset-password': {
    object: 'none',
    call: () => ({
      method: 'POST',
      url: '/api/session/reset-password',
      payload: { token: 'no-such-reset-token-000000', password: 'a-new-password-2026' },
    }),
  },
  'POST /api/session/reset-password/check': {
    object: 'none',
    call: () => ({
      method: 'POST',
      url: '/api/session/reset-password/check',
      payload: { token: 'no-such-reset-token-000000' },
    }),
  },
  'GET /api/session/token': { object: 'none', call: () => ({ method: 'GET', url: '/api/session/token' }) },
  'GET /api/me': { object: 'none', call: () => ({ method: 'GET', url: '/api/me' }) },
  'PATCH /api/me': {
    object: 'none',
    call: () => ({ method: 'PATCH', url: '/api/me', payload: { field: 'preferences.theme', value: 'light' } }),
  },
  'GET /api/users': { object: 'none', call: () => ({ method: 'GET', url: '/api/users' }) },
  'POST /api/users/by-ids': {
    object: 'user',
    call: (s) => ({ method: 'POST', url: '/api/users/by-ids', payload: { uids: [s.ids.uid] } }),
  },
  'GET /api/support/users': { object: 'none', call: () => ({ method: 'GET', url: '/api/support/users?q=acme' }) },
  'GET /api/support/users/{uid}': {
    object: 'user',
    acrossCompanies: true,
    call: (s) => ({ method: 'GET', url: `/api/support/users/${s.ids.uid}` }),
  },
  'POST /api/support/impersonation': {
    object: 'user',
    acrossCompanies: true,
    freshSession: true,
    call: (s) => ({
      method: 'POST',
      url: '/api/support/impersonation',
      payload: { uid: s.ids.uid, reason: `Matrix ${s.unique}` },
    }),
  },
  'DELETE /api/support/impersonation': {
    object: 'none',
    freshSession: true,
    call: () => ({ method: 'DELETE', url: '/api/support/impersonation' }),
  },
  'GET /api/alerts': { object: 'none', call: () => ({ method: 'GET', url: '/api/alerts' }) },
  'GET /api/support/alerts': { object: 'none', call: () => ({ method: 'GET', url: '/api/support/alerts' }) },
  'POST /api/support/alerts': {
    object: 'none',
    call: (s) => ({ method: 'POST', url: '/api/support/alerts', payload: alertBody(s.unique) }),
  },
  'PUT /api/support/alerts/{alertId}': {
    object: 'none',
    needs: 'alert',
    call: (s) => ({ method: 'PUT', url: `/api/support/alerts/${s.ids.alertId}`, payload: alertBody(s.unique) }),
  },
  'DELETE /api/support/alerts/{alertId}': {
    object: 'none',
    needs: 'alert',
    call: (s) => ({ method: 'DELETE', url: `/api/support/alerts/${s.ids.alertId}` }),
  },
  'POST /AnalyticsRelay': {
    object: 'none',
    needs: 'identity',
    call: (s) => ({
      method: 'POST',
      url: '/AnalyticsRelay',
      headers: s.ids.token ? { authorization: `Bearer ${s.ids.token}` } : undefined,
      payload: {
        events: [analyticsEvent({ user_id: s.self.uid, tenant_id: s.self.tenantId, email: s.self.email })],
      },
    }),
  },
  'GET /api/reporting': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/reporting?from=2026-01-01&to=2026-01-31' }),
  },
  'GET /api/accounts/search': { object: 'none', call: () => ({ method: 'GET', url: '/api/accounts/search?q=matrix' }) },
  'GET /api/contacts/search': { object: 'none', call: () => ({ method: 'GET', url: '/api/contacts/search?q=matrix' }) },
  'GET /api/accounts/{masterAccountId}': {
    object: 'none',
    call: () => ({ method: 'GET', url: `/api/accounts/${ACCOUNT_ID}` }),
  },
  'PUT /api/accounts/{masterAccountId}/favorite': {
    object: 'none',
    call: () => ({ method: 'PUT', url: `/api/accounts/${ACCOUNT_ID}/favorite`, payload: { favorite: true } }),
  },
  'GET /api/accounts/{masterAccountId}/comments': {
    object: 'none',
    call: () => ({ method: 'GET', url: `/api/accounts/${ACCOUNT_ID}/comments` }),
  },
  'PATCH /api/accounts/{masterAccountId}/comments/{commentId}': {
    object: 'comment',
    call: (s) => ({
      method: 'PATCH',
      url: `/api/accounts/${ACCOUNT_ID}/comments/${s.ids.commentId}`,
      payload: { text: `Edited ${s.unique}` },
    }),
  },
  'DELETE /api/accounts/{masterAccountId}/comments/{commentId}': {
    object: 'comment',
    call: (s) => ({ method: 'DELETE', url: `/api/accounts/${ACCOUNT_ID}/comments/${s.ids.commentId}` }),
  },
  'POST /api/accounts/{masterAccountId}/comments': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: `/api/accounts/${ACCOUNT_ID}/comments`,
      payload: { text: `Matrix ${s.unique}` },
    }),
  },
  'GET /api/territory': { object: 'none', call: () => ({ method: 'GET', url: '/api/territory' }) },
  'POST /api/territory': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/territory', payload: { master_account_ids: [ACCOUNT_ID] } }),
  },
  'DELETE /api/territory': {
    object: 'none',
    call: () => ({ method: 'DELETE', url: '/api/territory', payload: { master_account_ids: [ACCOUNT_ID] } }),
  },
  'GET /api/filters': { object: 'none', call: () => ({ method: 'GET', url: '/api/filters' }) },
  'GET /api/filters/values/{field}': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/filters/values/industry' }),
  },
  'POST /api/filters': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: '/api/filters',
      payload: { name: `Matrix ${s.unique}`, filter: filterGroup },
    }),
  },
  'GET /api/filters/{filterId}': {
    object: 'filter',
    call: (s) => ({ method: 'GET', url: `/api/filters/${s.ids.filterId}` }),
  },
  'PATCH /api/filters/{filterId}': {
    object: 'filter',
    call: (s) => ({ method: 'PATCH', url: `/api/filters/${s.ids.filterId}`, payload: { name: `Renamed ${s.unique}` } }),
  },
  'DELETE /api/filters/{filterId}': {
    object: 'filter',
    call: (s) => ({ method: 'DELETE', url: `/api/filters/${s.ids.filterId}` }),
  },
  'POST /api/accounts/query': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/accounts/query', payload: { filter: filterGroup } }),
  },
  'POST /api/accounts/query/ids': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/accounts/query/ids', payload: { filter: filterGroup } }),
  },
  'POST /api/users/{uid}/territory/query': {
    object: 'user',
    call: (s) => ({ method: 'POST', url: `/api/users/${s.ids.uid}/territory/query`, payload: {} }),
  },
  'GET /api/workspaces/owned': { object: 'none', call: () => ({ method: 'GET', url: '/api/workspaces/owned' }) },
  'GET /api/workspaces/shared': { object: 'none', call: () => ({ method: 'GET', url: '/api/workspaces/shared' }) },
  'POST /api/workspaces': {
    object: 'none',
    call: (s) => ({ method: 'POST', url: '/api/workspaces', payload: { name: `Matrix ${s.unique}` } }),
  },
  'GET /api/workspaces/{workspaceId}': { object: 'workspace', call: (s) => ({ method: 'GET', url: ws(s) }) },
  'PATCH /api/workspaces/{workspaceId}': {
    object: 'workspace',
    call: (s) => ({ method: 'PATCH', url: ws(s), payload: { name: `Renamed ${s.unique}` } }),
  },
  'DELETE /api/workspaces/{workspaceId}': { object: 'workspace', call: (s) => ({ method: 'DELETE', url: ws(s) }) },
  'POST /api/workspaces/{workspaceId}/shared-users': {
    object: 'workspace',
    call: (s) => ({ method: 'POST', url: `${ws(s)}/shared-users`, payload: { uids: [s.colleague.uid] } }),
  },
  'POST /api/workspaces/{workspaceId}/shared-users/remove': {
    object: 'workspace',
    call: (s) => ({ method: 'POST', url: `${ws(s)}/shared-users/remove`, payload: { uids: [s.self.uid] } }),
  },
  'PUT /api/workspaces/{workspaceId}/items': {
    object: 'workspace',
    call: (s) => ({ method: 'PUT', url: `${ws(s)}/items`, payload: { items: [] } }),
  },
  // The list takeover (#13): the object is the list, put into a workspace of the actor's own.
  'POST /api/workspaces/{workspaceId}/items': {
    object: 'workspace',
    call: (s) => ({
      method: 'POST',
      url: `/api/workspaces/${s.ownWorkspaceId}/items`,
      payload: { list_ids: [s.ids.listId] },
    }),
  },
  'POST /api/workspaces/{workspaceId}/items/remove': {
    object: 'workspace',
    call: (s) => ({ method: 'POST', url: `${ws(s)}/items/remove`, payload: { list_ids: [s.ids.listId] } }),
  },
  'POST /api/workspaces/{workspaceId}/viewed': {
    object: 'workspace',
    call: (s) => ({ method: 'POST', url: `${ws(s)}/viewed`, headers: json, payload: {} }),
  },
  'POST /api/workspaces/{workspaceId}/lists': {
    object: 'workspace',
    call: (s) => ({ method: 'POST', url: `${ws(s)}/lists`, payload: { name: `Matrix ${s.unique}`, type: 'accounts' } }),
  },
  'GET /api/lists': { object: 'none', call: () => ({ method: 'GET', url: '/api/lists' }) },
  'GET /api/lists/{listId}': { object: 'workspace', call: (s) => ({ method: 'GET', url: list(s) }) },
  'PATCH /api/lists/{listId}': {
    object: 'workspace',
    call: (s) => ({ method: 'PATCH', url: list(s), payload: { name: `Renamed ${s.unique}` } }),
  },
  'DELETE /api/lists/{listId}': { object: 'workspace', call: (s) => ({ method: 'DELETE', url: list(s) }) },
  'GET /api/lists/{listId}/members': {
    object: 'workspace',
    call: (s) => ({ method: 'GET', url: `${list(s)}/members` }),
  },
  'POST /api/lists/{listId}/members': {
    object: 'workspace',
    call: (s) => ({ method: 'POST', url: `${list(s)}/members`, payload: { ids: [ACCOUNT_ID] } }),
  },
  'POST /api/lists/{listId}/members/remove': {
    object: 'workspace',
    call: (s) => ({ method: 'POST', url: `${list(s)}/members/remove`, payload: { ids: [ACCOUNT_ID] } }),
  },
  'GET /api/organization/members': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/organization/members' }),
  },
  'PUT /api/organization/members/{uid}/roles': {
    object: 'user',
    // The roles the person already has, so a cell that is allowed changes nothing for the next.
    call: (s) => ({
      method: 'PUT',
      url: `/api/organization/members/${s.ids.uid}/roles`,
      payload: rolesOf(s.ids.uid ?? ''),
    }),
  },
  'GET /api/organization/invitations': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/organization/invitations' }),
  },
  'POST /api/organization/invitations': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: '/api/organization/invitations',
      payload: { email: `invitee-${s.unique}@example.test`, display_name: `Invitee ${s.unique}` },
    }),
  },
  'DELETE /api/organization/invitations/{id}': {
    object: 'invitation',
    call: (s) => ({ method: 'DELETE', url: `/api/organization/invitations/${s.ids.id}` }),
  },
  'GET /api/invitations/{token}': {
    object: 'none',
    needs: 'invitation',
    call: (s) => ({ method: 'GET', url: `/api/invitations/${s.ids.invitationToken}` }),
  },
  'POST /api/invitations/accept': {
    object: 'none',
    needs: 'invitation',
    call: (s) => ({
      method: 'POST',
      url: '/api/invitations/accept',
      payload: { token: s.ids.invitationToken, display_name: `Joiner ${s.unique}`, password: 'joiner-password-2026' },
    }),
  },
  'GET /api/value-hypotheses': { object: 'none', call: () => ({ method: 'GET', url: '/api/value-hypotheses' }) },
  'POST /api/value-hypotheses': {
    object: 'none',
    call: (s) => ({ method: 'POST', url: '/api/value-hypotheses', payload: { name: `Matrix ${s.unique}` } }),
  },
  'GET /api/value-hypotheses/{id}': {
    object: 'hypothesis',
    call: (s) => ({ method: 'GET', url: `/api/value-hypotheses/${s.ids.id}` }),
  },
  'PATCH /api/value-hypotheses/{id}': {
    object: 'hypothesis',
    call: (s) => ({
      method: 'PATCH',
      url: `/api/value-hypotheses/${s.ids.id}`,
      payload: { name: `Renamed ${s.unique}` },
    }),
  },
  'DELETE /api/value-hypotheses/{id}': {
    object: 'hypothesis',
    call: (s) => ({ method: 'DELETE', url: `/api/value-hypotheses/${s.ids.id}` }),
  },
  'GET /api/triggers': { object: 'none', call: () => ({ method: 'GET', url: '/api/triggers' }) },
  // The object is a hypothesis the new trigger is tied to (#13: a private or foreign id is refused).
  'POST /api/triggers': {
    object: 'hypothesis',
    call: (s) => ({
      method: 'POST',
      url: '/api/triggers',
      payload: { name: `Matrix ${s.unique}`, hit_type: 'event', phrases: ['matrix'], hypothesis_ids: [s.ids.id] },
    }),
  },
  'GET /api/triggers/{id}': { object: 'trigger', call: (s) => ({ method: 'GET', url: `/api/triggers/${s.ids.id}` }) },
  'PATCH /api/triggers/{id}': {
    object: 'trigger',
    call: (s) => ({ method: 'PATCH', url: `/api/triggers/${s.ids.id}`, payload: { enabled: false } }),
  },
  'DELETE /api/triggers/{id}': {
    object: 'trigger',
    call: (s) => ({ method: 'DELETE', url: `/api/triggers/${s.ids.id}` }),
  },
  'GET /api/qualification-signals': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/qualification-signals' }),
  },
  'POST /api/qualification-signals': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: '/api/qualification-signals',
      payload: { type: 'bad', text: `Matrix ${s.unique}` },
    }),
  },
  'PATCH /api/qualification-signals/{id}': {
    object: 'signal',
    call: (s) => ({
      method: 'PATCH',
      url: `/api/qualification-signals/${s.ids.id}`,
      payload: { text: `Renamed ${s.unique}` },
    }),
  },
  'DELETE /api/qualification-signals/{id}': {
    object: 'signal',
    call: (s) => ({ method: 'DELETE', url: `/api/qualification-signals/${s.ids.id}` }),
  },
  'GET /api/target-titles': { object: 'none', call: () => ({ method: 'GET', url: '/api/target-titles' }) },
  'PUT /api/target-titles': {
    object: 'none',
    call: () => ({ method: 'PUT', url: '/api/target-titles', payload: { titles: ['Chief Revenue Officer'] } }),
  },
  'GET /api/value-matches': { object: 'none', call: () => ({ method: 'GET', url: '/api/value-matches' }) },
  'GET /api/value-matches/status': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/value-matches/status' }),
  },
  'GET /api/value-matches/industries': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/value-matches/industries' }),
  },
  'GET /api/value-matches/{masterAccountId}': {
    object: 'none',
    call: () => ({ method: 'GET', url: `/api/value-matches/${ACCOUNT_ID}` }),
  },
  'POST /api/value-matches/{masterAccountId}/assignment': {
    object: 'user',
    call: (s) => ({ method: 'POST', url: `/api/value-matches/${ACCOUNT_ID}/assignment`, payload: { uid: s.ids.uid } }),
  },
  'DELETE /api/value-matches/{masterAccountId}/assignment/{uid}': {
    object: 'user',
    call: (s) => ({ method: 'DELETE', url: `/api/value-matches/${ACCOUNT_ID}/assignment/${s.ids.uid}` }),
  },
  'GET /api/value-matches/trigger-stats': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/value-matches/trigger-stats' }),
  },
  // Every company has a match of the test account (made in beforeAll) with one signal to mark.
  'POST /api/value-matches/{masterAccountId}/marks': {
    object: 'none',
    call: () => ({ method: 'POST', url: `/api/value-matches/${ACCOUNT_ID}/marks`, payload: { hit_id: MATCH_HIT_ID } }),
  },
  'DELETE /api/value-matches/{masterAccountId}/marks/{hitId}': {
    object: 'none',
    call: () => ({ method: 'DELETE', url: `/api/value-matches/${ACCOUNT_ID}/marks/${MATCH_HIT_ID}` }),
  },

  'GET /api/flows': { object: 'none', call: () => ({ method: 'GET', url: '/api/flows' }) },
  'POST /api/flows': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: '/api/flows',
      payload: {
        type: 'create_value_message',
        initiated_from: `/valueMatch/${ACCOUNT_ID}?matrix=${s.unique}`,
        accounts: [{ master_account_id: ACCOUNT_ID, contact_ids: [CONTACT_ID] }],
      },
    }),
  },
  'GET /api/flows/{flowId}': { object: 'flow', call: (s) => ({ method: 'GET', url: flow(s) }) },
  'DELETE /api/flows/{flowId}': { object: 'flow', call: (s) => ({ method: 'DELETE', url: flow(s) }) },
  'PATCH /api/flows/{flowId}/messages/{messageId}': {
    object: 'flow',
    call: (s) => ({
      method: 'PATCH',
      url: `${flow(s)}/messages/${s.ids.messageId}`,
      payload: { version: Number(s.ids.version), steps: [{ subject: `Matrix ${s.unique}`, body: 'Matrix body' }] },
    }),
  },
  'DELETE /api/flows/{flowId}/messages/{messageId}': {
    object: 'flow',
    call: (s) => ({ method: 'DELETE', url: `${flow(s)}/messages/${s.ids.messageId}` }),
  },
  'POST /api/flows/{flowId}/messages/{messageId}/regenerate': {
    object: 'flow',
    call: (s) => ({ method: 'POST', url: `${flow(s)}/messages/${s.ids.messageId}/regenerate` }),
  },
  'POST /api/flows/{flowId}/approve-all': {
    object: 'flow',
    call: (s) => ({ method: 'POST', url: `${flow(s)}/approve-all` }),
  },
  'POST /api/flows/{flowId}/retry': { object: 'flow', call: (s) => ({ method: 'POST', url: `${flow(s)}/retry` }) },
  'POST /api/flows/{flowId}/send': {
    object: 'flow',
    call: (s) => ({ method: 'POST', url: `${flow(s)}/send`, payload: { destination: 'download' } }),
  },
  'GET /api/flows/{flowId}/download': { object: 'flow', call: (s) => ({ method: 'GET', url: `${flow(s)}/download` }) },

  'GET /api/uploads': { object: 'none', call: () => ({ method: 'GET', url: '/api/uploads' }) },
  'POST /api/uploads': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: '/api/uploads',
      payload: { type: 'DOMAIN', input: `matrix-${s.unique}.com`, destination: { type: 'territory' } },
    }),
  },
  'GET /api/uploads/{uploadId}': {
    object: 'upload',
    call: (s) => ({ method: 'GET', url: `/api/uploads/${s.ids.uploadId}` }),
  },
  // The fixture's upload has run to the end: one who may see it is told it has finished (409).
  'POST /api/uploads/{uploadId}/cancel': {
    object: 'upload',
    call: (s) => ({ method: 'POST', url: `/api/uploads/${s.ids.uploadId}/cancel` }),
  },
  'GET /api/uploads/{uploadId}/failure-lines': {
    object: 'upload',
    call: (s) => ({ method: 'GET', url: `/api/uploads/${s.ids.uploadId}/failure-lines` }),
  },
  'GET /api/uploads/{uploadId}/failures': {
    object: 'upload',
    call: (s) => ({ method: 'GET', url: `/api/uploads/${s.ids.uploadId}/failures` }),
  },
  'GET /api/signal-sources': { object: 'none', call: () => ({ method: 'GET', url: '/api/signal-sources' }) },
  'POST /api/signal-sources': {
    object: 'none',
    call: (s) => ({
      method: 'POST',
      url: '/api/signal-sources',
      payload: { kind: 'feed', url: `https://news.example.com/matrix-new-${s.unique}.xml` },
    }),
  },
  'PATCH /api/signal-sources/{sourceId}': {
    object: 'signalSource',
    call: (s) => ({ method: 'PATCH', url: `/api/signal-sources/${s.ids.sourceId}`, payload: { status: 'paused' } }),
  },
  'DELETE /api/signal-sources/{sourceId}': {
    object: 'signalSource',
    call: (s) => ({ method: 'DELETE', url: `/api/signal-sources/${s.ids.sourceId}` }),
  },
  'POST /api/signal-sources/discover': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/signal-sources/discover', payload: { master_account_id: ACCOUNT_ID } }),
  },
  'POST /api/signal-sources/sweep': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/signal-sources/sweep' }),
  },
  'POST /api/signal-sources/discover-all': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/signal-sources/discover-all' }),
  },

  'GET /api/email-preferences': { object: 'none', call: () => ({ method: 'GET', url: '/api/email-preferences' }) },
  'PUT /api/email-preferences/{scope}': {
    object: 'none',
    call: (s) => ({
      method: 'PUT',
      url: '/api/email-preferences/organization',
      payload: { rules: [`Matrix rule ${s.unique}`], example_emails: [] },
    }),
  },
  // Integrations (#21): the matrix has no fake vendor, so connecting HubSpot leaves it PENDING (200);
  // the other calls address Outreach, which no one connects: an admin learns it is not connected.
  'GET /api/integrations': { object: 'none', call: () => ({ method: 'GET', url: '/api/integrations' }) },
  'PUT /api/integrations/{type}': {
    object: 'none',
    call: (s) => ({
      method: 'PUT',
      url: '/api/integrations/hubspot',
      payload: { credential: `pat-matrix-${s.unique}` },
    }),
  },
  'POST /api/integrations/{type}/check': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/integrations/outreach/check' }),
  },
  'DELETE /api/integrations/{type}': {
    object: 'none',
    call: () => ({ method: 'DELETE', url: '/api/integrations/outreach' }),
  },
  'GET /api/integrations/{type}/custom-fields': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/integrations/outreach/custom-fields' }),
  },
  'PUT /api/integrations/{type}/field-mappings': {
    object: 'none',
    call: () => ({
      method: 'PUT',
      url: '/api/integrations/outreach/field-mappings',
      payload: { field_mappings: { value_message_subject: 'custom1' } },
    }),
  },
  'GET /api/integrations/{type}/sequences': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/integrations/outreach/sequences' }),
  },
  'GET /api/integrations/{type}/mailboxes': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/integrations/outreach/mailboxes' }),
  },
  'GET /api/integrations/connector-jwks': {
    object: 'none',
    call: () => ({ method: 'GET', url: '/api/integrations/connector-jwks' }),
  },
  // Outreach's consent (after the rows above, which expect Outreach unconnected): an admin gets the
  // authorization URL and the row turns PENDING; the callback, reached by the browser with the
  // session cookie, refuses a state it never handed out.
  'POST /api/integrations/{type}/oauth': {
    object: 'none',
    call: () => ({ method: 'POST', url: '/api/integrations/outreach/oauth' }),
  },
  'GET /api/integrations/{type}/oauth/callback': {
    object: 'none',
    call: () => ({
      method: 'GET',
      url: '/api/integrations/outreach/oauth/callback?code=matrix&state=never-handed-out',
    }),
  },
  /** The connector token for the user the row addresses, in the actor's own company. */
  'POST /HydraJwtGenerator': {
    object: 'user',
    call: (s) => ({
      method: 'POST',
      url: '/HydraJwtGenerator',
      payload: { tenant_id: s.self.tenantId, user_id: s.ids.uid },
    }),
  },
};

function alertBody(unique: string) {
  return { title: `Matrix ${unique}`, message: 'Matrix alert', starts_at: new Date(Date.now() - 60_000).toISOString() };
}

const roles = new Map<string, { is_admin: boolean; is_manager: boolean }>();
function rolesOf(uid: string) {
  return roles.get(uid) ?? { is_admin: false, is_manager: false };
}

/** Whom the actor acts as, its colleague (one who may make every kind of object) and someone elsewhere. */
const CAST: Record<
  Actor,
  { self: keyof typeof EMAILS | 'support'; colleague: keyof typeof EMAILS | null; other: keyof typeof EMAILS }
> = {
  anonymous: { self: 'rita', colleague: 'mike', other: 'gail' },
  regular: { self: 'rita', colleague: 'mike', other: 'gail' },
  manager: { self: 'mike', colleague: 'ada', other: 'gail' },
  admin: { self: 'ada', colleague: 'mike', other: 'gail' },
  other_admin: { self: 'gail', colleague: 'gus', other: 'ada' },
  // The support account's own company has no one else in it.
  support: { self: 'support', colleague: null, other: 'ada' },
  impersonating: { self: 'raj', colleague: 'mike', other: 'gail' },
};

/** The actor's session, signed in once; fresh for a call that ends or changes it. */
const actorSessions = new Map<Actor, string>();
async function sessionOf(actor: Actor, fresh = false): Promise<string | undefined> {
  if (actor === 'anonymous') return undefined;
  const known = actorSessions.get(actor);
  if (known && !fresh) return known;
  const email =
    actor === 'support' || actor === 'impersonating' ? t.config.supportEmail : people[CAST[actor].self]?.email;
  const cookie = await t.signIn(email as string);
  if (actor === 'impersonating') {
    const res = await send(cookie, {
      method: 'POST',
      url: '/api/support/impersonation',
      payload: { uid: people.raj?.uid, reason: 'Authorization matrix' },
    });
    if (res.statusCode !== 200 && res.statusCode !== 201)
      throw new Error(`impersonation answered ${res.statusCode}: ${res.body}`);
  }
  if (!fresh) actorSessions.set(actor, cookie);
  return cookie;
}

/** The ids the cell's object kind calls for, made fresh; null when that kind cannot exist for this actor. */
async function fixture(
  probe: Probe,
  kind: ObjectKind,
  actor: Actor,
  unique: string,
): Promise<Record<string, string> | null> {
  const cast = CAST[actor];
  const self = people[cast.self] as Person;
  const colleague = cast.colleague ? (people[cast.colleague] as Person) : null;
  const other = people[cast.other] as Person;
  if (probe.object === 'none') return {};
  const make: Maker = makers[probe.object];
  if (kind === 'own') return make(self, null, unique);
  if (kind === 'private') return colleague && make(colleague, null, unique);
  if (kind === 'shared') return colleague && make(colleague, self, unique);
  if (kind === 'other') return make(other, null, unique);
  return {};
}

/** What the probe needs besides its object: made fresh for the cell. */
async function neededIds(
  probe: Probe,
  actor: Actor,
  unique: string,
  cookie: string | undefined,
): Promise<Record<string, string>> {
  if (probe.needs === 'alert') {
    const alert = await create(people.support as Person, '/api/support/alerts', alertBody(unique));
    return { alertId: alert?.id ?? '' };
  }
  if (probe.needs === 'invitation') {
    await create(people.ada as Person, '/api/organization/invitations', {
      email: `joiner-${unique}@example.test`,
      display_name: `Joiner ${unique}`,
    });
    return { invitationToken: new URL(t.mailer.messages.at(-1)?.link ?? '').searchParams.get('token') ?? '' };
  }
  if (probe.needs === 'identity' && cookie && actor !== 'anonymous') return { token: await t.identityToken(cookie) };
  return {};
}

/** Makes the cell's object and calls the route as the actor: the status, or '-' when the object cannot exist. */
async function callCell(
  route: string,
  kind: ObjectKind,
  actor: Actor,
): Promise<{ status: Expected; body: string; leaked?: true }> {
  const probe = PROBES[route];
  if (!probe) return { status: '-', body: 'no probe' };
  const unique = `${process.pid}-${++counter}`;
  const cookie = await sessionOf(actor, probe.freshSession);
  const ids = await fixture(probe, kind, actor, unique);
  if (ids === null) return { status: '-', body: '' };
  const scene: Scene = {
    ids: { ...(await neededIds(probe, actor, unique, cookie)), ...ids },
    self: people[CAST[actor].self] as Person,
    colleague: people[CAST[actor].colleague ?? CAST[actor].other] as Person,
    ownWorkspaceId: ownWorkspaces[actor] ?? 'none',
    unique,
  };
  const res = await send(cookie, probe.call(scene));
  // Another company's object may be named in a refusal, never in an answer that succeeds.
  const leaked =
    kind === 'other' &&
    !probe.acrossCompanies &&
    res.statusCode < 300 &&
    Object.values(ids).some((id) => res.body.includes(id));
  return { status: res.statusCode, body: res.body.slice(0, 160), ...(leaked ? { leaked } : {}) };
}

let ownWorkspaces: Partial<Record<Actor, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const [key, email] of Object.entries({ ...EMAILS, support: t.config.supportEmail })) {
    const row = await t.handle.db
      .selectFrom('users')
      .select(['uid', 'company', 'is_admin', 'is_manager'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    people[key] = { email, uid: row.uid, tenantId: row.company };
  }
  // Globex's colleague must be able to make value preferences too, as Mike can at Acme.
  await t.handle.db.updateTable('users').set({ is_manager: 1 }).where('email', '=', EMAILS.gus).execute();
  for (const row of await t.handle.db.selectFrom('users').select(['uid', 'is_admin', 'is_manager']).execute()) {
    roles.set(row.uid, { is_admin: row.is_admin === 1, is_manager: row.is_manager === 1 });
  }
  await insertTestAccount(t.handle.db, ACCOUNT_ID, 'Matrix Test Stores');
  // A match of the test account in every company, with one signal its users may mark "not relevant".
  const tenants = await acrossTenants(t.handle.db).selectFrom('tenants').select('id').execute();
  for (const { id } of tenants) {
    await t.handle.db
      .insertInto('value_matches')
      .values({
        tenant_id: id,
        master_account_id: ACCOUNT_ID,
        tier: 'none',
        tier_rank: 0,
        score: 0,
        industry: null,
        top_hypothesis_id: null,
        top_hypothesis_name: null,
        top_hit_id: null,
        top_hit_title: null,
        top_hit_published_at: null,
        latest_hit_at: null,
        why_now: '',
        why_now_facts: null,
        spans: '[]',
        result: JSON.stringify({ hypotheses: [], hits: [{ hit_id: MATCH_HIT_ID, triggers: [], spans: [] }] }),
        computed_at: new Date().toISOString(),
      })
      .execute();
  }
  const contact = { external_contact_id: null, master_account_id: ACCOUNT_ID, seniority: null, department: null };
  await t.handle.db
    .insertInto('master_contacts')
    .values([
      {
        ...contact,
        id: CONTACT_ID,
        first_name: 'Mia',
        last_name: 'Matrix',
        title: 'Head of Stores',
        email: 'mia@matrix.example',
        email_status: 'verified',
        linkedin_url: null,
      },
      {
        ...contact,
        id: SECOND_CONTACT_ID,
        first_name: 'Max',
        last_name: 'Matrix',
        title: 'Head of Logistics',
        email: 'max@matrix.example',
        email_status: 'verified',
        linkedin_url: null,
      },
    ])
    .execute();
  ownWorkspaces = {};
  for (const actor of ACTORS) {
    const self = people[CAST[actor].self] as Person;
    const made = await makers.workspace(self, null, `own ${actor}`);
    if (made) ownWorkspaces[actor] = made.workspaceId;
  }
});
afterAll(() => t?.close());

describe('authorization matrix (OpenAPI routes × actors × objects)', () => {
  it('has a row for every route of the OpenAPI document, and none for a route that is gone', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => routeKey(method, path)),
    );
    const matrix = parseMatrix();
    const inTable = new Set(matrix.map((row) => row.route));
    expect(
      documented.filter((route) => !inTable.has(route)),
      'routes without a row in the matrix',
    ).toEqual([]);
    expect(
      [...inTable].filter((route) => !documented.includes(route)),
      'rows for routes that are gone',
    ).toEqual([]);
    expect(
      documented.filter((route) => !PROBES[route]),
      'routes without a probe',
    ).toEqual([]);
    for (const route of inTable) {
      const probe = PROBES[route] as Probe;
      const kinds = matrix.filter((row) => row.route === route).map((row) => row.object);
      expect(kinds, `object kinds of ${route}`).toEqual(KINDS[probe.object]);
    }
  });

  it('answers every cell with the status the table names', async () => {
    const matrix = parseMatrix();
    const wrong: string[] = [];
    let cells = 0;
    for (const row of matrix) {
      for (const actor of ACTORS) {
        const expected: Expected = row.expected[actor];
        const got = await callCell(row.route, row.object, actor);
        if (got.status !== '-') cells++;
        if (got.status !== expected) {
          wrong.push(`${row.route} [${row.object}] ${actor}: expected ${expected}, got ${got.status} ${got.body}`);
        }
        if (got.leaked)
          wrong.push(`${row.route} [${row.object}] ${actor}: the answer names the other company's object`);
      }
    }
    console.log(`authorization matrix: ${cells} requests over ${new Set(matrix.map((r) => r.route)).size} routes`);
    expect(wrong).toEqual([]);
    // About 1,200 requests with their fixtures: 20 to 35 s alone, longer beside other test files.
  }, 300_000);
});

/**
 * MATRIX_RECORD=<file> writes what every cell answers today, with the start of each body, in the
 * table's layout: a start for the rows of a new route, to be read cell by cell before it goes in.
 */
it.runIf(process.env.MATRIX_RECORD)(
  'records what every cell answers now',
  async () => {
    const lines: string[] = [];
    for (const [route, probe] of Object.entries(PROBES)) {
      for (const kind of KINDS[probe.object]) {
        const cells: string[] = [];
        const bodies: string[] = [];
        for (const actor of ACTORS) {
          const got = await callCell(route, kind, actor);
          cells.push(`${got.status}${got.leaked ? '!' : ''}`);
          bodies.push(`#   ${actor} ${got.status}: ${got.body.slice(0, 100)}`);
        }
        lines.push(`${route} ${kind} ${cells.join(' ')}`, ...bodies);
      }
    }
    fs.writeFileSync(process.env.MATRIX_RECORD as string, `${lines.join('\n')}\n`);
  },
  600_000,
);
