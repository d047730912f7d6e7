import { afterAll, afterEach } from 'vitest';
import { assertNoQueryOverlap, watchQueryOverlaps } from './pg-overlap-guard.ts';

// The server tests' setup file: a test (or, from hooks outside tests, the file) fails when pg warned
// of a query sent to a busy client, in this worker or a process it started (pg-overlap-guard.ts).
watchQueryOverlaps();
afterEach(assertNoQueryOverlap);
afterAll(assertNoQueryOverlap);
