import { sql } from 'kysely';
import { z } from 'zod';
import type { DbHandle } from '../../db/connection.ts';
import type { App } from '../../server-types.ts';

export function registerHealthRoutes(app: App, { handle }: { handle: DbHandle }): void {
  app.route({
    method: 'GET',
    url: '/api/health',
    schema: {
      tags: ['health'],
      response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) }) },
    },
    handler: async () => {
      await sql`select 1`.execute(handle.db);
      return { status: 'ok' as const, database: handle.engine };
    },
  });
}
