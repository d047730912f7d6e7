import { ERRORS, type ErrorName } from '@jewel/contract/values/error-codes';
import { ApiError } from './api-error.ts';

/*
 * Kept apart from api-error.ts, which the first page loads: the table of error codes loads with
 * the first screen that asks about an error by its name.
 */

/**
 * Whether `error` is the server's answer with one of the named errors (values/error-codes.ts);
 * with no name, any answer or transport failure of the client.
 */
export function isApiError(error: unknown, ...names: ErrorName[]): error is ApiError {
  return error instanceof ApiError && (names.length === 0 || names.some((name) => ERRORS[name].code === error.code));
}

/**
 * The thing asked for is not there for the caller: the server does not know it (404), the caller
 * may not see it (403, a guest's limits), or the id in the address is none it takes (1001).
 */
export function isMissing(error: unknown): boolean {
  return isApiError(error) && (error.status === 404 || error.status === 403 || isApiError(error, 'validation'));
}
