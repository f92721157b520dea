import { errorCodes } from '@quarry/shared';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { insertTestAccount } from '../testing/test-account.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * Issue #13, G9: requests generated from the OpenAPI document's own schemas, sent to every route
 * by signed-in users of two companies, the support account, strangers and a forged session. Most
 * are shaped as documented (with hostile text inside), the rest break the schema in one place or
 * are not JSON at all. Whatever arrives, the server answers below 500, every failure in the API's
 * error shape, and no answer carries a stack trace or SQL text.
 *
 * FUZZ_SEED replays a run (the seed is printed with any failure); FUZZ_RUNS sets the runs per route.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_113);
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 50);

type Schema = {
  type?: string;
  enum?: unknown[];
  nullable?: boolean;
  $ref?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
type Route = { key: string; method: string; path: string; params: Parameter[]; query: Parameter[]; body?: Schema };

type Actor = 'rita' | 'ada' | 'mike' | 'gail' | 'support' | 'anonymous' | 'forged';
/** Mostly a regular user and an admin, as the issue asks; the rest now and then. */
const ACTOR_WEIGHTS: [Actor, number][] = [
  ['rita', 4],
  ['ada', 3],
  ['anonymous', 2],
  ['mike', 1],
  ['gail', 1],
  ['support', 2],
  ['forged', 1],
];
const SIGNED_IN: Actor[] = ['rita', 'ada', 'mike', 'gail', 'support'];
const EMAILS = { rita: 'rita@acme.test', ada: 'ada@acme.test', mike: 'mike@acme.test', gail: 'gail@globex.test' };

/** What a real id is the id of; `email` and `token` are real values of those fields. */
type Kind =
  | 'workspace'
  | 'list'
  | 'filter'
  | 'hypothesis'
  | 'trigger'
  | 'signal'
  | 'invitation'
  | 'alert'
  | 'user'
  | 'account'
  | 'token'
  | 'email';
type Pools = Partial<Record<Kind, string[]>>;
/** Real values: those each signed-in actor sees (ids it may well be allowed to use), and all of them. */
type RealValues = { seen: Partial<Record<Actor, Pools>>; everyone: Pools };

/** Path parameters and body fields named so hold ids of that kind (array fields: each item). */
const KIND_OF_NAME: Record<string, Kind> = {
  workspaceId: 'workspace',
  listId: 'list',
  list_ids: 'list',
  items: 'list',
  filterId: 'filter',
  filter_id: 'filter',
  hypothesis_id: 'hypothesis',
  hypothesis_ids: 'hypothesis',
  alertId: 'alert',
  uid: 'user',
  uids: 'user',
  shared_users: 'user',
  masterAccountId: 'account',
  master_account_ids: 'account',
  ids: 'account',
  token: 'token',
  email: 'email',
};
/** A bare `{id}` is the id of what the collection before it holds. */
const KIND_OF_COLLECTION: Record<string, Kind> = {
  'value-hypotheses': 'hypothesis',
  triggers: 'trigger',
  'qualification-signals': 'signal',
  invitations: 'invitation',
};
/** Where the ids of a kind are listed and the field holding each; every signed-in actor is asked. */
const ID_SOURCES: Partial<Record<Kind, { url: string; field: string }>> = {
  workspace: { url: '/api/workspaces/owned', field: 'id' },
  list: { url: '/api/lists', field: 'id' },
  filter: { url: '/api/filters', field: 'id' },
  hypothesis: { url: '/api/value-hypotheses', field: 'id' },
  trigger: { url: '/api/triggers', field: 'id' },
  signal: { url: '/api/qualification-signals', field: 'id' },
  invitation: { url: '/api/organization/invitations', field: 'id' },
  alert: { url: '/api/support/alerts', field: 'id' },
  user: { url: '/api/users', field: 'uid' },
};
const ACCOUNT_IDS = ['acc_fuzz_1', 'acc_fuzz_2'];
/** Real addresses, but never an actor's: a reset or a run of failed sign-ins must not lock one out. */
const EMAIL_VALUES = ['raj@acme.test', 'gus@globex.test', 'RAJ@ACME.TEST', 'new.person@example.test'];

/** Text that has broken servers before: traversal, SQL and HTML fragments, NUL, odd Unicode, a lot of it. */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'a\u0000b',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1 UNION SELECT NULL--',
  '%',
  '_',
  '\\',
  '$1',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '=HYPERLINK("http://x.invalid")',
  '\u202e\u0644\u0644',
  '𝕏😀👨‍👩‍👧',
  '\uFEFF',
  '\uD800',
  'null',
  'true',
  '-1',
  'NaN',
  '__proto__',
  'constructor',
  '\r\n',
  'x'.repeat(10_000),
];
/** Path segments sent as they are, not encoded: bad escapes, dot segments, parameters. */
const RAW_SEGMENTS = ['..', '.', '%2e%2e', '..%2f..%2f', '%00', '%', '%zz', '%E0%A4%A', '%C0%AE', 'a%2Fb', ';a=b', '*'];
const QUERY_VALUES = ['-1', '0', '1.5', '1e400', '9007199254740993', '99999999999999999999', 'NaN', '0x10', ' 1', ''];
/** JSON of every type, for a field that wants another. */
const WRONG_TYPES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '',
  'x',
  [],
  [null],
  {},
  { $gt: '' },
];
/** Fields a client should never get to set. */
const EXTRA_FIELDS = ['tenant_id', 'company', 'is_admin', 'uid', 'created_by', 'id', '$where', ''];
const CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/octet-stream',
];
/** The longest string generated where the schema sets no maxLength. */
const UNBOUNDED_LENGTH = 20_000;
/** How deep a recursive schema (the filter group) is followed. */
const MAX_REF_DEPTH = 3;

