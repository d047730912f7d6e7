import { AppError } from './app-error.ts';

/** A cursor the server did not write: a validation error naming `cursor`. */
function invalidCursor() {
  return new AppError('validation', { params: { field: 'cursor' }, data: { field: 'cursor' } });
}

/** The cursor of a keyset page, opaque to clients: the last row's key as JSON, base64url-encoded. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/**
 * The key a cursor holds, of `length` parts that `valid` accepts; null without a cursor. Anything
 * else (not base64url JSON, another length, a part `valid` refuses) is a validation error.
 */
export function decodeCursor(
  cursor: string | undefined,
  length: number,
  valid: (parts: unknown[]) => boolean,
): unknown[] | null {
  if (!cursor) return null;
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parts) || parts.length !== length || !valid(parts)) throw invalidCursor();
  return parts;
}
