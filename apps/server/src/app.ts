import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createMessageWriter } from './adapters/ai/create-message-writer.ts';
import type { MessageWriter } from './adapters/ai/message-writer.ts';
import { createEngagementAdapters } from './adapters/engagement/create-engagement-adapters.ts';
import type { EngagementAdapters } from './adapters/engagement/engagement-adapter.ts';
import { createHubspotOAuth, createOutreachOAuth, createSalesloftOAuth } from './adapters/engagement/oauth-client.ts';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import { createAccountSearch } from './adapters/search/account-search.ts';
import { createPeopleSearch } from './adapters/search/people-search.ts';
import type { FetchOptions } from './adapters/signals/fetcher.ts';
import type { Config } from './config.ts';
import type { DbHandle } from './db/connection.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createJobsRepository } from './jobs/jobs.repository.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createSecretBox, resolveIntegrationsKey } from './lib/secret-box.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createAlertsRepository } from './modules/alerts/alerts.repository.ts';
import { registerAlertsRoutes } from './modules/alerts/alerts.routes.ts';
import { createAlertsService } from './modules/alerts/alerts.service.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createIdentityTokenVerifier } from './modules/analytics/identity-token.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createLoginService } from './modules/auth/login.service.ts';
import { createLoginAttemptsRepository } from './modules/auth/login-attempts.repository.ts';
import { createStartSession } from './modules/auth/start-session.ts';
import { createTokenIdentity } from './modules/auth/token-identity.ts';
import { createTokenSessionCheck } from './modules/auth/token-session.ts';
import { createEmailPreferencesRepository } from './modules/email-preferences/email-preferences.repository.ts';
import { registerEmailPreferencesRoutes } from './modules/email-preferences/email-preferences.routes.ts';
import { createEmailPreferencesService } from './modules/email-preferences/email-preferences.service.ts';
import { createAccountQueryRepository } from './modules/filters/account-query.repository.ts';
import { createFilterValuesRepository } from './modules/filters/filter-values.repository.ts';
import { createFiltersRepository } from './modules/filters/filters.repository.ts';
import { registerFiltersRoutes } from './modules/filters/filters.routes.ts';
import { createFiltersService } from './modules/filters/filters.service.ts';
import { createFlowSourcesRepository } from './modules/flows/flow-sources.repository.ts';
import { createFlowsRepository } from './modules/flows/flows.repository.ts';
import { registerFlowsRoutes } from './modules/flows/flows.routes.ts';
import { createFlowsService, GENERATE_FLOW, SEND_FLOW_TO_ENGAGEMENT } from './modules/flows/flows.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createConnectorTokens, resolveConnectorSigningKey } from './modules/integrations/connector-token.ts';
import { createEngagementDestination } from './modules/integrations/engagement-destination.ts';
import { createIntegrationsRepository } from './modules/integrations/integrations.repository.ts';
import { registerIntegrationsRoutes } from './modules/integrations/integrations.routes.ts';
import {
  createIntegrationsService,
  RECHECK_EVERY_MS,
  RECHECK_INTEGRATIONS,
} from './modules/integrations/integrations.service.ts';
import { createListsRepository } from './modules/lists/lists.repository.ts';
import { registerListsRoutes } from './modules/lists/lists.routes.ts';
import { createListsService } from './modules/lists/lists.service.ts';
import { createOrganizationRepository } from './modules/organization/organization.repository.ts';
import { registerOrganizationRoutes } from './modules/organization/organization.routes.ts';
import { createOrganizationService } from './modules/organization/organization.service.ts';
import { createReportingRepository } from './modules/reporting/reporting.repository.ts';
import { registerReportingRoutes } from './modules/reporting/reporting.routes.ts';
import { createReportingService } from './modules/reporting/reporting.service.ts';
import { createRequestPacer } from './modules/signals/request-pace.ts';
import { createSecDirectory } from './modules/signals/sec-directory.ts';
import { createSignalDiscovery, DISCOVER_SIGNAL_SOURCES } from './modules/signals/signal-discovery.ts';
import { createSignalSweep, SWEEP_SIGNAL_SOURCES } from './modules/signals/signal-sweep.ts';
import { createSignalsRepository } from './modules/signals/signals.repository.ts';
import { registerSignalsRoutes } from './modules/signals/signals.routes.ts';
import { createSignalsService } from './modules/signals/signals.service.ts';
import { createAuditLogRepository } from './modules/support/audit-log.repository.ts';
import { createImpersonationService } from './modules/support/impersonation.service.ts';
import { createImpersonationsRepository } from './modules/support/impersonations.repository.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { createSupportUsersRepository } from './modules/support/support-users.repository.ts';
import { createSupportUsersService } from './modules/support/support-users.service.ts';
import { createTerritoryRepository } from './modules/territory/territory.repository.ts';
import { registerTerritoryRoutes } from './modules/territory/territory.routes.ts';
import { createTerritoryService } from './modules/territory/territory.service.ts';
import { createUploadsRepository } from './modules/uploads/uploads.repository.ts';
import { registerUploadsRoutes } from './modules/uploads/uploads.routes.ts';
import { createUploadsService, POSTGRES_CHUNK_BUDGET_MS, UPLOAD_ACCOUNTS } from './modules/uploads/uploads.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createModelReader } from './modules/value-match/model-reader/create-model-reader.ts';
import { createRecomputeValueMatches, RECOMPUTE_VALUE_MATCHES } from './modules/value-match/recompute-value-matches.ts';
import { createTuningRepository } from './modules/value-match/tuning/tuning.repository.ts';
import { createTuningService } from './modules/value-match/tuning/tuning.service.ts';
import { registerValueMatchRoutes } from './modules/value-match/value-match.routes.ts';
import { createValueMatchService } from './modules/value-match/value-match.service.ts';
import { createValueMatchesRepository } from './modules/value-match/value-matches.repository.ts';
import { createValuePreferencesRepository } from './modules/value-preferences/value-preferences.repository.ts';
import { registerValuePreferencesRoutes } from './modules/value-preferences/value-preferences.routes.ts';
import { createValuePreferencesService } from './modules/value-preferences/value-preferences.service.ts';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository.ts';
import { registerWorkspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.ts';
import { createGuards } from './plugins/auth-context.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerForeground } from './plugins/foreground.ts';
import { registerGracefulShutdown } from './plugins/graceful-shutdown.ts';
import { registerNoNulText } from './plugins/no-nul-text.ts';
import { registerNoStoreForApi } from './plugins/no-store.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerOriginCheck, trustedOrigins } from './plugins/origin-check.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerSpa } from './plugins/spa.ts';