/** Bodies that are not the JSON a schema describes, by name so a failure prints short. */
function rawBodies(bodyLimit: number): Record<string, [contentType: string, payload: string]> {
  return {
    'unterminated JSON': ['application/json', '{"name":'],
    'trailing comma': ['application/json', '{"a":1,}'],
    'empty JSON': ['application/json', ''],
    'JSON null': ['application/json', 'null'],
    'JSON string': ['application/json', '"text"'],
    'JSON huge number': ['application/json', '1e999'],
    'prototype pollution': ['application/json', '{"__proto__":{"is_admin":true}}'],
    'constructor pollution': ['application/json', '{"constructor":{"prototype":{"is_admin":true}}}'],
    'deeply nested': ['application/json', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    'over the body limit': ['application/json', `"${'x'.repeat(bodyLimit)}"`],
    'JSON in latin1': ['application/json; charset=latin1', '{}'],
    form: ['application/x-www-form-urlencoded', 'name=x&is_admin=true'],
    multipart: ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--'],
    XML: ['application/xml', '<?xml version="1.0"?><a/>'],
  };
}

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; name: string }
  | { kind: 'text'; contentType: string; text: string };
type FuzzRequest = { actor: Actor; url: string; body: Body };

let t: TestApp;
let raw: ReturnType<typeof rawBodies>;
const cookies: Partial<Record<Actor, string>> = {};
/** Identity tokens, the bearer of the analytics relay. */
const bearers: Partial<Record<Actor, string>> = {};
let roles: { uid: string; is_admin: number; is_manager: number }[] = [];
let requests = 0;
let serverErrors = 0;

const resolveRef = (doc: OpenApi, ref: string): Schema => {
  const schema = doc.components?.schemas?.[ref.replace('#/components/schemas/', '')];
  if (!schema) throw new Error(`no component for ${ref}`);
  return schema;
};

/** Every property name a schema can hold, to know which real ids a route has a use for. */
function propertyNames(doc: OpenApi, schema: Schema | undefined, seen = new Set<string>()): string[] {
  if (!schema) return [];
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return [];
    seen.add(schema.$ref);
    return propertyNames(doc, resolveRef(doc, schema.$ref), seen);
  }
  const nested = [schema.items, ...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (typeof schema.additionalProperties === 'object') nested.push(schema.additionalProperties);
  return [
    ...Object.entries(schema.properties ?? {}).flatMap(([name, s]) => [name, ...propertyNames(doc, s, seen)]),
    ...nested.flatMap((s) => propertyNames(doc, s, seen)),
  ];
}

function paramKind(route: Route, name: string): Kind | undefined {
  if (name !== 'id') return KIND_OF_NAME[name];
  const segments = route.path.split('/');
  return KIND_OF_COLLECTION[segments[segments.indexOf('{id}') - 1] ?? ''];
}

