import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addTexts, changeLanguage, currentLanguage, fixedT, loadNamespaces, t } from './i18n.ts';

const fetchMock = vi.fn(async (_url: string, init: { headers: Record<string, string> }) => ({
  json: async () =>
    // The server's overrides for Japanese only: one of `common` without its namespace, one of `demo`.
    init.headers.lang === 'ja'
      ? { code: 0, data: { loading: 'ロード中', 'demo:greeting': 'ようこそ、{{name}}' } }
      : { code: 0, data: {} },
}));

beforeAll(async () => {
  vi.stubGlobal('fetch', fetchMock);
  addTexts('en', 'demo', {
    greeting: 'Hello, {{name}}',
    card: { title: 'Card of {{ name }}' },
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    plain: 'No plural forms',
  });
  addTexts('ja', 'demo', { greeting: 'こんにちは、{{name}}', items_other: '{{count}} 件' });
  await changeLanguage('en');
});

afterAll(() => vi.unstubAllGlobals());

describe('texts', () => {
  it('fills placeholders and reads nested keys, in the default namespace or the one named', () => {
    const demo = fixedT('demo');
    expect(demo('greeting', { name: 'Li' })).toBe('Hello, Li');
    expect(demo('card.title', { name: 'Ana' })).toBe('Card of Ana');
    expect(t('demo:greeting', { name: 'Sato' })).toBe('Hello, Sato');
    expect(demo('common:back')).toBe('Back');
  });

  it('leaves a placeholder without a value as written', () => {
    expect(fixedT('demo')('greeting')).toBe('Hello, {{name}}');
  });

  it('chooses the plural form by the language and count, else the key itself', () => {
    const demo = fixedT('demo');
    expect(demo('items', { count: 1 })).toBe('1 item');
    expect(demo('items', { count: 3 })).toBe('3 items');
    expect(demo('plain', { count: 3 })).toBe('No plural forms');
  });

  it('leaves values unescaped: React escapes what it renders', () => {
    expect(fixedT('demo')('greeting', { name: '<b>Li & Co</b>' })).toBe('Hello, <b>Li & Co</b>');
  });

  it('answers the key, or the default value, for a text it does not have', () => {
    expect(t('demo:missing.key')).toBe('missing.key');
    expect(t('demo:missing', { defaultValue: 'cash' })).toBe('cash');
  });

  it('loads the namespaces in use before it changes language, then lays the server overrides over them', async () => {
    await loadNamespaces(['offline']);
    const change = changeLanguage('ja');
    // Until the Japanese texts are there, the English ones stay.
    expect(currentLanguage()).toBe('en');
    expect(t('back')).toBe('Back');
    await change;
    expect(currentLanguage()).toBe('ja');
    expect(t('back')).toBe('戻る');
    expect(t('offline:justNow')).toBe('たった今');
    expect(fixedT('demo')('items', { count: 1 })).toBe('1 件');
    // No fallback language: a text Japanese lacks is not taken from English (every language has every key, locales.test.ts).
    expect(t('demo:plain')).toBe('plain');
    await vi.waitFor(() => expect(t('loading')).toBe('ロード中'));
    expect(t('demo:greeting', { name: '佐藤' })).toBe('ようこそ、佐藤');
    expect(fetchMock).toHaveBeenCalledWith('/api/dictionary/trans-web', { headers: { lang: 'ja', platform: 'h5' } });
    await changeLanguage('en');
    expect(t('loading')).toBe('Loading…');
  });
});
