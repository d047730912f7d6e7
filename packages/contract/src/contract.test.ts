import { describe, expect, it } from 'vitest';
import { routes } from './routes.ts';
import { fillPath } from './values/api-path.ts';
import { ERROR_NAMES, ERRORS } from './values/error-codes.ts';
import { LANG_HEADER, LANGS, langFromHeader } from './values/i18n.ts';

describe('contract', () => {
  it('error codes are unique and their statuses are HTTP errors', () => {
    const codes = ERROR_NAMES.map((name) => ERRORS[name].code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const name of ERROR_NAMES) expect(ERRORS[name].status).toBeGreaterThanOrEqual(400);
  });

  it('every route is declared once', () => {
    const keys = Object.values(routes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('the lang header maps both ways, with English for anything unknown', () => {
    for (const lang of LANGS) expect(langFromHeader(LANG_HEADER[lang])).toBe(lang);
    expect(langFromHeader('zh-Hant')).toBe('zh-Hant');
    expect(langFromHeader(undefined)).toBe('en');
    expect(langFromHeader('fr')).toBe('en');
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty'])
      expect(langFromHeader(name)).toBe('en');
    expect(langFromHeader(['ja', 'en'])).toBe('en');
  });

  it('fills path parameters', () => {
    expect(fillPath('/api/brand/:id/types', { id: 3 })).toBe('/api/brand/3/types');
  });
});
