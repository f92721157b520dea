import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createMessageWriter } from './adapters/ai/create-message-writer.ts';
import type { MessageWriter } from './adapters/ai/message-writer.ts';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import { createAccountSearch } from './adapters/search/account-search.ts';
import type { Config } from './config.ts';
import type { DbHandle } from './db/connection.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { createJobsRepository } from './jobs/jobs.repository.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { contextFromUser } from './lib/request-context.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createTerritoryRepository } from './modules/accounts/territory.repository.ts';
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
import { createFlowsService, GENERATE_FLOW } from './modules/flows/flows.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createOrganizationRepository } from './modules/organization/organization.repository.ts';
import { registerOrganizationRoutes } from './modules/organization/organization.routes.ts';
import { createOrganizationService } from './modules/organization/organization.service.ts';
import { createReportingRepository } from './modules/reporting/reporting.repository.ts';
import { registerReportingRoutes } from './modules/reporting/reporting.routes.ts';
import { createReportingService } from './modules/reporting/reporting.service.ts';
import { createAuditLogRepository } from './modules/support/audit-log.repository.ts';
import { createImpersonationService } from './modules/support/impersonation.service.ts';
import { createImpersonationsRepository } from './modules/support/impersonations.repository.ts';
import { registerSupportRoutes } from './modules/support/support.routes.ts';
import { createSupportUsersRepository } from './modules/support/support-users.repository.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createRecomputeValueMatches, RECOMPUTE_VALUE_MATCHES } from './modules/value-match/recompute-value-matches.ts';
import { registerValueMatchRoutes } from './modules/value-match/value-match.routes.ts';
import { createValueMatchService } from './modules/value-match/value-match.service.ts';
import { createValueMatchesRepository } from './modules/value-match/value-matches.repository.ts';
import { createValuePreferencesRepository } from './modules/value-preferences/value-preferences.repository.ts';
import { registerValuePreferencesRoutes } from './modules/value-preferences/value-preferences.routes.ts';
import { createValuePreferencesService } from './modules/value-preferences/value-preferences.service.ts';
import { createListsRepository } from './modules/workspaces/lists.repository.ts';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository.ts';
import { registerWorkspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.ts';
import { createGuards } from './plugins/auth-context.ts';
import { answerClientError, answerFrameworkError, registerErrorHandling } from './plugins/errors.ts';
import { registerGracefulShutdown } from './plugins/graceful-shutdown.ts';
import { registerNoNulText } from './plugins/no-nul-text.ts';
import { isApiPath, registerNoStoreForApi } from './plugins/no-store.ts';
import { registerOriginCheck, trustedOrigins } from './plugins/origin-check.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import type { App } from './server-types.ts';

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
  registerErrorHandling(app);
  registerNoStoreForApi(app);
  registerOriginCheck(app, trustedOrigins(config));
  registerNoNulText(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes; scripts stay strictly external.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerRateLimits(app, config.rateLimits);
  await app.register(swagger, {
    openapi: { info: { title: 'Quarry API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
    // Named schemas (the recursive filter group) become components the document can refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: handle.db, log: logger });
  const usersRepository = createUsersRepository(handle.db);
  const impersonation = createImpersonationService({
    impersonations: createImpersonationsRepository(handle.db),
    audit: createAuditLogRepository(handle.db),
    users: usersRepository,
    supportEmail: config.supportEmail,
    now,
  });
  const auth = createAuth({
    config,
    handle,
    secret: authSecret,
    mailer: mail,
    log: logger,
    tokenIdentity: async (uid, sessionId) => {
      const user = await usersRepository.findByUidForSession(uid);
      if (!user) return { subject: uid, claims: {} };
      // While impersonating, analytics speak for the impersonated user and name the support account.
      const ctx = await impersonation.resolve(contextFromUser(user, config.supportEmail, sessionId));
      const by = ctx.impersonator;
      return {
        subject: ctx.uid,
        claims: {
          tenant_id: ctx.tenantId,
          email: ctx.email,
          // The sign-in it speaks for: the relay refuses the token once that session (or the
          // impersonation) has ended.
          sid: sessionId,
          ...(by ? { impersonator_uid: by.uid, impersonator_email: by.email, imp: by.impersonationId } : {}),
        },
      };
    },
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
    visibleHypothesisIds: (ctx, ids) => valuePreferences.visibleHypothesisIds(ctx, ids),
  });
  const login = createLoginService({
    auth,
    users: usersRepository,
    attempts: createLoginAttemptsRepository(handle.db),
  });
  const analytics = createAnalyticsService(createAnalyticsRepository(handle.db));
  const verifyToken = createIdentityTokenVerifier(
    auth,
    new URL(config.publicUrl).origin,
    createTokenSessionCheck(handle.db, now),
  );

  registerHealthRoutes(app, { handle });
  registerAuthRoutes(app, {
    auth,
    login,
    usersService,
    signedIn,
    loginIpLimitPerMinute: config.loginIpLimitPerMinute,
    supportEmail: config.supportEmail,
    endImpersonation: (sessionId) => impersonation.endForSession(sessionId),
  });
  registerUsersRoutes(app, { users: usersService, signedIn });
  registerSupportRoutes(app, {
    supportUsers: createSupportUsersRepository(handle.db, config.supportEmail),
    impersonation,
    usersService,
    supportTools,
  });
  registerAlertsRoutes(app, { alerts: createAlertsService(createAlertsRepository(handle.db)), signedIn });
  registerAnalyticsRoutes(app, { analytics, verifyToken });
  registerReportingRoutes(app, {
    reporting: createReportingService(createReportingRepository(handle.db)),
    managerOrAdmin,
  });
  registerAccountsRoutes(app, {
    accounts: createAccountsService({
      accounts: createAccountsRepository(handle.db),
      territory: createTerritoryRepository(handle.db),
      accountQuery: createAccountQueryRepository(handle.db),
      search: createAccountSearch(handle),
    }),
    signedIn,
  });
  const filtersRepository = createFiltersRepository(handle.db);
  const accountQuery = createAccountQueryRepository(handle.db);
  registerFiltersRoutes(app, {
    filters: createFiltersService({
      filters: filtersRepository,
      accounts: accountQuery,
      values: createFilterValuesRepository(handle.db),
      colleague: async (ctx, uid) => (await usersRepository.findCompanyUsersByIds(ctx, [uid]))[0],
    }),
    signedIn,
  });
  registerWorkspacesRoutes(app, {
    workspaces: createWorkspacesService({
      workspaces: createWorkspacesRepository(handle.db),
      lists: createListsRepository(handle.db),
      users: usersRepository,
      filters: filtersRepository,
      accountQuery,
    }),
    signedIn,
  });

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
  });

  // Value intelligence: preferences change → a durable recompute job → stored matches for Home.
  const jobsRepository = createJobsRepository(handle.db);
  const valueMatches = createValueMatchesRepository(handle.db);
  const valueMatch = createValueMatchService({
    matches: valueMatches,
    preferences: valuePreferences,
    jobs: jobsRepository,
    territory: createTerritoryRepository(handle.db),
    colleague: async (ctx, uid) => (await usersRepository.findCompanyUsersByIds(ctx, [uid]))[0],
    supportEmail: config.supportEmail,
  });
  const recomputeValueMatches = createRecomputeValueMatches({ preferences: valuePreferences, matches: valueMatches });
  const emailPreferencesRepository = createEmailPreferencesRepository(handle.db);
  const flows = createFlowsService({
    flows: createFlowsRepository(handle.db),
    sources: createFlowSourcesRepository(handle.db),
    emailPreferences: emailPreferencesRepository,
    preferences: valuePreferences,
    jobs: jobsRepository,
    writer: messageWriter ?? createMessageWriter(config),
    clock: now,
  });
  const jobRunner = createJobRunner({
    jobs: jobsRepository,
    log: logger,
    handlers: {
      [RECOMPUTE_VALUE_MATCHES]: async (job) => void (await recomputeValueMatches(job.tenant_id)),
      [GENERATE_FLOW]: (job) => flows.runJob(job),
    },
  });
  app.addHook('onClose', () => jobRunner.stop());
  registerValuePreferencesRoutes(app, {
    preferences: createValuePreferencesService({
      preferences: valuePreferences,
      requestRecompute: (tenantId) => valueMatch.requestRecompute(tenantId),
    }),
    signedIn,
  });
  registerValueMatchRoutes(app, { valueMatch, signedIn });
  registerFlowsRoutes(app, { flows, signedIn });
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

  registerSpa(app, config.webDist);
  return Object.assign(app, { auth, jobRunner, recomputeTenantsWithoutMatches });
}

/**
 * Serves the built SPA: hashed assets cached for good, and index.html for the paths its router
 * answers. A path under /api or /assets, or one naming a file (an extension), that matched no
 * route or file is not a page: it answers 404 rather than the app shell, so a missing script or
 * image fails plainly instead of arriving as HTML.
 */
function registerSpa(app: App, webDist: string | undefined): void {
  const root = path.resolve(webDist ?? path.join(import.meta.dirname, '../../web/dist'));
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) return;
  app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const html = fs.readFileSync(indexFile, 'utf8');
  // A catch-all route rather than a second not-found handler, which Fastify refuses (errors.ts sets one).
  // It answers GET and, through Fastify's HEAD route for it, HEAD.
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    if (!isPagePath(request.url)) return reply.callNotFound();
    return reply.header('cache-control', 'no-cache').type('text/html').send(html);
  });
}

/** Whether the SPA's router answers `url`: not the API, not an asset, not a file name. */
export function isPagePath(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  if (isApiPath(pathname)) return false;
  if (pathname === '/assets' || pathname.startsWith('/assets/')) return false;
  return !path.posix.extname(pathname);
}
