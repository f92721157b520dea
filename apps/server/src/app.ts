import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawReplyDefaultExpression,
  type RawRequestDefaultExpression,
  type RawServerDefault,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import { createMailer, type Mailer } from './adapters/mail/mailer.ts';
import { createAccountSearch } from './adapters/search/account-search.ts';
import type { Config } from './config.ts';
import type { DbHandle } from './db/connection.ts';
import { createAccountsRepository } from './modules/accounts/accounts.repository.ts';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createTerritoryRepository } from './modules/accounts/territory.repository.ts';
import { registerAlertsRoutes } from './modules/alerts/alerts.routes.ts';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository.ts';
import { registerAnalyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { createAnalyticsService } from './modules/analytics/analytics.service.ts';
import { createIdentityTokenVerifier } from './modules/analytics/identity-token.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import { createAuth } from './modules/auth/auth.ts';
import { createLoginService } from './modules/auth/login.service.ts';
import { createLoginAttemptsRepository } from './modules/auth/login-attempts.repository.ts';
import { createAccountQueryRepository } from './modules/filters/account-query.repository.ts';
import { createFiltersRepository } from './modules/filters/filters.repository.ts';
import { registerFiltersRoutes } from './modules/filters/filters.routes.ts';
import { createFiltersService } from './modules/filters/filters.service.ts';
import { registerHealthRoutes } from './modules/health/health.routes.ts';
import { createReportingRepository } from './modules/reporting/reporting.repository.ts';
import { registerReportingRoutes } from './modules/reporting/reporting.routes.ts';
import { createReportingService } from './modules/reporting/reporting.service.ts';
import { createUsersRepository } from './modules/users/users.repository.ts';
import { registerUsersRoutes } from './modules/users/users.routes.ts';
import { createUsersService } from './modules/users/users.service.ts';
import { createListsRepository } from './modules/workspaces/lists.repository.ts';
import { createWorkspacesRepository } from './modules/workspaces/workspaces.repository.ts';
import { registerWorkspacesRoutes } from './modules/workspaces/workspaces.routes.ts';
import { createWorkspacesService } from './modules/workspaces/workspaces.service.ts';
import { createGuards } from './plugins/auth-context.ts';
import { registerErrorHandling } from './plugins/errors.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export type AppDeps = {
  config: Config;
  handle: DbHandle;
  authSecret: string;
  logger: Logger;
  /** Tests pass a recording mailer; otherwise SMTP or the outbox per config. */
  mailer?: Mailer;
};

/** Builds the whole server (API and the built SPA) from its dependencies; tests build it the same way. */
export async function buildApp({ config, handle, authSecret, logger, mailer }: AppDeps) {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('ctx', null);
  registerErrorHandling(app);

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
  await app.register(rateLimit, { global: false });
  await app.register(swagger, {
    openapi: { info: { title: 'Quarry API', version: '0.1.0' } },
    transform: jsonSchemaTransform,
    // Named schemas (the recursive filter group) become components the document can refer to.
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: handle.db, log: logger });
  const usersRepository = createUsersRepository(handle.db);
  const auth = createAuth({
    config,
    handle,
    secret: authSecret,
    mailer: mail,
    log: logger,
    tokenClaims: async (uid) => {
      const user = await usersRepository.findByUidForSession(uid);
      return user ? { tenant_id: user.company, email: user.email } : {};
    },
  });
  const { signedIn, managerOrAdmin } = createGuards({
    auth,
    users: usersRepository,
    supportEmail: config.supportEmail,
  });
  const usersService = createUsersService(usersRepository, config.supportEmail);
  const login = createLoginService({
    auth,
    users: usersRepository,
    attempts: createLoginAttemptsRepository(handle.db),
  });
  const analytics = createAnalyticsService(createAnalyticsRepository(handle.db));
  const verifyToken = createIdentityTokenVerifier(auth, new URL(config.publicUrl).origin);

  registerHealthRoutes(app, { handle });
  registerAuthRoutes(app, {
    auth,
    login,
    usersService,
    signedIn,
    loginIpLimitPerMinute: config.loginIpLimitPerMinute,
    supportEmail: config.supportEmail,
  });
  registerUsersRoutes(app, { users: usersService, signedIn });
  registerAlertsRoutes(app, { signedIn });
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
    filters: createFiltersService({ filters: filtersRepository, accounts: accountQuery }),
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

  registerSpa(app, config.webDist);
  return Object.assign(app, { auth });
}

/** Serves the built SPA: hashed assets cached for good, every other page path answers index.html. */
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
  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const isPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0] ?? '');
    if (!isPage) {
      return reply
        .code(404)
        .send({ error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` } });
    }
    return reply.header('cache-control', 'no-cache').type('text/html').send(html);
  });
}
