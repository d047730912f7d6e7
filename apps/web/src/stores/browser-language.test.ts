import { describe, expect, it } from 'vitest';
import { langFromBrowser } from './browser-language.ts';

describe('the language of a first visit', () => {
  it('maps the browser languages to the four the app speaks', () => {
    const cases: [string[], string][] = [
      [['zh-CN'], 'zh-Hans'],
      [['zh'], 'zh-Hans'],
      [['zh-SG', 'en'], 'zh-Hans'],
      [['zh-Hans-HK'], 'zh-Hans'],
      [['zh-TW'], 'zh-Hant'],
      [['zh-HK'], 'zh-Hant'],
      [['zh-MO'], 'zh-Hant'],
      [['zh-Hant'], 'zh-Hant'],
      [['zh_TW'], 'zh-Hant'],
      [['en-US'], 'en'],
      [['en-GB', 'ja'], 'en'],
      [['ja-JP', 'en-US'], 'ja'],
      [['ja'], 'ja'],
    ];
    for (const [languages, lang] of cases) expect(langFromBrowser(languages), languages.join(',')).toBe(lang);
  });

  it('takes the first one it speaks; English when none; Simplified Chinese when the browser says nothing', () => {
    expect(langFromBrowser(['fr-FR', 'ja-JP', 'en'])).toBe('ja');
    expect(langFromBrowser(['fr-FR', 'de'])).toBe('en');
    expect(langFromBrowser([])).toBe('zh-Hans');
  });
});