/** Real values of a kind as weighted choices: mostly those the actor itself sees. */
function realChoices(kind: Kind | undefined, seen: Pools, everyone: Pools) {
  return [
    { weight: 2, values: (kind && seen[kind]) || [] },
    { weight: 1, values: (kind && everyone[kind]) || [] },
  ]
    .filter(({ values }) => values.length > 0)
    .map(({ weight, values }) => ({ weight, arbitrary: fc.constantFrom(...values) }));
}

/** Builds arbitraries from JSON schemas: `valid` keeps to the schema, `invalid` breaks it in one place. */
function schemaArbitraries(doc: OpenApi, seen: Pools, everyone: Pools) {
  const wrongType = fc.constantFrom(...WRONG_TYPES);
  const date = fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true });
  const realValues = (name: string | undefined) =>
    realChoices(name === undefined ? undefined : KIND_OF_NAME[name], seen, everyone);

  /** `$ref` and `allOf` replaced by what they stand for; the depth counts references followed. */
  function resolve(schema: Schema, depth: number): [Schema, number] {
    if (schema.$ref) return resolve(resolveRef(doc, schema.$ref), depth + 1);
    if (schema.allOf) {
      const [merged, deepest] = schema.allOf
        .map((s) => resolve(s, depth))
        .reduce(
          ([a, da], [b, db]) => [
            {
              ...a,
              ...b,
              properties: { ...a.properties, ...b.properties },
              required: [...(a.required ?? []), ...(b.required ?? [])],
            },
            Math.max(da, db),
          ],
          [{} as Schema, depth],
        );
      const { allOf: _, ...rest } = schema;
      return [{ ...merged, ...rest }, deepest];
    }
    return [schema, depth];
  }

  /** Branches of anyOf/oneOf; past the depth limit, only those that do not recurse. */
  const branchesOf = (schema: Schema, depth: number) => {
    const branches = schema.anyOf ?? schema.oneOf ?? [];
    const flat = branches.filter((b) => !b.$ref);
    return depth >= MAX_REF_DEPTH && flat.length > 0 ? flat : branches;
  };

  function validString(schema: Schema): fc.Arbitrary<string> {
    if (schema.format === 'date-time') return date.map((d) => d.toISOString());
    if (schema.format === 'date') return date.map((d) => d.toISOString().slice(0, 10));
    if (schema.format === 'uuid') return fc.uuid();
    if (schema.format === 'email') return fc.emailAddress();
    if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? UNBOUNDED_LENGTH;
    const short = Math.max(min, Math.min(max, 40));
    const fit = (s: string) => s.slice(0, max).padEnd(min, 'x');
    return fc.oneof(
      { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: short }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: short }).map(fit) },
      { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: min, maxLength: short }).map(fit) },
      { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(fit) },
      { weight: 1, arbitrary: fc.constant('x'.repeat(max)) },
    );
  }

  function validNumber(schema: Schema): fc.Arbitrary<number> {
    const edges = [schema.minimum, schema.maximum].filter((n): n is number => n !== undefined);
    const within =
      schema.type === 'integer'
        ? fc.integer({
            min: Math.max(schema.minimum ?? -(2 ** 31), -(2 ** 31)),
            max: Math.min(schema.maximum ?? 2 ** 31 - 1, 2 ** 31 - 1),
          })
        : fc.double({ min: schema.minimum, max: schema.maximum, noNaN: true, noDefaultInfinity: true });
    return edges.length
      ? fc.oneof({ weight: 3, arbitrary: within }, { weight: 1, arbitrary: fc.constantFrom(...edges) })
      : within;
  }

  function valid(input: Schema, name: string | undefined, inputDepth = 0): fc.Arbitrary<unknown> {
    const [schema, depth] = resolve(input, inputDepth);
    const base = validBase(schema, name, depth);
    return schema.nullable
      ? fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 4, arbitrary: base })
      : base;
  }

  function validBase(schema: Schema, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.anyOf || schema.oneOf) return fc.oneof(...branchesOf(schema, depth).map((b) => valid(b, name, depth)));
    switch (schema.type) {
      case 'string':
        return fc.oneof(...realValues(name), { weight: 3, arbitrary: validString(schema) });
      case 'integer':
      case 'number':
        return validNumber(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const item = valid(schema.items ?? {}, name, depth);
        const min = schema.minItems ?? 0;
        const few = fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(schema.maxItems ?? 4, 4)) });
        // As many as allowed, for arrays of plain values: nested ones that long would be huge.
        const primitive = ['string', 'integer', 'number', 'boolean'].includes(
          resolve(schema.items ?? {}, depth)[0].type ?? '',
        );
        if (schema.maxItems === undefined || schema.maxItems <= 4 || !primitive) return few;
        const full = fc.array(item, { minLength: schema.maxItems, maxLength: schema.maxItems });
        return fc.oneof({ weight: 9, arbitrary: few }, { weight: 1, arbitrary: full });
      }
      case 'object':
        return validObject(schema, depth);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  function validObject(schema: Schema, depth: number, without?: string): fc.Arbitrary<Record<string, unknown>> {
    const model = Object.fromEntries(
      Object.entries(schema.properties ?? {})
        .filter(([key]) => key !== without)
        .map(([key, s]) => [key, valid(s, key, depth)]),
    );
    const requiredKeys = (schema.required ?? []).filter((key) => key !== without);
    const record = fc.record(model, { requiredKeys });
    const extra = schema.additionalProperties;
    if (typeof extra !== 'object') return record;
    return fc
      .tuple(record, fc.dictionary(fc.string({ maxLength: 20 }), valid(extra, undefined, depth), { maxKeys: 4 }))
      .map(([known, more]) => ({ ...more, ...known }));
  }

  function invalid(input: Schema, name: string | undefined, inputDepth = 0): fc.Arbitrary<unknown> {
    const [schema, depth] = resolve(input, inputDepth);
    const ways: fc.Arbitrary<unknown>[] = [wrongType];
    if (schema.enum) ways.push(fc.constantFrom('not-in-the-list', 'ANY', 1, true));
    if (schema.anyOf || schema.oneOf) ways.push(...branchesOf(schema, depth).map((b) => invalid(b, name, depth)));
    switch (schema.type) {
      case 'string': {
        ways.push(fc.constant('x'.repeat((schema.maxLength ?? UNBOUNDED_LENGTH) + 1)));
        if (schema.minLength) ways.push(fc.constant('x'.repeat(schema.minLength - 1)));
        if (schema.format || schema.pattern) {
          ways.push(fc.constantFrom('2026-13-45', '2026-02-30T25:00:00Z', 'yesterday'));
        }
        break;
      }
      case 'integer':
      case 'number': {
        if (schema.minimum !== undefined) ways.push(fc.constant(schema.minimum - 1));
        if (schema.maximum !== undefined) ways.push(fc.constant(schema.maximum + 1));
        if (schema.type === 'integer') ways.push(fc.constant(1.5));
        ways.push(fc.constant('12'));
        break;
      }
      case 'array': {
        ways.push(fc.array(invalid(schema.items ?? {}, name, depth), { minLength: 1, maxLength: 3 }));
        const item = valid(schema.items ?? {}, name, depth);
        if (schema.maxItems !== undefined) {
          ways.push(fc.array(item, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }));
        }
        if (schema.minItems) ways.push(fc.constant([]));
        break;
      }
      case 'object': {
        const whole = validObject(schema, depth);
        for (const key of schema.required ?? []) ways.push(validObject(schema, depth, key));
        ways.push(
          fc
            .tuple(whole, fc.constantFrom(...EXTRA_FIELDS), fc.jsonValue({ maxDepth: 1 }))
            .map(([object, key, value]) => ({ ...object, [key]: value })),
        );
        for (const [key, s] of Object.entries(schema.properties ?? {})) {
          ways.push(fc.tuple(whole, invalid(s, key, depth)).map(([object, value]) => ({ ...object, [key]: value })));
        }
        break;
      }
    }
    return fc.oneof(...ways);
  }

  return { valid, invalid };
}

