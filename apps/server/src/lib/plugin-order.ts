import type { FastifyPluginAsync } from 'fastify';
import type { PluginMetadata } from 'fastify-plugin';

// biome-ignore lint/suspicious/noExplicitAny: each plugin takes its own options.
type Plugin = FastifyPluginAsync<any>;

/** A `fastify-plugin` plugin with its options. */
export type Registration = readonly [Plugin, object?];

const metaOf = (plugin: Plugin) =>
  (plugin as Plugin & { [key: symbol]: PluginMetadata | undefined })[Symbol.for('plugin-meta')] ?? {};

/**
 * The registrations with every plugin after the plugins it names in `dependencies` (Fastify
 * checks them again as it registers). A name no plugin has, or a cycle, fails the start.
 */
export function inDependencyOrder(registrations: readonly Registration[]): Registration[] {
  const byName = new Map(registrations.map((entry) => [metaOf(entry[0]).name, entry]));
  const ordered: Registration[] = [];
  const visiting = new Set<Registration>();
  const visit = (entry: Registration) => {
    if (ordered.includes(entry)) return;
    const { name = '(unnamed)', dependencies = [] } = metaOf(entry[0]);
    if (visiting.has(entry)) throw new Error(`plugin ${name} depends on itself through its dependencies`);
    visiting.add(entry);
    for (const dependency of dependencies) {
      const found = byName.get(dependency);
      if (!found) throw new Error(`plugin ${name} depends on ${dependency}, which is not registered`);
      visit(found);
    }
    visiting.delete(entry);
    ordered.push(entry);
  };
  for (const entry of registrations) visit(entry);
  return ordered;
}
