import type { z } from 'zod';

/**
 * Who may call a route: anyone, any signed-in user (guests included), a regular
 * (non-temporary) user, a regular recorder (customers' identity data, the dealer's ledger), or a
 * manager (the back office, issue 28).
 */
export type RouteAccess = 'public' | 'user' | 'regular' | 'recorder' | 'manager';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Fastify style: `/api/brand/:id/types`. */
  path: string;
  summary: string;
  tag: string;
  access: RouteAccess;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** multipart/form-data: the body is read as a stream, not validated as JSON. */
  multipart?: true;
  /** The `data` of the `{ code, msg, data }` envelope; absent for raw (file) responses. */
  data?: z.ZodType;
}

export function defineRoute<const T extends RouteDef>(route: T): T {
  return route;
}
