import { INT_MAX } from './limits.ts';

/**
 * An id read from the web app's address (`?id=12`, `?category=3`): digits only, from 1 to the
 * largest id an `integer` column holds; anything else (empty, signed, `1.5`, `1e3`, ` 7`, past
 * the limit) is no record. Stricter than the contract's `queryIdSchema`, which coerces: an id
 * this accepts, the server accepts as the same number.
 */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= INT_MAX ? id : null;
}

/** `1,2,3` from an address (`?ids=`): the distinct ids `parseId` takes, in order, at most `max`. */
export function parseIds(value: string | null | undefined, max: number): number[] {
  const ids = (value ?? '').split(',').flatMap((part) => parseId(part.trim()) ?? []);
  return [...new Set(ids)].slice(0, max);
}
