import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { routes } from '@jewel/contract/routes';
import { describe, expect, it } from 'vitest';
import { NOT_CALLED_BY_THE_APP } from './route-table-plugin.ts';

/** Every source file of the web app, tests included. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

describe('the route table the web app is built with', () => {
  it('leaves out only routes of the contract that no code of the app names', () => {
    const code = sources(path.join(import.meta.dirname, 'src'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    for (const name of NOT_CALLED_BY_THE_APP) {
      expect(Object.keys(routes), name).toContain(name);
      expect(code.includes(`routes.${name}`), `the app calls routes.${name}`).toBe(false);
    }
  });
});