/** The query string's values for one parameter: an array repeats the key. */
const queryValues = (value: unknown): string[] =>
  Array.isArray(value) ? value.flatMap(queryValues) : [typeof value === 'string' ? value : JSON.stringify(value)];

/** encodeURIComponent refuses a lone surrogate; a browser would send U+FFFD. */
const encode = (text: string) => encodeURIComponent(text.replace(/[\uD800-\uDFFF]/gu, '\uFFFD'));

function requestArbitrary(doc: OpenApi, route: Route, real: RealValues): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    ...ACTOR_WEIGHTS.map(([actor, weight]) => ({
      weight,
      arbitrary: requestAs(actor, doc, route, real.seen[actor] ?? {}, real.everyone),
    })),
  );
}

function requestAs(actor: Actor, doc: OpenApi, route: Route, seen: Pools, everyone: Pools): fc.Arbitrary<FuzzRequest> {
  const { valid, invalid } = schemaArbitraries(doc, seen, everyone);

  const segments = route.params.map((param) =>
    fc.oneof(
      ...realChoices(paramKind(route, param.name), seen, everyone).map(({ weight, arbitrary }) => ({
        weight: weight * 2,
        arbitrary: arbitrary.map(encode),
      })),
      { weight: 2, arbitrary: valid(param.schema, undefined).map((v) => encode(String(v))) },
      { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_STRINGS).map(encode) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_SEGMENTS) },
    ),
  );
  const path = fc
    .tuple(...segments)
    .map((values) => route.params.reduce((p, param, i) => p.replace(`{${param.name}}`, values[i] ?? ''), route.path));

  const names = route.query.map((p) => p.name);
  const documented = fc
    .record(Object.fromEntries(route.query.map((p) => [p.name, valid(p.schema, p.name)])), {
      requiredKeys: route.query.filter((p) => p.required).map((p) => p.name),
    })
    .map((values) => Object.entries(values).flatMap(([k, v]) => queryValues(v).map((s): [string, string] => [k, s])));
  const hostileValue = fc.oneof(
    fc.constantFrom(...QUERY_VALUES, ...HOSTILE_STRINGS),
    ...route.query.map((p) => invalid(p.schema, p.name).map((v) => queryValues(v)[0] ?? '')),
  );
  const query = fc.oneof(
    { weight: 3, arbitrary: documented },
    {
      weight: 2,
      arbitrary: fc
        .tuple(documented, fc.constantFrom(...names, 'unknown', '__proto__', 'q[$ne]'), hostileValue)
        .map(([pairs, name, value]) => [...pairs.filter(([k]) => k !== name), [name, value] as [string, string]]),
    },
    // Every parameter twice: a repeated key arrives as an array.
    { weight: 1, arbitrary: documented.map((pairs) => [...pairs, ...pairs]) },
  );

  const json = (arbitrary: fc.Arbitrary<unknown>) => arbitrary.map((value): Body => ({ kind: 'json', value }));
  const notJson = fc.oneof(
    fc.constantFrom(...Object.keys(raw)).map((name): Body => ({ kind: 'raw', name })),
    fc
      .tuple(fc.constantFrom(...CONTENT_TYPES), fc.string({ unit: 'binary', maxLength: 200 }))
      .map(([contentType, text]): Body => ({ kind: 'text', contentType, text })),
  );
  const none = fc.constant<Body>({ kind: 'none' });
  const body = route.body
    ? fc.oneof(
        { weight: 6, arbitrary: json(valid(route.body, undefined)) },
        { weight: 4, arbitrary: json(invalid(route.body, undefined)) },
        { weight: 1, arbitrary: notJson },
        { weight: 1, arbitrary: none },
      )
    : fc.oneof(
        { weight: 6, arbitrary: none },
        { weight: 1, arbitrary: notJson },
        { weight: 1, arbitrary: json(fc.jsonValue({ maxDepth: 2 })) },
      );

  return fc.record({
    actor: fc.constant(actor),
    url: fc
      .tuple(path, query)
      .map(([p, pairs]) => (pairs.length ? `${p}?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}` : p)),
    body,
  });
}

