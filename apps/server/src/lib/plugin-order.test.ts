import fp from 'fastify-plugin';
import { describe, expect, it } from 'vitest';
import { inDependencyOrder } from './plugin-order.ts';

const plugin = (name: string, dependencies: string[] = []) => fp(async () => {}, { name, dependencies });

describe('inDependencyOrder', () => {
  it('puts every plugin after the plugins it names, whatever the order listed', () => {
    const a = plugin('a', ['c']);
    const b = plugin('b');
    const c = plugin('c', ['b']);
    const options = { x: 1 };
    expect(inDependencyOrder([[a], [b, options], [c]])).toEqual([[b, options], [c], [a]]);
  });

  it('refuses a dependency that no plugin has, and a cycle', () => {
    expect(() => inDependencyOrder([[plugin('a', ['missing'])]])).toThrow(
      'plugin a depends on missing, which is not registered',
    );
    expect(() => inDependencyOrder([[plugin('a', ['b'])], [plugin('b', ['a'])]])).toThrow(
      'plugin a depends on itself through its dependencies',
    );
  });
});
