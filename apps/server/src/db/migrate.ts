import { getMigrations } from 'better-auth/db/migration';
import { type Migration, Migrator } from 'kysely';
import type { Auth } from '../modules/auth/auth.ts';
import type { DbHandle } from './connection.ts';
import * as foundation from './migrations/001-foundation.ts';
import * as accounts from './migrations/002-accounts.ts';
import * as filters from './migrations/003-filters.ts';
import * as accountTableIndexes from './migrations/004-account-table-indexes.ts';
import * as accountSortIndexes from './migrations/005-account-sort-indexes.ts';
import * as workspaces from './migrations/006-workspaces.ts';
import * as impersonation from './migrations/007-impersonation.ts';
import * as reporting from './migrations/008-reporting.ts';
import * as globalAlerts from './migrations/009-global-alerts.ts';
import * as invitations from './migrations/010-invitations.ts';
import * as valueIntelligence from './migrations/011-value-intelligence.ts';
import * as territoryHoldersIndex from './migrations/013-territory-holders-index.ts';
import * as whyNowFacts from './migrations/014-why-now-facts.ts';
import * as childTenantIds from './migrations/015-child-tenant-ids.ts';
import * as flows from './migrations/016-flows.ts';
import * as uploads from './migrations/017-uploads.ts';
import * as integrations from './migrations/018-integrations.ts';
import * as firstUse from './migrations/019-first-use.ts';
import * as signalSources from './migrations/020-signal-sources.ts';
import * as accountWebsiteDomain from './migrations/021-account-website-domain.ts';
import * as privateSignals from './migrations/022-private-signals.ts';
import * as signalDiscovery from './migrations/023-signal-discovery.ts';
import * as accountCountIndexes from './migrations/024-account-count-indexes.ts';
import * as rateLimitCounters from './migrations/025-rate-limit-counters.ts';
import * as peopleSearch from './migrations/026-people-search.ts';
import * as accountSummaryFacts from './migrations/027-account-summary-facts.ts';
import * as valueMatchReader from './migrations/028-value-match-reader.ts';
import * as valueMatchTuning from './migrations/029-value-match-tuning.ts';
import * as searchIndexReferenceAccounts from './migrations/030-search-index-reference-accounts.ts';
import * as flowDestinationMailbox from './migrations/031-flow-destination-mailbox.ts';
import * as signalReferenceFiles from './migrations/036-signal-reference-files.ts';
import * as accountIndustryCountIndex from './migrations/038-account-industry-count-index.ts';
import * as signalErrorReasons from './migrations/045-signal-error-reasons.ts';
import * as signalRequestPace from './migrations/047-signal-request-pace.ts';
import * as signalReferenceRepeats from './migrations/048-signal-reference-repeats.ts';
import * as rateLimitCountersUnlogged from './migrations/049-rate-limit-counters-unlogged.ts';
import * as analyticsRollupDeltas from './migrations/050-analytics-rollup-deltas.ts';
import * as peopleSearchTitleAbbreviations from './migrations/051-people-search-title-abbreviations.ts';
import * as uploadLines from './migrations/053-upload-lines.ts';
import * as signalDiscoveryReasons from './migrations/054-signal-discovery-reasons.ts';
import * as globalAlertsAudience from './migrations/055-global-alerts-audience.ts';
import * as accountNameOrder from './migrations/056-account-name-order.ts';
import * as valueMatchHypotheses from './migrations/057-value-match-hypotheses.ts';
import * as accountCompactName from './migrations/058-account-compact-name.ts';
import * as accountAliases from './migrations/059-account-aliases.ts';
import * as analyticsSupportEvents from './migrations/060-analytics-support-events.ts';
import * as uploadFlowViaSupport from './migrations/061-upload-flow-via-support.ts';
import * as triggerStatsBeside from './migrations/062-trigger-stats-beside.ts';
import { acrossTenants } from './tenant-scope.ts';