/** What is wrong with an answer, or null. */
function problemWith(res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}`;
  const leak = [
    /\bat .*\.(ts|js|mjs|cjs):\d+/,
    /Error:[^\n]*\n\s+at /,
    /SQLITE_/,
    /syntax error at or near/,
    /violates/,
  ].find((pattern) => pattern.test(res.body));
  if (leak) return `the body leaks internals (${leak})`;
  // The test app has no web build, so every path, /api or not, is answered by the API.
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type']).startsWith('application/json')) return 'an error that is not JSON';
  let body: unknown;
  try {
    body = JSON.parse(res.body);
  } catch {
    return 'an error body that does not parse';
  }
  const error = (body as { error?: Record<string, unknown> } | null)?.error;
  if (!error || Object.keys(body as object).length !== 1) return 'an error body that is not { error }';
  if (Object.keys(error).some((key) => !['code', 'message', 'details'].includes(key))) return 'unknown keys in error';
  if (!(errorCodes as readonly unknown[]).includes(error.code)) return `an unknown error code ${String(error.code)}`;
  if (typeof error.message !== 'string' || !error.message) return 'an error without a message';
  if (error.code === 'validation_failed') {
    const fields = (error.details as { fields?: unknown } | undefined)?.fields;
    const named = (f: unknown) =>
      typeof (f as { field?: unknown }).field === 'string' && typeof (f as { message?: unknown }).message === 'string';
    if (!Array.isArray(fields) || !fields.length || !fields.every(named)) return 'validation_failed without its fields';
  }
  return null;
}

async function send(route: Route, request: FuzzRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (route.path === '/AnalyticsRelay') {
    const bearer = bearers[request.actor];
    if (bearer) headers.authorization = `Bearer ${bearer}`;
  } else {
    const email =
      EMAILS[request.actor as keyof typeof EMAILS] ?? (request.actor === 'support' ? t.config.supportEmail : null);
    // Signing out ends the session it is sent with: that one is made for it, the actor's own stays.
    const cookie = route.key === 'POST /api/session/logout' && email ? await t.signIn(email) : cookies[request.actor];
    if (cookie) headers.cookie = cookie;
  }
  let payload: string | undefined;
  const { body } = request;
  if (body.kind === 'json') [headers['content-type'], payload] = ['application/json', JSON.stringify(body.value)];
  if (body.kind === 'raw') [headers['content-type'], payload] = raw[body.name] ?? ['', ''];
  if (body.kind === 'text') [headers['content-type'], payload] = [body.contentType, body.text];

  requests++;
  const res = await t.app.inject({
    method: route.method as 'GET',
    url: request.url,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
  // The support account speaks for itself again in the next run.
  if (route.key === 'POST /api/support/impersonation' && res.statusCode === 200) {
    await t.app.inject({
      method: 'DELETE',
      url: '/api/support/impersonation',
      headers: { cookie: headers.cookie ?? '' },
    });
  }
  return res;
}

async function readRealValues(kinds: Set<Kind>): Promise<RealValues> {
  const everyone: Pools = {
    account: ACCOUNT_IDS,
    email: EMAIL_VALUES,
    token: t.mailer.messages.flatMap((m) => new URL(m.link ?? 'http://x').searchParams.get('token') ?? []),
  };
  const seen: RealValues['seen'] = {};
  for (const kind of kinds) {
    const source = ID_SOURCES[kind];
    if (!source) continue;
    for (const actor of SIGNED_IN) {
      const res = await t.app.inject({ method: 'GET', url: source.url, headers: { cookie: cookies[actor] ?? '' } });
      // A refusal (the invitations of a regular user) has no list: the actor sees none.
      const list = Object.values(res.json() as object).find(Array.isArray) as Record<string, string>[] | undefined;
      const ids = (list ?? []).map((item) => item[source.field]).filter((id): id is string => typeof id === 'string');
      seen[actor] = { ...seen[actor], [kind]: ids };
      everyone[kind] = [...new Set([...(everyone[kind] ?? []), ...ids])];
    }
  }
  return { seen, everyone };
}

/** Puts back everyone's roles: a change the fuzzer made would change what later routes let actors do. */
async function restoreRoles(): Promise<void> {
  for (const [isAdmin, isManager] of [
    [0, 0],
    [0, 1],
    [1, 0],
    [1, 1],
  ] as const) {
    const uids = roles.filter((r) => r.is_admin === isAdmin && r.is_manager === isManager).map((r) => r.uid);
    if (!uids.length) continue;
    await t.handle.db
      .updateTable('users')
      .set({ is_admin: isAdmin, is_manager: isManager })
      .where('uid', 'in', uids)
      .execute();
  }
}

async function make(actor: Actor, url: string, payload: object): Promise<{ id: string }> {
  const res = await t.app.inject({ method: 'POST', url, headers: { cookie: cookies[actor] ?? '' }, payload });
  if (res.statusCode >= 300) {
    throw new Error(`making a fixture: POST ${url} as ${actor} answered ${res.statusCode}: ${res.body}`);
  }
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp();
  raw = rawBodies(t.config.bodyLimitBytes);
  for (const [actor, email] of Object.entries({ ...EMAILS, support: t.config.supportEmail })) {
    const cookie = await t.signIn(email);
    cookies[actor as Actor] = cookie;
    bearers[actor as Actor] = await t.identityToken(cookie);
  }
  // Rita's session with its signature broken, and her token the same.
  cookies.forged = `${cookies.rita?.slice(0, -6)}AAAAAA`;
  bearers.forged = `${bearers.rita?.slice(0, -6)}AAAAAA`;
  roles = await t.handle.db.selectFrom('users').select(['uid', 'is_admin', 'is_manager']).execute();

  for (const id of ACCOUNT_IDS) await insertTestAccount(t.handle.db, id, `Fuzz ${id}`);
  const filter = {
    complex: true,
    operator: 'AND',
    values: [{ field: 'industry', complex: false, type: 'text', values: ['Retail'], operator: 'IN', days_ago: null }],
  };
  const ritaUid = await t.uidOf(EMAILS.rita);
  for (const actor of ['rita', 'ada', 'gail'] as const) {
    const workspace = await make(actor, '/api/workspaces', {
      name: `Fuzz ${actor}`,
      shared_users: actor === 'ada' ? [ritaUid] : [],
    });
    await make(actor, `/api/workspaces/${workspace.id}/lists`, { name: `Fuzz ${actor}`, type: 'accounts' });
    await make(actor, '/api/filters', { name: `Fuzz ${actor}`, filter, private: actor === 'rita' });
    await make(actor, '/api/territory', { master_account_ids: ACCOUNT_IDS });
  }
  for (const actor of ['ada', 'gail'] as const) {
    const hypothesis = await make(actor, '/api/value-hypotheses', { name: `Fuzz ${actor}`, visibility: 'public' });
    await make(actor, '/api/triggers', {
      name: `Fuzz ${actor}`,
      hit_type: 'event',
      phrases: ['fuzz'],
      hypothesis_ids: [hypothesis.id],
    });
    await make(actor, '/api/qualification-signals', { type: 'good', text: `Fuzz ${actor}` });
    await make(actor, '/api/organization/invitations', {
      email: `fuzz-invitee@${EMAILS[actor].split('@')[1]}`,
      display_name: 'Fuzz Invitee',
    });
  }
  await make('support', '/api/support/alerts', {
    title: 'Fuzz',
    message: 'Fuzz alert',
    starts_at: new Date(Date.now() - 60_000).toISOString(),
  });
});

afterAll(async () => {
  await t?.close();
});

it('answers every route of the OpenAPI document below 500, in the error shape, with nothing internal', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as OpenApi;
  const routes: Route[] = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      params: (op.parameters ?? []).filter((p) => p.in === 'path'),
      query: (op.parameters ?? []).filter((p) => p.in === 'query'),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
  // Deletions last, so the routes that read and change an object still find real ones.
  routes.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

  const failures: string[] = [];
  for (const [index, route] of routes.entries()) {
    const kinds = new Set(
      [
        ...route.params.map((p) => paramKind(route, p.name)),
        ...[...route.query.map((p) => p.name), ...propertyNames(doc, route.body)].map((name) => KIND_OF_NAME[name]),
      ].filter((kind): kind is Kind => kind !== undefined),
    );
    const property = fc.asyncProperty(requestArbitrary(doc, route, await readRealValues(kinds)), async (request) => {
      const res = await send(route, request);
      const problem = problemWith(res);
      if (res.statusCode >= 500) serverErrors++;
      if (problem) {
        const body = request.body.kind === 'json' ? JSON.stringify(request.body.value) : JSON.stringify(request.body);
        throw new Error(
          `${problem}: ${request.actor} ${route.method} ${request.url.slice(0, 300)} ${body.slice(0, 500)}\n` +
            `→ ${res.statusCode} ${res.body.slice(0, 500)}`,
        );
      }
    });
    // Each route its own seed, so the routes do not all draw the same shapes in the same order.
    const run = await fc.check(property, { seed: SEED + index, numRuns: RUNS_PER_ROUTE });
    if (run.failed) {
      failures.push(`${route.key} (FUZZ_SEED=${SEED}): ${String(run.errorInstance)}`);
    }
    await restoreRoles();
  }

  console.log(`fuzz: ${requests} requests over ${routes.length} routes, ${serverErrors} server errors`);
  expect(failures).toEqual([]);
}, 300_000);
