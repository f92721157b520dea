import { reportQuerySchema, reportSchema } from '@quarry/shared';
import { contextOf, type Guard } from '../../plugins/auth-context.ts';
import type { App } from '../../server-types.ts';
import type { ReportingService } from './reporting.service.ts';

/** /reporting's data: managers and admins only, over their own tenant's events. */
export function registerReportingRoutes(
  app: App,
  { reporting, managerOrAdmin }: { reporting: ReportingService; managerOrAdmin: Guard },
) {
  app.route({
    method: 'GET',
    url: '/api/reporting',
    config: { rateLimitPreset: 'expensive' },
    // Before validation: a colleague without the role learns nothing of the fields (403, not 400).
    preValidation: managerOrAdmin,
    schema: { tags: ['reporting'], querystring: reportQuerySchema, response: { 200: reportSchema } },
    handler: (request) => reporting.report(contextOf(request), request.query),
  });
}
