import { describe, expect, it } from 'vitest';
import { ApiError, TRANSPORT_ERRORS } from './api-error.ts';
import { isApiError, isMissing } from './is-api-error.ts';

const stale = new ApiError(4006, 'stale', 409);
const notFound = new ApiError(1002, 'not found', 404);
const forbidden = new ApiError(4002, 'role', 403);
const badId = new ApiError(1001, 'validation', 400);
const timeout = new ApiError(TRANSPORT_ERRORS.timeout, 'timeout');

describe('isApiError', () => {
  it('knows an error by its name in the contract', () => {
    expect(isApiError(stale, 'commodityStale')).toBe(true);
    expect(isApiError(stale, 'commodityTaken')).toBe(false);
    expect(isApiError(notFound, 'notFound')).toBe(true);
  });

  it('matches any of several names', () => {
    expect(isApiError(stale, 'commodityTaken', 'commodityStale')).toBe(true);
    expect(isApiError(badId, 'notFound', 'commodityStale')).toBe(false);
  });

  it('without a name, any error of the client', () => {
    expect(isApiError(timeout)).toBe(true);
    expect(isApiError(new Error('other'))).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError({ code: 4006 }, 'commodityStale')).toBe(false);
  });

  it('a transport failure is none of the named errors', () => {
    expect(isApiError(timeout, 'unauthorized', 'validation', 'notFound')).toBe(false);
  });
});

describe('isMissing', () => {
  it('is an unknown thing, one the caller may not see, or an id the server does not take', () => {
    expect(isMissing(notFound)).toBe(true);
    expect(isMissing(forbidden)).toBe(true);
    expect(isMissing(badId)).toBe(true);
  });

  it('is not a refusal of another kind, a failure on the way or a plain error', () => {
    expect(isMissing(stale)).toBe(false);
    expect(isMissing(new ApiError(1006, 'internal', 500))).toBe(false);
    expect(isMissing(timeout)).toBe(false);
    expect(isMissing(new Error('not found'))).toBe(false);
  });
});
