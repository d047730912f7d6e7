import { z } from 'zod';
import { defineRoute } from './route.ts';

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness: the process answers',
    tag: 'system',
    access: 'public',
    data: z.object({ status: z.literal('ok'), version: z.string() }),
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: the database answers',
    tag: 'system',
    access: 'public',
    data: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
  }),
};

export const openApiRoute = {
  openapi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'system',
    access: 'public',
  }),
};
