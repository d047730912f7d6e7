import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS } from '@jewel/contract/values/i18n';
import { paths } from '@jewel/contract/values/web-paths';
import { describe, expect, it } from 'vitest';

const localesDir = path.dirname(fileURLToPath(import.meta.url));
const srcDir = path.dirname(localesDir);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

function load(lang: string, namespace: string): Tree {
  return JSON.parse(readFileSync(path.join(localesDir, lang, `${namespace}.json`), 'utf8'));
}

/** Plural forms differ by language (en: _one/_other, zh and ja: _other only): compare the base keys. */
function baseKeys(keys: string[]): Set<string> {
  return new Set(keys.map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const namespaces = readdirSync(path.join(localesDir, 'en')).map((file) => file.replace(/\.json$/, ''));
const keysOf = (lang: string, namespace: string) => baseKeys(flatten(load(lang, namespace)));

describe('texts in four languages', () => {
  it('every language has every namespace', () => {
    for (const lang of LANGS) {
      const files = readdirSync(path.join(localesDir, lang)).map((file) => file.replace(/\.json$/, ''));
      expect(files.sort(), lang).toEqual([...namespaces].sort());
    }
  });

  for (const namespace of namespaces) {
    it(`${namespace}: the same keys in zh-Hans, zh-Hant, en and ja, none empty`, () => {
      const reference = keysOf('zh-Hans', namespace);
      for (const lang of LANGS) {
        expect([...keysOf(lang, namespace)].sort(), `${lang}/${namespace}`).toEqual([...reference].sort());
        const empty = flatten(load(lang, namespace)).filter((key) => {
          const value = key
            .split('.')
            .reduce<Tree | string>((node, part) => (node as Tree)[part] as Tree, load(lang, namespace));
          return typeof value !== 'string' || value.trim() === '';
        });
        expect(empty, `${lang}/${namespace}`).toEqual([]);
      }
    });
  }

  it('every route has its title', () => {
    const titles = keysOf('en', 'common');
    for (const name of Object.keys(paths)) expect(titles.has(`titles.${name}`), name).toBe(true);
  });

  it('every key the code asks for exists', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const text = readFileSync(file, 'utf8');
      const defaultNs = /useTranslation\(\s*\[?\s*'([\w-]+)'/.exec(text)?.[1] ?? 'common';
      for (const match of text.matchAll(/\bt\(\s*'([^'$]+)'/g)) {
        const full = match[1] ?? '';
        const [namespace, key] = full.includes(':') ? (full.split(':') as [string, string]) : [defaultNs, full];
        if (!namespaces.includes(namespace) || !keysOf('en', namespace).has(key)) {
          missing.push(`${path.relative(srcDir, file)}: ${namespace}:${key}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });
});

/** Letters of any script: a literal containing one is a user-visible text. */
const WORDS = /[A-Za-z\u3040-\u30ff\u3400-\u9fff]/;
const TEXT_PROPS = [
  'title',
  'placeholder',
  'content',
  'label',
  'description',
  'aria-label',
  'alt',
  'text',
  'confirmText',
  'cancelText',
];

describe('no literal texts in components', () => {
  it('JSX text and text props come from i18n', () => {
    const found: string[] = [];
    for (const file of sourceFiles(srcDir).filter((name) => name.endsWith('.tsx'))) {
      const text = readFileSync(file, 'utf8').replace(/\{\/\*[\s\S]*?\*\/\}/g, '');
      // Text between the `>` that ends a tag and the next tag, outside of `{expressions}`;
      // type arguments (`Promise<…>`) and arrows are told apart by the characters code uses.
      for (const match of text.matchAll(/(?<![=-])>([^<>{}]+)<(?=[/A-Za-z])/g)) {
        const content = match[1]?.trim() ?? '';
        if (content && WORDS.test(content) && !/[=;(),:|`]/.test(content)) {
          found.push(`${path.relative(srcDir, file)}: >${content}<`);
        }
      }
      for (const prop of TEXT_PROPS) {
        for (const match of text.matchAll(new RegExp(`\\s${prop}="([^"]*)"`, 'g'))) {
          if (WORDS.test(match[1] ?? '')) found.push(`${path.relative(srcDir, file)}: ${prop}="${match[1]}"`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
