import { buildApp } from './app.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoAccounts } from './db/seed/demo-accounts.ts';
import { seedDemoAnalytics } from './db/seed/demo-analytics.ts';
import { demoUsers, seedDemo } from './db/seed/demo-seed.ts';
import { seedDemoValuePreferences } from './db/seed/demo-value-preferences.ts';
import { acrossTenants } from './db/tenant-scope.ts';
import { isServiceAccountEmail, isSupportEmail } from './lib/service-account.ts';
import { createLogger } from './logger.ts';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const handle = openDatabase(config.database, { guardTenants: !config.isProductionDatabase, log: logger });
const app = await buildApp({ config, handle, authSecret: resolveAuthSecret(config), logger });
// Under start:cluster, which process answered: a load balancer's logs and the cluster test read it.
const { processLabel } = config;
if (processLabel) app.addHook('onSend', async (_request, reply) => void reply.header('x-quarry-process', processLabel));
await migrateToLatest(handle, app.auth);
// The demo seeds write every tenant's rows at once.
const seedDb = acrossTenants(handle.db);
const seeded = await seedDemo(seedDb, app.auth, config);
// Reference data for the demo: the Fortune 500 with real Wikinews articles (never in production).
const accountsSeed = config.isProductionDatabase ? null : await seedDemoAccounts(seedDb);
if (!config.isProductionDatabase) await seedDemoValuePreferences(seedDb);
// Tenants that never had value matches get a first computation; then the worker runs queued jobs.
await app.recomputeTenantsWithoutMatches();
app.jobRunner.start();
// Connected sales-engagement tools are asked again now and every six hours: a revoked key turns INVALID.
app.scheduleIntegrationRechecks();
app.signalSweep.start();
// Sixty days of Acme's usage for Reporting, on a database without any analytics event yet.
const analyticsSeeded = config.isProductionDatabase ? 0 : await seedDemoAnalytics(seedDb);
await app.listen({ port: config.port, host: config.host });

const lines = ['', `Quarry is running at ${config.publicUrl} (${handle.engine}${seeded ? ', demo data seeded' : ''})`];
if (accountsSeed) {
  const { news } = accountsSeed;
  lines.push(
    `Demo accounts: ${accountsSeed.accounts} Fortune 500 companies, ${accountsSeed.contacts} contacts, ${accountsSeed.jobPostings} job postings;`,
    `  Wikinews: ${news.articlesMatched} of ${news.articlesRead} articles matched an account (${accountsSeed.newsHits} news signals on ${news.accountsWithArticles} accounts)`,
  );
}
if (analyticsSeeded > 0)
  lines.push(`Demo usage: ${analyticsSeeded} analytics events for Reporting (Acme, last 60 days)`);
if (!config.isProductionDatabase) {
  lines.push(`Demo sign-ins (password: ${config.demoPassword}):`);
  for (const u of demoUsers(config.supportEmail)) {
    const role = isSupportEmail(u.email, config.supportEmail)
      ? 'support'
      : isServiceAccountEmail(u.email, config.supportEmail)
        ? 'service account'
        : u.admin
          ? 'admin'
          : u.manager
            ? 'manager'
            : 'regular';
    lines.push(`  ${u.email.padEnd(24)} ${role}`);
  }
}
process.stdout.write(`${lines.join('\n')}\n\n`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  const startedAt = Date.now();
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  // A request or job that never ends must not keep the process: past the budget it exits anyway.
  setTimeout(() => {
    logger.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting with work unfinished');
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  // No new job from now on; the one in hand gets most of the budget, the rest is for handing it
  // back and closing the database.
  const jobsStopped = app.jobRunner.stop({ handBackAfterMs: Math.round(config.shutdownTimeoutMs * 0.8) });
  // New requests get 503 while those in flight finish; then the listener closes (graceful-shutdown.ts).
  await app.close();
  await jobsStopped;
  await handle.close();
  logger.info({ ms: Date.now() - startedAt }, 'shut down');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
