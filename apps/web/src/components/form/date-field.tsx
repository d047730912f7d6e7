import { INTL_LOCALES, type Lang } from '@jewel/contract/values/i18n';
import { useEffect, useMemo, useState } from 'react';
import { isoDay } from '../../lib/format.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import './date-field.css';

interface DateFieldProps {
  /** The year's id: the field's label is for it. */
  id: string;
  /** `YYYY-MM-DD`, or '' while a part is missing. */
  value: string;
  /** The first and last days that may be picked, `YYYY-MM-DD`. */
  min: string;
  max: string;
  onChange: (next: string) => void;
  /** Years listed from the last (birth dates) rather than from the first (expiries, periods). */
  newestFirst?: boolean;
  required?: boolean;
  invalid?: boolean;
  /** The id of the field's error text. */
  describedBy?: string;
}

type Part = 'year' | 'month' | 'day';
interface Parts {
  year: number | null;
  month: number | null;
  day: number | null;
}

const MONTHS_EN = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** How each language writes a day's parts, in its own order: 「1985年 6月 15日」, "June 15 1985". */
const SPELLING: Record<Lang, { order: Part[]; label: Record<Part, (n: number) => string> }> = (() => {
  const cjk = {
    order: ['year', 'month', 'day'] as Part[],
    label: { year: (n: number) => `${n}年`, month: (n: number) => `${n}月`, day: (n: number) => `${n}日` },
  };
  return {
    'zh-Hans': cjk,
    'zh-Hant': cjk,
    ja: cjk,
    en: { order: ['month', 'day', 'year'], label: { year: String, month: (n) => MONTHS_EN[n - 1] ?? '', day: String } },
  };
})();

function partsOf(value: string): Parts {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return { year: null, month: null, day: null };
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

const daysIn = (year: number | null, month: number | null) =>
  month === null ? 31 : new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();

const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);

/**
 * A calendar day as three lists (year, month, day) in the reader's language and order, whatever
 * the phone's own language (issue 29 item 5): a browser's date field writes 06/15/1985 on an
 * English phone in a Japanese shop. Native lists, so a phone opens its own wheel and a keyboard
 * types into them; the days that cannot be picked (before `min`, after `max`) are not offered.
 */
export function DateField({
  id,
  value,
  min,
  max,
  onChange,
  newestFirst,
  required,
  invalid,
  describedBy,
}: DateFieldProps) {
  const lang = currentLanguage();
  const spelling = SPELLING[lang];
  // The parts chosen so far, kept while the day is not whole yet.
  const [parts, setParts] = useState(() => partsOf(value));
  useEffect(() => {
    setParts((shown) => (whole(shown) === value ? shown : partsOf(value)));
  }, [value]);

  const first = partsOf(min);
  const last = partsOf(max);
  const names = useMemo(() => {
    const fields = new Intl.DisplayNames(INTL_LOCALES[lang], { type: 'dateTimeField' });
    const name = (part: Part) => {
      const word = fields.of(part) ?? part;
      return word.charAt(0).toLocaleUpperCase(INTL_LOCALES[lang]) + word.slice(1);
    };
    return { year: name('year'), month: name('month'), day: name('day') };
  }, [lang]);

  const choicesFor = ({ year, month }: Parts): Record<Part, number[]> => {
    const atFirst = year === first.year;
    const atLast = year === last.year;
    const dayFrom = atFirst && month === first.month ? (first.day ?? 1) : 1;
    const dayTo = atLast && month === last.month ? (last.day ?? 31) : 31;
    return {
      year: range(first.year ?? 1900, last.year ?? 2099),
      month: range(atFirst ? (first.month ?? 1) : 1, atLast ? (last.month ?? 12) : 12),
      day: range(dayFrom, Math.min(daysIn(year, month), dayTo)),
    };
  };
  const choices = choicesFor(parts);
  if (newestFirst) choices.year.reverse();

  const choose = (part: Part, picked: string) => {
    const next = { ...parts, [part]: picked === '' ? null : Number(picked) };
    // A month or a day the new year or month does not have is chosen again.
    const allowed = choicesFor(next);
    if (next.month !== null && !allowed.month.includes(next.month)) next.month = null;
    if (next.day !== null && !choicesFor(next).day.includes(next.day)) next.day = null;
    setParts(next);
    onChange(whole(next));
  };

  return (
    <span className={`date-field${invalid ? ' date-field--invalid' : ''}`}>
      {spelling.order.map((part, index) => (
        <select
          key={part}
          id={index === 0 ? id : `${id}-${part}`}
          className="date-field__part"
          data-part={part}
          aria-label={names[part]}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          required={required}
          value={parts[part] ?? ''}
          onChange={(event) => choose(part, event.target.value)}
        >
          <option value="">{names[part]}</option>
          {choices[part].map((n) => (
            <option key={n} value={n}>
              {spelling.label[part](n)}
            </option>
          ))}
        </select>
      ))}
    </span>
  );
}

/** `YYYY-MM-DD` when every part is chosen, else ''. */
function whole({ year, month, day }: Parts): string {
  return year !== null && month !== null && day !== null ? isoDay(year, month, day) : '';
}
