import type {
  Calibration,
  CalibrationFigures,
  CalibrationGroup,
  calibrationExportQuerySchema,
  calibrationQuerySchema,
} from '@jewel/contract/calibration';
import { CALIBRATION_DEFAULT_DAYS, kappa2, percent, seconds } from '@jewel/contract/values/calibration';
import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { translate } from '../../i18n/messages.ts';
import { writeCsv } from '../../lib/csv.ts';
import * as repo from './calibration.repository.ts';
import { CALIBRATION_COLUMN_TITLES, CALIBRATION_COLUMNS, CALIBRATION_WORDS } from './calibration-labels.ts';

/*
 * Appraiser calibration (PRODUCT.md "Calibration figures"): the database computes every figure
 * (calibration.repository.ts); this file fills in the default period and shapes the rows into
 * the page's answer and the CSV, which rounds as the page does (values/calibration.ts).
 */

export interface CalibrationDeps {
  db: Db;
  timeZone: string;
}

const DAY_MS = 86_400_000;

/** The shop day (`YYYY-MM-DD`) of an instant in the shop's time zone. */
function shopDay(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The period asked for, its open ends filled in so that it spans the default 30 days. */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, timeZone: string) {
  const span = CALIBRATION_DEFAULT_DAYS - 1;
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.from) return { from: query.from, to: addDays(query.from, span) };
  const to = query.to ?? shopDay(new Date(), timeZone);
  return { from: addDays(to, -span), to };
}

function figures(row: repo.CalibrationDbRow): CalibrationFigures {
  return {
    items: row.items,
    pairs: row.pairs,
    agreed: row.agreed,
    agreement_rate: row.agreementRate,
    judged: row.judged,
    overturned: row.overturned,
    overturned_rate: row.overturnedRate,
    median_seconds: row.medianSeconds,
    kappa: row.kappa,
  };
}

const EMPTY: CalibrationFigures = {
  items: 0,
  pairs: 0,
  agreed: 0,
  agreement_rate: null,
  judged: 0,
  overturned: 0,
  overturned_rate: null,
  median_seconds: null,
  kappa: null,
};

function categoryName(name: I18nText | string | null, lang: Lang): string {
  if (name === null) return '';
  const text = typeof name === 'string' ? (JSON.parse(name) as I18nText) : name;
  return translate(text, lang);
}

const categoryGroup = (row: repo.CalibrationDbRow, lang: Lang): CalibrationGroup => ({
  group: { id: row.categoryId ?? 0, name: categoryName(row.categoryName, lang) },
  figures: figures(row),
});

const brandGroup = (row: repo.CalibrationDbRow): CalibrationGroup => ({
  group: { id: row.brandId ?? 0, name: row.brandName ?? '' },
  figures: figures(row),
});

export async function calibration(
  deps: CalibrationDeps,
  query: z.output<typeof calibrationQuerySchema>,
  lang: Lang,
): Promise<Calibration> {
  const period = resolvePeriod(query, deps.timeZone);
  const rows = await repo.calibrationRows(deps.db, period, deps.timeZone);
  const answer: Calibration = { period, shop: EMPTY, valuers: [], shop_by_category: [], shop_by_brand: [] };
  const valuers = new Map<number, Calibration['valuers'][number]>();
  for (const row of rows) {
    if (!row.byValuer || row.valuerId === null || row.byCategory || row.byBrand) continue;
    const valuer = {
      valuer: { id: row.valuerId, name: row.valuerName ?? '', temporary: row.valuerTemporary },
      figures: figures(row),
      by_category: [],
      by_brand: [],
    };
    valuers.set(row.valuerId, valuer);
    answer.valuers.push(valuer);
  }
  for (const row of rows) {
    const valuer = row.valuerId === null ? undefined : valuers.get(row.valuerId);
    if (row.byValuer && valuer) {
      if (row.byCategory) valuer.by_category.push(categoryGroup(row, lang));
      else if (row.byBrand) valuer.by_brand.push(brandGroup(row));
    } else if (!row.byValuer) {
      if (row.byCategory) answer.shop_by_category.push(categoryGroup(row, lang));
      else if (row.byBrand) answer.shop_by_brand.push(brandGroup(row));
      else answer.shop = figures(row);
    }
  }
  return answer;
}

const cell = (value: number | null) => (value === null ? '' : String(value));

/** One row's figures as the page shows them: counts, percentages with one decimal, whole seconds, kappa with two decimals. */
function figureCells(f: CalibrationFigures): string[] {
  return [
    cell(f.items),
    cell(f.pairs),
    cell(f.agreed),
    cell(percent(f.agreement_rate)),
    cell(f.judged),
    cell(f.overturned),
    cell(percent(f.overturned_rate)),
    cell(seconds(f.median_seconds)),
    cell(kappa2(f.kappa)),
  ];
}

export async function exportCsv(
  deps: CalibrationDeps,
  query: z.output<typeof calibrationExportQuerySchema>,
  callerLang: Lang,
): Promise<{ fileName: string; body: Buffer }> {
  const lang = query.lang ?? callerLang;
  const data = await calibration(deps, query, lang);
  const word = (key: keyof typeof CALIBRATION_WORDS) => translate(CALIBRATION_WORDS[key], lang);
  const rows: string[][] = [CALIBRATION_COLUMNS.map((column) => translate(CALIBRATION_COLUMN_TITLES[column], lang))];
  const scopeRows = (
    scope: string[],
    all: CalibrationFigures,
    byCategory: CalibrationGroup[],
    byBrand: CalibrationGroup[],
  ) => {
    rows.push([...scope, word('all'), '', ...figureCells(all)]);
    for (const g of byCategory) rows.push([...scope, word('category'), g.group.name, ...figureCells(g.figures)]);
    for (const g of byBrand) rows.push([...scope, word('brand'), g.group.name, ...figureCells(g.figures)]);
  };
  scopeRows([word('shop'), '', ''], data.shop, data.shop_by_category, data.shop_by_brand);
  for (const v of data.valuers) {
    scopeRows([word('valuer'), String(v.valuer.id), v.valuer.name], v.figures, v.by_category, v.by_brand);
  }
  return {
    fileName: `calibration_${data.period.from}_${data.period.to}.csv`,
    body: Buffer.from(writeCsv(rows), 'utf8'),
  };
}
