import { describe, expect, it } from 'vitest';
import { SignalCache } from './signal-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('SignalCache', () => {
  it('keeps an answer until it expires, and callers of a missing key share one load', async () => {
    const cache = new SignalCache<string, number>((_value, now) => now + 60_000);
    let loads = 0;
    const pending = deferred<number>();
    const load = () => {
      loads += 1;
      return pending.promise;
    };
    const first = cache.get('a', load);
    const second = cache.get('a', load);
    pending.resolve(7);
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(await cache.get('a', load)).toBe(7);
    expect(loads).toBe(1);
  });

  it('does not keep an answer read before a clear, nor one the expiry refuses', async () => {
    const cache = new SignalCache<string, number | null>((value, now) => (value === null ? null : now + 60_000));
    const before = deferred<number>();
    const early = cache.get('a', () => before.promise);
    cache.clear();
    before.resolve(1);
    expect(await early).toBe(1);
    expect(await cache.get('a', async () => 2)).toBe(2);

    expect(await cache.get('none', async () => null)).toBeNull();
    expect(await cache.get('none', async () => 3)).toBe(3);
  });

  it('an expired answer is loaded again; the oldest goes when full', async () => {
    let keep = false;
    const cache = new SignalCache<string, number>((_value, now) => now + (keep ? 60_000 : -1), 2);
    expect(await cache.get('a', async () => 1)).toBe(1);
    expect(await cache.get('a', async () => 2)).toBe(2);
    keep = true;
    await cache.get('x', async () => 10);
    await cache.get('y', async () => 20);
    await cache.get('z', async () => 30);
    expect(await cache.get('x', async () => 11)).toBe(11);
    expect(await cache.get('z', async () => 31)).toBe(30);
  });
});
