import { INTL_LOCALES, type Lang } from '@jewel/contract/values/i18n';
import type { ReactNode } from 'react';
import { currentLanguage } from '../i18n.ts';
import './phrases.css';

/**
 * What a line must never part (issue 29 item 6): an item number (`C20261128-0002`), a file name
 * (`IMG_0412.jpg`, `ledger-2026-11.pdf`: letters, digits, `_`, `-` and `.` only, so a name
 * written against Chinese text ends where the Chinese begins), an amount with its sign
 * (`¥20,000.00`) and a short aside in brackets (「（犯収法）」, "(2 of 3)"); each with the
 * punctuation that follows it, which may not start a line (「C20261128-0002？」).
 */
const KEEP_WHOLE =
  /(?:[A-Z]\d{8}-\d{4,}|[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{1,4}(?!\w)|[¥￥$€£]\s?\d[\d,]*(?:\.\d+)?|[（(][^（）()]{1,12}[）)])[，。、？！：；,.?!:;）)」』]*/g;

/** Opening brackets and quotes: the word after them starts no line of its own. */
const OPENING = /[（(「『“‘《〈【[]$/;

/**
 * Chinese is cut into words by the browser's own dictionary (`Intl.Segmenter`, ICU's): no
 * browser breaks Chinese between words by itself (`word-break: auto-phrase`, which styles.css asks
 * for in Japanese and Chinese, knows Japanese only in Chromium), and BudouX's Chinese models part
 * words like 确|认 (and weigh 30 KB).
 */
const segmenters = new Map<Lang, Intl.Segmenter>();
function wordsOf(text: string, lang: Lang): Intl.SegmentData[] {
  let segmenter = segmenters.get(lang);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(INTL_LOCALES[lang], { granularity: 'word' });
    segmenters.set(lang, segmenter);
  }
  return [...segmenter.segment(text)];
}

const byWords = (lang: Lang) => (lang === 'zh-Hans' || lang === 'zh-Hant') && typeof Intl.Segmenter === 'function';

/**
 * A sentence of a toast or a dialog as the reader's language should break it: Chinese between
 * its words (a `<wbr>` before each word, none before punctuation or after an opening bracket, and
 * no break elsewhere), and in every language an item number, a file name or a short aside moved
 * whole to the next line rather than parted.
 */
export function phrased(text: string, lang: Lang = currentLanguage()): ReactNode {
  const words = byWords(lang);
  const parts: ReactNode[] = [];
  let previous = '';
  const run = (chunk: string) => {
    for (const { segment, isWordLike } of words ? wordsOf(chunk, lang) : [{ segment: chunk, isWordLike: false }]) {
      if (isWordLike && previous && !OPENING.test(previous)) parts.push(<wbr key={parts.length} />);
      parts.push(segment);
      previous = segment;
    }
  };
  let at = 0;
  for (const match of text.matchAll(KEEP_WHOLE)) {
    run(text.slice(at, match.index));
    if (words && previous && !OPENING.test(previous)) parts.push(<wbr key={parts.length} />);
    parts.push(
      <span key={parts.length} className="keep-whole">
        {match[0]}
      </span>,
    );
    previous = match[0];
    at = match.index + match[0].length;
  }
  run(text.slice(at));
  return <span className={words ? 'phrased' : undefined}>{parts}</span>;
}
