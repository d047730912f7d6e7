// at: apps/server/src/lib/signal-cache.ts
// A utility of lib/ importing a plugin.
export { default as live } from '../plugins/app/live.ts';