function migrationsFor(handle: DbHandle): Record<string, Migration> {
  return {
    '001-foundation': { up: (db) => foundation.up(db, handle.engine) },
    '002-accounts': { up: (db) => accounts.up(db, handle.engine) },
    '003-filters': { up: (db) => filters.up(db) },
    '004-account-table-indexes': { up: (db) => accountTableIndexes.up(db) },
    '005-account-sort-indexes': { up: (db) => accountSortIndexes.up(db, handle.engine) },
    '006-workspaces': { up: (db) => workspaces.up(db) },
    '007-impersonation': { up: (db) => impersonation.up(db, handle.engine) },
    '009-global-alerts': { up: (db) => globalAlerts.up(db) },
    '010-invitations': { up: (db) => invitations.up(db) },
    '011-value-intelligence': { up: (db) => valueIntelligence.up(db) },
    '008-reporting': { up: (db) => reporting.up(db, handle.engine) },
    '013-territory-holders-index': { up: (db) => territoryHoldersIndex.up(db) },
    '014-why-now-facts': { up: (db) => whyNowFacts.up(db) },
    '015-child-tenant-ids': { up: (db) => childTenantIds.up(db) },
    '016-flows': { up: (db) => flows.up(db) },
    '018-integrations': { up: (db) => integrations.up(db) },
    '017-uploads': { up: (db) => uploads.up(db) },
    '020-signal-sources': { up: (db) => signalSources.up(db) },
    '019-first-use': { up: (db) => firstUse.up(db) },
    '021-account-website-domain': { up: (db) => accountWebsiteDomain.up(db) },
    '022-private-signals': { up: (db) => privateSignals.up(db, handle.engine) },
    '023-signal-discovery': { up: (db) => signalDiscovery.up(db) },
    '028-value-match-reader': { up: (db) => valueMatchReader.up(db) },
    '029-value-match-tuning': { up: (db) => valueMatchTuning.up(db) },
    '024-account-count-indexes': { up: (db) => accountCountIndexes.up(db) },
    '025-rate-limit-counters': { up: (db) => rateLimitCounters.up(db) },
    '030-search-index-reference-accounts': { up: (db) => searchIndexReferenceAccounts.up(db, handle.engine) },
    '031-flow-destination-mailbox': { up: (db) => flowDestinationMailbox.up(db) },
    '026-people-search': { up: (db) => peopleSearch.up(db, handle.engine) },
    '027-account-summary-facts': { up: (db) => accountSummaryFacts.up(db) },
    '036-signal-reference-files': { up: (db) => signalReferenceFiles.up(db) },
    '038-account-industry-count-index': { up: (db) => accountIndustryCountIndex.up(db, handle.engine) },
    '045-signal-error-reasons': { up: (db) => signalErrorReasons.up(db) },
    '047-signal-request-pace': { up: (db) => signalRequestPace.up(db) },
    '048-signal-reference-repeats': { up: (db) => signalReferenceRepeats.up(db) },
    '049-rate-limit-counters-unlogged': { up: (db) => rateLimitCountersUnlogged.up(db, handle.engine) },
    '050-analytics-rollup-deltas': { up: (db) => analyticsRollupDeltas.up(db, handle.engine) },
    '051-people-search-title-abbreviations': { up: (db) => peopleSearchTitleAbbreviations.up(db, handle.engine) },
    '053-upload-lines': { up: (db) => uploadLines.up(db) },
    '054-signal-discovery-reasons': { up: (db) => signalDiscoveryReasons.up(db) },
    '055-global-alerts-audience': { up: (db) => globalAlertsAudience.up(db) },
    '056-account-name-order': { up: (db) => accountNameOrder.up(db, handle.engine) },
    '057-value-match-hypotheses': { up: (db) => valueMatchHypotheses.up(db) },
    '058-account-compact-name': { up: (db) => accountCompactName.up(db) },
    '059-account-aliases': { up: (db) => accountAliases.up(db) },
    '060-analytics-support-events': { up: (db) => analyticsSupportEvents.up(db) },
    '061-upload-flow-via-support': { up: (db) => uploadFlowViaSupport.up(db) },
    '062-trigger-stats-beside': { up: (db) => triggerStatsBeside.up(db) },
  };
}

/** Brings Quarry's tables, then better-auth's, to the latest schema. Safe to run at every start. */
export async function migrateToLatest(handle: DbHandle, auth: Auth): Promise<void> {
  const migrator = new Migrator({
    // Migrations move every tenant's rows at once.
    db: acrossTenants(handle.db),
    // Migrations are developed on parallel branches; a database that ran a later one still takes an earlier one.
    allowUnorderedMigrations: true,
    provider: { getMigrations: async () => migrationsFor(handle) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  const authMigrations = await getMigrations(auth.options);
  await authMigrations.runMigrations();
}