export type AppDeps = {
  config: Config;
  handle: DbHandle;
  authSecret: string;
  logger: Logger;
  /** Tests pass a recording mailer; otherwise SMTP or the outbox per config. */
  mailer?: Mailer;
  /** Tests pass their own clock to reach the end of an impersonation without waiting for it. */
  now?: Clock;
  /** Tests pass a writer of their own; otherwise the one AI_BASE_URL/AI_MODEL choose (built-in by default). */
  messageWriter?: MessageWriter;
  /** Tests pass adapters of their own (e.g. with no waits); otherwise each vendor's at its configured base URL. */
  engagementAdapters?: EngagementAdapters;
};

/** Builds the whole server (API and the built SPA) from its dependencies; tests build it the same way. */
export async function buildApp({
  config,
  handle,
  authSecret,
  logger,
  mailer,
  now = systemClock,
  messageWriter,
  engagementAdapters,
}: AppDeps) {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    // While closing, plugins/graceful-shutdown.ts answers 503 in the API's shape, with Retry-After.
    return503OnClosing: false,
    // Failures Fastify answers itself (before any route, or while reading the request) in the API's shape.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('ctx', null);
  registerGracefulShutdown(app);
  // Requests in flight, which long background work (uploads) lets through before its next step.
  const foreground = registerForeground(app);
  registerErrorHandling(app);
  registerNoStoreForApi(app);
  registerOriginCheck(app, trustedOrigins(config));
  registerNoNulText(app);

  await registerSecurityHeaders(app);
  await registerRateLimits(app, config.rateLimits, { shared: handle.engine === 'postgres' ? handle.db : undefined });
  await registerOpenApi(app);

  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: handle.db, log: logger });
  const usersRepository = createUsersRepository(handle.db);
  const tokenSessions = createTokenSessionCheck(handle.db, now);
  const impersonation = createImpersonationService({
    impersonations: createImpersonationsRepository(handle.db),
    audit: createAuditLogRepository(handle.db),
    users: usersRepository,
    supportEmail: config.supportEmail,
    now,
    onEnded: (sessionId) => tokenSessions.forgetSession(sessionId),
  });
  const auth = createAuth({
    config,
    handle,
    secret: authSecret,
    mailer: mail,
    log: logger,
    tokenIdentity: createTokenIdentity({ users: usersRepository, impersonation, supportEmail: config.supportEmail }),
  });
  const { signedIn, managerOrAdmin, supportTools } = createGuards({
    auth,
    users: usersRepository,
    supportEmail: config.supportEmail,
    impersonation,
  });
  const valuePreferences = createValuePreferencesRepository(handle.db);
  const usersService = createUsersService({
    users: usersRepository,
    supportEmail: config.supportEmail,
    exchangeRates: config.exchangeRates,
    helpLinks: config.helpLinks,
    visibleHypothesisIds: (ctx, ids) => valuePreferences.visibleHypothesisIds(ctx, ids),
  });
  const login = createLoginService({
    auth,
    users: usersRepository,
    attempts: createLoginAttemptsRepository(handle.db),
  });
  const analyticsRepository = createAnalyticsRepository(handle.db);
  const analytics = createAnalyticsService(analyticsRepository, {
    onFoldError: (error) => app.log.warn({ err: error }, 'analytics rollup fold failed; the next one retries'),
  });
  const verifyToken = createIdentityTokenVerifier(auth, new URL(config.publicUrl).origin, tokenSessions.isLive);

  registerHealthRoutes(app, { handle });
  const startSession = createStartSession({ login, usersService, supportEmail: config.supportEmail });
  registerAuthRoutes(app, {
    auth,
    startSession,
    signedIn,
    loginIpLimitPerMinute: config.loginIpLimitPerMinute,
    endImpersonation: (sessionId) => impersonation.endForSession(sessionId),
    onSignedOut: (sessionId) => tokenSessions.forgetSession(sessionId),
  });
  registerUsersRoutes(app, { users: usersService, signedIn });
  registerSupportRoutes(app, {
    supportUsers: createSupportUsersService(createSupportUsersRepository(handle.db), config.supportEmail),
    impersonation,
    usersService,
    supportTools,
  });
  registerAlertsRoutes(app, { alerts: createAlertsService(createAlertsRepository(handle.db)), signedIn });
  registerAnalyticsRoutes(app, { analytics, verifyToken });
  registerReportingRoutes(app, {
    reporting: createReportingService(createReportingRepository(handle.db), config.supportEmail),
    managerOrAdmin,
  });
  const territory = createTerritoryRepository(handle.db);
  const accountQuery = createAccountQueryRepository(handle.db, handle.engine);
  const accountsRepository = createAccountsRepository(handle.db);
  registerAccountsRoutes(app, {
    accounts: createAccountsService({
      accounts: accountsRepository,
      territory,
      search: createAccountSearch(handle),
      people: createPeopleSearch(handle),
    }),
    signedIn,
  });
  registerTerritoryRoutes(app, {
    territory: createTerritoryService({ territory, accounts: accountsRepository, accountQuery }),
    signedIn,
  });
  const filtersRepository = createFiltersRepository(handle.db);
  registerFiltersRoutes(app, {
    filters: createFiltersService({
      filters: filtersRepository,
      accounts: accountQuery,
      values: createFilterValuesRepository(handle.db),
      colleague: async (ctx, uid) => (await usersRepository.findCompanyUsersByIds(ctx, [uid]))[0],
    }),
    signedIn,
  });
  const workspacesRepository = createWorkspacesRepository(handle.db);
  const listsRepository = createListsRepository(handle.db);
  const listsService = createListsService({
    workspaces: workspacesRepository,
    lists: listsRepository,
    users: usersRepository,
    filters: filtersRepository,
    accountQuery,
  });
  registerWorkspacesRoutes(app, {
    workspaces: createWorkspacesService({
      workspaces: workspacesRepository,
      lists: listsRepository,
      users: usersRepository,
      filters: filtersRepository,
      listsService,
    }),
    signedIn,
  });
  registerListsRoutes(app, { lists: listsService, signedIn });

  registerOrganizationRoutes(app, {
    organization: createOrganizationService({
      organization: createOrganizationRepository(handle.db),
      db: handle.db,
      auth,
      mailer: mail,
      publicUrl: config.publicUrl,
      supportEmail: config.supportEmail,
    }),
    managerOrAdmin,
    startSession,
  });

  // Value intelligence: preferences change → a durable recompute job → stored matches for Home.
  const jobsRepository = createJobsRepository(handle.db);
  const valueMatches = createValueMatchesRepository(handle.db, handle.engine);
  const tuningRepository = createTuningRepository(handle.db, handle.engine);
  const valueMatch = createValueMatchService({
    matches: valueMatches,
    markedHits: (ctx, id) => tuningRepository.markedHits(ctx, id),
    preferences: valuePreferences,
    jobs: jobsRepository,
    territory,
    colleague: async (ctx, uid) => (await usersRepository.findCompanyUsersByIds(ctx, [uid]))[0],
    supportEmail: config.supportEmail,
  });
  const recomputeValueMatches = createRecomputeValueMatches({
    preferences: valuePreferences,
    matches: valueMatches,
    reader: createModelReader(config, handle.db),
    tuning: tuningRepository,
  });
  const emailPreferencesRepository = createEmailPreferencesRepository(handle.db);
  // Sales-engagement integrations (issue #21): credentials sealed with a key that is never in the database.
  const integrationsRepository = createIntegrationsRepository(handle.db);
  const secretBox = createSecretBox(
    resolveIntegrationsKey({
      configured: config.integrations.encryptionKey,
      isProductionDatabase: config.isProductionDatabase,
      dataDir: config.dataDir,
    }),
  );
  const adapters = engagementAdapters ?? createEngagementAdapters(config);
  // Where each tool's consent window comes back to (registered with the tool's OAuth app).
  const oauthCallback = (type: string) =>
    `${config.publicUrl.replace(/\/+$/, '')}/api/integrations/${type}/oauth/callback`;
  const integrations = createIntegrationsService({
    integrations: integrationsRepository,
    adapters,
    box: secretBox,
    clock: now,
    oauth: {
      outreach: createOutreachOAuth({
        ...config.integrations.outreachOAuth,
        redirectUri: oauthCallback('outreach'),
      }),
      // Without an OAuth app configured, these two connect with a key only (Connect with OAuth answers 409).
      hubspot: createHubspotOAuth({
        clientId: config.integrations.hubspotOAuth?.clientId,
        clientSecret: config.integrations.hubspotOAuth?.clientSecret,
        authorizeBaseUrl: config.integrations.hubspotOAuth?.baseUrl ?? 'https://app.hubspot.com/oauth',
        apiBaseUrl: config.integrations.baseUrls.hubspot,
        redirectUri: oauthCallback('hubspot'),
      }),
      salesloft: createSalesloftOAuth({
        clientId: config.integrations.salesloftOAuth?.clientId,
        clientSecret: config.integrations.salesloftOAuth?.clientSecret,
        baseUrl: config.integrations.salesloftOAuth?.baseUrl ?? 'https://accounts.salesloft.com/oauth',
        redirectUri: oauthCallback('salesloft'),
      }),
    },
  });
  const flows = createFlowsService({
    flows: createFlowsRepository(handle.db),
    sources: createFlowSourcesRepository(handle.db),
    emailPreferences: emailPreferencesRepository,
    preferences: valuePreferences,
    jobs: jobsRepository,
    writer: messageWriter ?? createMessageWriter(config),
    analytics: analyticsRepository,
    engagement: createEngagementDestination({
      integrations: integrationsRepository,
      adapters,
      credentialFor: integrations.credentialFor,
    }),
    clock: now,
  });
  const uploads = createUploadsService({
    uploads: createUploadsRepository(handle.db),
    lists: listsRepository,
    filters: filtersRepository,
    accountQuery,
    colleague: async (ctx, uid) => (await usersRepository.findCompanyUsersByIds(ctx, [uid]))[0],
    requestRecompute: (tenantId) => valueMatch.requestRecompute(tenantId),
    clock: now,
    foreground,
    chunkBudgetMs: handle.engine === 'postgres' ? POSTGRES_CHUNK_BUDGET_MS : undefined,
  });
  // Live signals (issue #18): sources swept by a durable job per tenant, then matches recomputed.
  const signalsRepository = createSignalsRepository(handle.db);
  // The SEC's fair-access rules: a User-Agent naming who asks and how to reach them, and a request
  // rate under 10 a second, paced for every tenant's sweep and discovery, and on PostgreSQL for
  // every process sharing the database (one budget, reserved in signal_request_pace).
  const secPolicy = {
    userAgent: config.signals.sec.userAgent,
    pace: createRequestPacer({
      engine: handle.engine,
      signals: signalsRepository,
      key: 'sec',
      perSecond: config.signals.sec.requestsPerSecond,
    }),
  };
  const signalFetch: FetchOptions = {
    allowedHosts: config.signals.allowedHosts,
    timeoutMs: config.signals.timeoutMs,
    maxBytes: config.signals.maxBytes,
    maxRedirects: 5,
    userAgent: 'QuarrySignals/1.0 (+https://quarry.test/signals)',
    hostPolicy: (url) => (url.host === new URL(config.signals.sec.baseUrl).host ? secPolicy : undefined),
  };
  const signalSweep = createSignalSweep({
    signals: signalsRepository,
    log: logger,
    clock: now,
    options: {
      fetch: signalFetch,
      intervalMs: config.signals.intervalMs,
      concurrency: config.signals.concurrency,
      perHostConcurrency: config.signals.perHostConcurrency,
      hostDelayMs: config.signals.hostDelayMs,
      batchLimit: 20_000,
      // An item with fewer words than this is "a title and a short summary": its article page is read.
      articles:
        config.signals.articlesPerSource > 0
          ? { maxPerSource: config.signals.articlesPerSource, minWords: 40 }
          : undefined,
    },
  });
  const requestSignalSweep = (tenantId: string) =>
    jobsRepository.enqueueOnce(tenantId, SWEEP_SIGNAL_SOURCES, { now: now(), maxAttempts: 3 });
  /** A sweep, then the value-match recompute of its tenant: the new signals are that tenant's alone. */
  const sweepSignals = async (tenantId: string) => {
    const report = await signalSweep.sweepTenant(tenantId);
    if (report.hits > 0) await valueMatch.requestRecompute(tenantId);
    return report;
  };
  const requestSignalDiscovery = (tenantId: string) =>
    jobsRepository.enqueueOnce(tenantId, DISCOVER_SIGNAL_SOURCES, { now: now(), maxAttempts: 3 });
  const signals = createSignalsService({
    signals: signalsRepository,
    fetchOptions: signalFetch,
    boardApis: config.signals.boardApis,
    discovery: () => signalDiscovery,
    requestSweep: requestSignalSweep,
    requestDiscovery: requestSignalDiscovery,
    clock: now,
  });
  const signalDiscovery = createSignalDiscovery({
    signals: signalsRepository,
    fetchOptions: signalFetch,
    boardApis: config.signals.boardApis,
    insert: (tenantId, source) => signals.insert(tenantId, source),
    sec: {
      directory: createSecDirectory({
        signals: signalsRepository,
        fetchOptions: signalFetch,
        sec: config.signals.sec,
        clock: now,
      }),
      config: config.signals.sec,
    },
    log: logger,
    clock: now,
  });
  /** One batch of a tenant's discovery; a full batch queues the next, and new sources are read at once. */
  const discoverSignals = async (tenantId: string) => {
    const result = await signalDiscovery.runJob(tenantId);
    if (result.more) await requestSignalDiscovery(tenantId);
    if (result.added > 0) await requestSignalSweep(tenantId);
  };
  const jobRunner = createJobRunner({
    jobs: jobsRepository,
    log: logger,
    leaseMs: config.jobLeaseMs,
    handlers: {
      [RECOMPUTE_VALUE_MATCHES]: async (job) => void (await recomputeValueMatches(job.tenant_id)),
      [GENERATE_FLOW]: (job) => flows.runJob(job),
      [SEND_FLOW_TO_ENGAGEMENT]: (job) => flows.runSendJob(job),
      [RECHECK_INTEGRATIONS]: (job) => integrations.recheckTenant(job.tenant_id),
      [UPLOAD_ACCOUNTS]: (job) => uploads.runJob(job),
      [SWEEP_SIGNAL_SOURCES]: async (job) => void (await sweepSignals(job.tenant_id)),
      [DISCOVER_SIGNAL_SOURCES]: (job) => discoverSignals(job.tenant_id),
    },
  });
  /** Every minute, a sweep job for each tenant with a source due (the hourly fetch is per source). */
  let signalTimer: NodeJS.Timeout | null = null;
  let lastDiscoveryQueued = 0;
  const queueDueSignalSweeps = async () => {
    const tenants = await signalsRepository.tenantsDue(now().toISOString());
    for (const tenantId of tenants) await requestSignalSweep(tenantId);
    // Hourly, discovery for every tenant holding accounts (each account is looked at once a month).
    if (config.signals.discoveryEnabled && now().getTime() - lastDiscoveryQueued >= 3_600_000) {
      lastDiscoveryQueued = now().getTime();
      for (const tenantId of await signalsRepository.tenantsHoldingAccounts()) await requestSignalDiscovery(tenantId);
    }
    return tenants.length;
  };
  const startSignalScheduler = () => {
    if (!config.signals.enabled || signalTimer) return;
    const tick = () =>
      void queueDueSignalSweeps().catch((err) => logger.warn({ err }, 'signal scheduler: could not queue sweeps'));
    tick();
    signalTimer = setInterval(tick, 60_000);
    signalTimer.unref();
  };
  app.addHook('onClose', async () => {
    if (signalTimer) clearInterval(signalTimer);
    signalTimer = null;
  });
  app.addHook('onClose', () => jobRunner.stop());
  registerValuePreferencesRoutes(app, {
    preferences: createValuePreferencesService({
      preferences: valuePreferences,
      requestRecompute: (tenantId) => valueMatch.requestRecompute(tenantId),
    }),
    signedIn,
  });
  registerValueMatchRoutes(app, {
    valueMatch,
    tuning: createTuningService({
      tuning: tuningRepository,
      matches: valueMatches,
      requestRecompute: (tenantId) => valueMatch.requestRecompute(tenantId),
      clock: now,
    }),
    signedIn,
    managerOrAdmin,
  });
  registerFlowsRoutes(app, { flows, signedIn });
  registerIntegrationsRoutes(app, {
    integrations,
    repository: integrationsRepository,
    tokens: createConnectorTokens({
      privateKeyPem: resolveConnectorSigningKey({
        configured: config.integrations.connectorSigningKey,
        dataDir: config.dataDir,
      }),
      issuer: new URL(config.publicUrl).origin,
      clock: now,
    }),
    signedIn,
  });
  registerUploadsRoutes(app, { uploads, signedIn });
  registerSignalsRoutes(app, { signals, signedIn });
  registerEmailPreferencesRoutes(app, {
    emailPreferences: createEmailPreferencesService(emailPreferencesRepository),
    signedIn,
  });
  /** Queues a first computation for every tenant that has no matches yet (called at start-up). */
  const recomputeTenantsWithoutMatches = async () => {
    const tenants = await valueMatches.tenantsWithoutMatches();
    for (const tenantId of tenants) await valueMatch.requestRecompute(tenantId);
    return tenants.length;
  };

  /** Queues a re-check of every tenant's connected tools now, and every six hours after (called at start-up). */
  const requestIntegrationRechecks = () => integrations.requestRechecks(jobsRepository);
  const scheduleIntegrationRechecks = () => {
    void requestIntegrationRechecks().catch((error) => logger.error({ err: error }, 'integration re-check not queued'));
    const timer = setInterval(
      () =>
        void requestIntegrationRechecks().catch((error) =>
          logger.error({ err: error }, 'integration re-check not queued'),
        ),
      RECHECK_EVERY_MS,
    );
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };

  registerSpa(app, config.webDist);
  return Object.assign(app, {
    auth,
    jobRunner,
    recomputeTenantsWithoutMatches,
    requestIntegrationRechecks,
    scheduleIntegrationRechecks,
    uploads,
    signalSweep: { sweepTenant: sweepSignals, queueDue: queueDueSignalSweeps, start: startSignalScheduler },
  });
}
