import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #14: a module converted to the scoped layer (scoped.ts) names tenant_id nowhere in its
// code: the layer adds the tenant to every query. This fails when someone writes it by hand again.
const MODULES = path.join(import.meta.dirname, '..', 'modules');

/**
 * Every module is converted (the last three, integrations, value-match and signals, with the
 * commits of issue #14); a new module starts converted.
 *
 * Lines of modules that name tenant_id on purpose, and why: not a condition or a column
 * the scoped layer would set, but a query that must see every tenant (acrossTenants), or a name
 * that is not a column at all.
 */
const AUDIENCE =
  "global_alerts is not a tenant table: the API's tenant_id is the audience Support picks (null: every tenant), stored as audience_tenant_id";
const ON_PURPOSE: Record<string, string> = {
  'integrations/connector-token.ts: return new SignJWT({ tenant_id: claims.tenantId })':
    "the connector token's claim (spec section 7), the session's master tenant",
  'integrations/integrations.routes.ts: if (request.body.tenant_id !== master || request.body.user_id !== ctx.uid) {':
    "POST /HydraJwtGenerator's body field (spec section 7), checked against the session's master tenant",
  'alerts/alerts.service.ts: tenant_id: r.audience_tenant_id,': AUDIENCE,
  'alerts/alerts.service.ts: audience_tenant_id: body.tenant_id,': AUDIENCE,
  'alerts/alerts.service.ts: if (body.tenant_id) {': AUDIENCE,
  'alerts/alerts.service.ts: if (!tenants.some((t) => t.id === body.tenant_id))': AUDIENCE,
  "alerts/alerts.service.ts: throw invalidField('tenant_id', 'Unknown tenant', 'unknown_reference');": AUDIENCE,
  'auth/token-identity.ts: tenant_id: ctx.tenantId,': "the identity token's claim, from the session",
  'support/support-users.service.ts: return { ...row, tenant_id: company, roles };':
    "Support Tools' user list across tenants: the field of its response, read from users.company",
  'analytics/analytics.service.ts: (e) => e.user_properties.user_id !== claims.uid || e.user_properties.tenant_id !== claims.tenantId,':
    "an event's user_properties as the client sent them, checked against the token",
  'analytics/identity-token.ts: const { sub, tenant_id, email, sid, imp } = payload as JWTPayload & {':
    "the identity token's claim",
  'analytics/identity-token.ts: tenant_id?: unknown;': "the identity token's claim",
  "analytics/identity-token.ts: if (typeof sub !== 'string' || typeof tenant_id !== 'string' || typeof email !== 'string') throw unauthorized();":
    "the identity token's claim",
  'analytics/identity-token.ts: const claims = { uid: sub, tenantId: tenant_id, email, impersonated: imp !== undefined };':
    "the identity token's claim",
};

/** The same, for names that recur: neither is a column of a tenant table. */
const ON_PURPOSE_PATTERNS: [RegExp, string][] = [
  [
    /\bjob\.tenant_id\b/,
    "the job worker runs every tenant's jobs (claimed across tenants): a job's tenant is the one the session that queued it had",
  ],
  [/\buser_properties: \{.*\btenant_id\b/, "an analytics event's user_properties, the shape clients send"],
];

const onPurpose = (where: string, line: string): boolean =>
  `${where}: ${line}` in ON_PURPOSE || ON_PURPOSE_PATTERNS.some(([pattern]) => pattern.test(line));

/** Files of a module's code (not its tests). */
function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && file.endsWith('.ts') && !file.endsWith('.test.ts') ? [file] : [];
  });
}

/** Each line of the module's code that names tenant_id, as `file:line: text`. */
function handWritten(module: string): string[] {
  return codeFiles(path.join(MODULES, module)).flatMap((file) =>
    fs
      .readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) =>
        /\btenant_id\b/.test(line) && !onPurpose(path.relative(MODULES, file), line.trim())
          ? [`${path.relative(MODULES, file)}:${i + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

const modules = fs
  .readdirSync(MODULES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('modules, all converted to the scoped layer', () => {
  it('write no tenant_id by hand', () => {
    expect(modules.length).toBeGreaterThan(0);
    expect(modules.flatMap(handWritten)).toEqual([]);
  });

  it('allows only lines that are still there', () => {
    const all = modules.flatMap((m) =>
      codeFiles(path.join(MODULES, m)).flatMap((file) =>
        fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .map((line) => `${path.relative(MODULES, file)}: ${line.trim()}`),
      ),
    );
    for (const allowed of Object.keys(ON_PURPOSE)) expect(all, 'take it off ON_PURPOSE').toContain(allowed);
  });
});
