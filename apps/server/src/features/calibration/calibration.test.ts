import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { commodities, enrollments, identifyFlows } from '../../db/schema.ts';
import { FIRST_BRANCH } from '../../domain/branches.ts';
import { parseCsv } from '../../lib/csv.ts';
import { enterAsGuest, type Kit, type Person, prepareKit } from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/*
 * The calibration figures against a seeded history. Every expected figure is computed below in
 * plain JS from the seeded arrays (the agreement rule, medians and kappa written here again, on
 * purpose without the server's code or SQL), and one kappa is also checked as a hand-worked
 * fraction.
 */

type Real = 1 | 2 | 3;
interface Verdict {
  valuer: number;
  real: Real;
  level: string;
  low: number;
  high: number;
  currency?: string;
  at: string;
  seconds?: number;
  /** 3 done (default), 2 in progress, 4 returned. */
  status?: number;
}
interface Round {
  first: Verdict;
  reconsideration?: Verdict;
  comprehensive?: Verdict;
}
interface Item {
  brand: 'a' | 'b';
  category: 'x' | 'y';
  rounds: Round[];
}
interface Step extends Verdict {
  item: number;
  round: number;
  step: 'first' | 'reconsideration' | 'comprehensive';
  brandId: number;
  categoryId: number;
}

// Written independently of values/agreement.ts and of the SQL: same authenticity, level and
// currency, and range middles within 10 % of the larger.
function agree(a: Verdict, b: Verdict): boolean {
  if (a.real !== b.real || a.level !== b.level || (a.currency ?? 'CNY') !== (b.currency ?? 'CNY')) return false;
  const ma = (a.low + a.high) / 2;
  const mb = (b.low + b.high) / 2;
  const larger = Math.max(ma, mb);
  return larger === 0 || Math.abs(ma - mb) <= 0.1 * larger;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((p, q) => p - q);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[half] as number)
    : ((sorted[half - 1] as number) + (sorted[half] as number)) / 2;
}

function kappa(pairs: [Real, Real][]): number | null {
  const n = pairs.length;
  if (n === 0) return null;
  const po = pairs.filter(([a, b]) => a === b).length / n;
  let pe = 0;
  for (const c of [1, 2, 3]) {
    pe += (pairs.filter(([a]) => a === c).length / n) * (pairs.filter(([, b]) => b === c).length / n);
  }
  return pe === 1 ? null : (po - pe) / (1 - pe);
}

describeOnDatabases('appraiser calibration', (ctx) => {
  let kit: Kit;
  let guest: Person;
  let steps: Step[] = [];
  let categoryIds: { x: number; y: number };
  let brandIds: { a: number; b: number };
  const from = '2025-03-01';
  const to = '2025-03-31';
  let shopDay: (iso: string) => string;

  const get = (url: string, token = kit.recorder.token, lang = 'en') =>
    ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), lang } });

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    guest = await enterAsGuest(ctx, kit.recorder.token, 'valuers', 'G-calibration');
    const categories = ctx.json(await get('/api/categories')).data as { id: number }[];
    categoryIds = { x: categories[0]?.id ?? 0, y: categories[1]?.id ?? 0 };
    brandIds = { a: kit.brandId, b: kit.otherBrandId };
    const timeZone = ctx.app.config.shopTimezone;
    shopDay = (iso) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
        new Date(iso),
      );
    const v1 = kit.valuer1.id;
    const v2 = kit.valuer2.id;
    const v3 = kit.valuer3.id;
    const g = guest.id;
    const A = (valuer: number, at: string, more: Partial<Verdict> = {}): Verdict => ({
      valuer,
      real: 1,
      level: 'A',
      low: 20000,
      high: 24000,
      at,
      seconds: 300,
      ...more,
    });
    const items: Item[] = [
      // 1: agreement.
      {
        brand: 'a',
        category: 'x',
        rounds: [{ first: A(v1, '2025-03-05T03:00:00Z'), reconsideration: A(v2, '2025-03-05T05:00:00Z') }],
      },
      // 2: v2 says fake; the comprehensive sides with v1 (middles 22000 and 23000: within 10 %).
      {
        brand: 'a',
        category: 'x',
        rounds: [
          {
            first: A(v1, '2025-03-06T03:00:00Z', { seconds: 600 }),
            reconsideration: A(v2, '2025-03-06T04:00:00Z', { real: 2 }),
            comprehensive: A(v3, '2025-03-06T06:00:00Z', { low: 21000, high: 25000 }),
          },
        ],
      },
      // 3: prices apart; the comprehensive sides with the reconsideration (v1).
      {
        brand: 'b',
        category: 'y',
        rounds: [
          {
            first: A(v2, '2025-03-07T03:00:00Z', { level: 'B', low: 10000, high: 12000, seconds: 900 }),
            reconsideration: A(v1, '2025-03-07T04:00:00Z', { level: 'B', low: 15000, high: 17000 }),
            comprehensive: A(v3, '2025-03-07T05:00:00Z', { level: 'B', low: 15500, high: 16500 }),
          },
        ],
      },
      // 4: both fake, agreeing; later re-assessed, a quick round by v1 again (one item, two firsts).
      {
        brand: 'b',
        category: 'x',
        rounds: [
          {
            first: A(v1, '2025-03-08T03:00:00Z', { real: 2, level: 'C', low: 100, high: 200, seconds: 1200 }),
            reconsideration: A(v3, '2025-03-08T04:00:00Z', { real: 2, level: 'C', low: 100, high: 200 }),
          },
          { first: A(v1, '2025-03-15T03:00:00Z', { real: 2, level: 'C', low: 100, high: 200, seconds: 90 }) },
        ],
      },
      // 5: quick workflow: undetermined, no reconsideration.
      {
        brand: 'a',
        category: 'y',
        rounds: [
          { first: A(v3, '2025-03-09T03:00:00Z', { real: 3, level: 'B', low: 5000, high: 6000, seconds: 450 }) },
        ],
      },
      // 6: round 1 disagrees and the comprehensive overturns both; round 2 (re-assessment) agrees.
      {
        brand: 'a',
        category: 'x',
        rounds: [
          {
            first: A(v1, '2025-03-10T03:00:00Z', { low: 30000, high: 34000, seconds: 200 }),
            reconsideration: A(v2, '2025-03-10T04:00:00Z', { real: 3, low: 30000, high: 34000 }),
            comprehensive: A(v3, '2025-03-10T05:00:00Z', { real: 2, low: 30000, high: 34000 }),
          },
          {
            first: A(v2, '2025-03-20T03:00:00Z', { low: 30000, high: 34000, seconds: 700 }),
            reconsideration: A(v1, '2025-03-20T04:00:00Z', { low: 31000, high: 35000 }),
          },
        ],
      },
      // 7: first appraisal before the period; reconsideration and comprehensive within it.
      {
        brand: 'b',
        category: 'y',
        rounds: [
          {
            first: A(v1, '2025-02-20T03:00:00Z', { seconds: 5000 }),
            reconsideration: A(v2, '2025-03-02T03:00:00Z', { real: 2 }),
            comprehensive: A(v3, '2025-03-03T03:00:00Z'),
          },
        ],
      },
      // 8: first at the period's last shop day, reconsideration after the period (agrees).
      {
        brand: 'a',
        category: 'x',
        rounds: [
          { first: A(v2, '2025-03-31T12:00:00Z', { seconds: 800 }), reconsideration: A(v1, '2025-04-01T03:00:00Z') },
        ],
      },
      // 9: a guest valuer's first appraisal, disagreed with, waiting for a comprehensive.
      {
        brand: 'b',
        category: 'x',
        rounds: [
          {
            first: A(g, '2025-03-12T03:00:00Z', { seconds: 100 }),
            reconsideration: A(v1, '2025-03-12T04:00:00Z', { real: 2 }),
          },
        ],
      },
      // 10: around the period's first instant (Asia/Shanghai: 2025-02-28T16:00Z), and steps not done.
      { brand: 'a', category: 'y', rounds: [{ first: A(v3, '2025-02-28T15:59:59Z', { seconds: 7000 }) }] },
      { brand: 'a', category: 'y', rounds: [{ first: A(v3, '2025-02-28T16:00:00Z', { seconds: 60 }) }] },
      { brand: 'b', category: 'y', rounds: [{ first: A(v2, '2025-03-11T03:00:00Z', { status: 2, seconds: 10 }) }] },
      {
        brand: 'b',
        category: 'y',
        rounds: [
          { first: A(v2, '2025-03-11T03:00:00Z', { status: 4, seconds: 20 }) },
          { first: A(v2, '2025-04-11T03:00:00Z', { seconds: 20 }) },
        ],
      },
      // After the period entirely.
      { brand: 'b', category: 'x', rounds: [{ first: A(v3, '2025-04-02T03:00:00Z', { seconds: 9 }) }] },
    ];

    const db = ctx.app.db;
    const [enrollment] = await db
      .insert(enrollments)
      .values({
        recorderId: kit.recorder.id,
        branchId: FIRST_BRANCH,
        idempotencyKey: randomUUID(),
        bodyHash: 'fixture',
        customerName: 'Fixture',
        customerPhone: '13900000000',
      })
      .returning();
    steps = [];
    for (const [index, item] of items.entries()) {
      const [row] = await db
        .insert(commodities)
        .values({
          no: `CAL-${randomUUID()}`,
          enrollmentId: enrollment?.id ?? 0,
          recorderId: kit.recorder.id,
          branchId: FIRST_BRANCH,
          status: 70,
          round: item.rounds.length,
          valuerId: item.rounds[0]?.first.valuer ?? null,
          brandId: brandIds[item.brand],
          categoryId: categoryIds[item.category],
          productName: `Calibration ${index}`,
          productStatus: 2,
          sizePics: [],
          productPics: kit.photos.slice(0, 1),
          accessoryPics: [],
        })
        .returning();
      if (!row) throw new Error('fixture insert failed');
      for (const [r, round] of item.rounds.entries()) {
        for (const kind of ['first', 'reconsideration', 'comprehensive'] as const) {
          const v = round[kind];
          if (!v) continue;
          const status = v.status ?? 3;
          const finished = status === 3 ? new Date(v.at) : null;
          const seconds = v.seconds ?? 120;
          await db.insert(identifyFlows).values({
            commodityId: row.id,
            round: r + 1,
            step: kind,
            valuerId: v.valuer,
            status,
            startedAt: new Date(Date.parse(v.at) - seconds * 1000),
            finishedAt: finished,
            durationSeconds: status === 3 ? seconds : null,
            isReal: v.real,
            stateLevel: v.level,
            productStatus: 2,
            priceLow: v.low,
            priceHigh: v.high,
            currency: v.currency ?? 'CNY',
            report: '',
            agrees: kind === 'first' ? null : agree(round.first, v) ? 1 : 0,
          });
          steps.push({
            ...v,
            item: row.id,
            round: r + 1,
            step: kind,
            brandId: brandIds[item.brand],
            categoryId: categoryIds[item.category],
          });
        }
      }
    }
  }, 60_000);

  /** The figures of the steps that `scope` keeps, from the seeded arrays alone. */
  function expected(scope: (s: Step) => boolean) {
    const done = steps.filter((s) => (s.status ?? 3) === 3);
    const sameRound = (s: Step, kind: Step['step']) =>
      done.find((o) => o.item === s.item && o.round === s.round && o.step === kind);
    const mine = done.filter(
      (s) => s.step !== 'comprehensive' && shopDay(s.at) >= from && shopDay(s.at) <= to && scope(s),
    );
    const firsts = mine.filter((s) => s.step === 'first');
    const pairs = firsts.flatMap((s) => {
      const r = sameRound(s, 'reconsideration');
      return r ? [[s, r] as const] : [];
    });
    const agreed = pairs.filter(([f, r]) => agree(f, r)).length;
    const judged = mine.flatMap((s) => {
      const k = sameRound(s, 'comprehensive');
      return k ? [[s, k] as const] : [];
    });
    const overturned = judged.filter(([s, k]) => !agree(s, k)).length;
    return {
      items: new Set(firsts.map((s) => s.item)).size,
      pairs: pairs.length,
      agreed,
      agreement_rate: pairs.length ? agreed / pairs.length : null,
      judged: judged.length,
      overturned,
      overturned_rate: judged.length ? overturned / judged.length : null,
      median_seconds: median(firsts.map((s) => s.seconds ?? 120)),
      kappa: kappa(pairs.map(([f, r]) => [f.real, r.real])),
    };
  }

  function expectFigures(actual: Record<string, number | null>, wanted: ReturnType<typeof expected>, label: string) {
    for (const [key, value] of Object.entries(wanted)) {
      if (value === null) expect(actual[key], `${label} ${key}`).toBeNull();
      else expect(actual[key], `${label} ${key}`).toBeCloseTo(value, 9);
    }
  }

  const inPeriod = (s: Step) =>
    s.step !== 'comprehensive' && (s.status ?? 3) === 3 && shopDay(s.at) >= from && shopDay(s.at) <= to;

  it('computes the shop, each valuer, and each category and brand as the seeded history says', async () => {
    const response = await get(`/api/calibration?from=${from}&to=${to}`);
    expect(response.statusCode).toBe(200);
    const data = ctx.json(response).data;
    expect(data.period).toEqual({ from, to });
    expectFigures(
      data.shop,
      expected(() => true),
      'shop',
    );
    // Hand-worked: 8 pairs, 5 with the same authenticity (po 5/8); firsts 7 genuine, 1 fake;
    // reconsiderations 4 genuine, 3 fake, 1 undetermined: pe = (7·4 + 1·3 + 0·1) / 64 = 31/64;
    // kappa = (5/8 − 31/64) / (1 − 31/64) = 9/33 = 3/11.
    expect(data.shop.pairs).toBe(8);
    expect(data.shop.kappa).toBeCloseTo(3 / 11, 12);
    expect(data.shop.items).toBe(9);

    const valuerIds = [...new Set(steps.filter(inPeriod).map((s) => s.valuer))].sort((p, q) => p - q);
    expect(
      data.valuers.map((v: { valuer: { id: number } }) => v.valuer.id).sort((p: number, q: number) => p - q),
    ).toEqual(valuerIds);
    const groups = (scope: (s: Step) => boolean, key: 'categoryId' | 'brandId') =>
      [...new Set(steps.filter((s) => inPeriod(s) && scope(s)).map((s) => s[key]))].sort((p, q) => p - q);
    const ids = (list: { group: { id: number } }[]) => list.map((g) => g.group.id).sort((p, q) => p - q);
    expect(ids(data.shop_by_category)).toEqual(groups(() => true, 'categoryId'));
    expect(ids(data.shop_by_brand)).toEqual(groups(() => true, 'brandId'));
    for (const g of data.shop_by_category) {
      expect(g.group.name).not.toBe('');
      expectFigures(
        g.figures,
        expected((s) => s.categoryId === g.group.id),
        `shop category ${g.group.id}`,
      );
    }
    for (const g of data.shop_by_brand) {
      expectFigures(
        g.figures,
        expected((s) => s.brandId === g.group.id),
        `shop brand ${g.group.id}`,
      );
    }
    for (const v of data.valuers) {
      const id = v.valuer.id;
      const own = (s: Step) => s.valuer === id;
      expect(v.valuer.temporary).toBe(id === guest.id);
      expectFigures(v.figures, expected(own), `valuer ${id}`);
      expect(ids(v.by_category)).toEqual(groups(own, 'categoryId'));
      expect(ids(v.by_brand)).toEqual(groups(own, 'brandId'));
      for (const g of v.by_category) {
        expectFigures(
          g.figures,
          expected((s) => own(s) && s.categoryId === g.group.id),
          `valuer ${id} cat ${g.group.id}`,
        );
      }
      for (const g of v.by_brand) {
        expectFigures(
          g.figures,
          expected((s) => own(s) && s.brandId === g.group.id),
          `valuer ${id} brand ${g.group.id}`,
        );
      }
    }
    // Valuer 1: items 1, 2, 4 (two rounds), 6 → 4; overturned once in three judged (items 2, 3, 6).
    const v1 = data.valuers.find((v: { valuer: { id: number } }) => v.valuer.id === kit.valuer1.id);
    expect(v1.figures).toMatchObject({ items: 4, judged: 3, overturned: 1 });
    expect(v1.figures.median_seconds).toBe(300);
  });

  it('answers an empty period with zeros and no valuers', async () => {
    const data = ctx.json(await get('/api/calibration?from=2024-01-01&to=2024-01-31')).data;
    expect(data.valuers).toEqual([]);
    expect(data.shop).toMatchObject({ items: 0, pairs: 0, agreement_rate: null, median_seconds: null, kappa: null });
  });

  it('defaults to the last 30 shop days', async () => {
    const data = ctx.json(await get('/api/calibration')).data;
    const days = (Date.parse(data.period.to) - Date.parse(data.period.from)) / 86_400_000 + 1;
    expect(days).toBe(30);
    expect(data.period.to).toBe(shopDay(new Date().toISOString()));
  });

  it('refuses temporary users and bad periods', async () => {
    const refused = ctx.json(await get(`/api/calibration?from=${from}&to=${to}`, guest.token));
    expect(refused.code).toBe(2031);
    expect(ctx.json(await get(`/api/calibration/export?from=${from}&to=${to}`, guest.token)).code).toBe(2031);
    expect(ctx.json(await get('/api/calibration?from=2025-03-10&to=2025-03-01')).code).toBe(4040);
    const long = ctx.json(await get('/api/calibration?from=2024-01-01&to=2025-01-01'));
    expect(long.code).toBe(5070);
    expect(long.msg).toContain('366');
    // 366 days exactly are allowed.
    expect(ctx.json(await get('/api/calibration?from=2024-01-01&to=2024-12-31')).code).toBe(0);
    // Valuers read it as recorders do.
    expect(ctx.json(await get(`/api/calibration?from=${from}&to=${to}`, kit.valuer2.token)).code).toBe(0);
  });

  it('exports the same numbers as CSV, rounded as the page shows them', async () => {
    const data = ctx.json(await get(`/api/calibration?from=${from}&to=${to}`)).data;
    const response = await get(`/api/calibration/export?from=${from}&to=${to}&lang=ja`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toContain(`calibration_${from}_${to}.csv`);
    const records = parseCsv(response.body).map((r) => r.fields);
    const [titles, ...rows] = records;
    expect(titles?.[0]).toBe('範囲');
    const groups = 1 + data.shop_by_category.length + data.shop_by_brand.length;
    const perValuer = data.valuers.reduce(
      (sum: number, v: { by_category: unknown[]; by_brand: unknown[] }) =>
        sum + 1 + v.by_category.length + v.by_brand.length,
      0,
    );
    expect(rows).toHaveLength(groups + perValuer);
    const pct = (rate: number | null) => (rate === null ? '' : String(Math.round(rate * 1000) / 10));
    const cells = (f: ReturnType<typeof expected>) => [
      String(f.items),
      String(f.pairs),
      String(f.agreed),
      pct(f.agreement_rate),
      String(f.judged),
      String(f.overturned),
      pct(f.overturned_rate),
      f.median_seconds === null ? '' : String(Math.round(f.median_seconds)),
      f.kappa === null ? '' : String(Math.round(f.kappa * 100) / 100),
    ];
    expect(rows[0]).toEqual(['全店', '', '', 'すべて', '', ...cells(expected(() => true))]);
    expect(rows[0]?.at(-1)).toBe('0.27');
    for (const v of data.valuers) {
      const row = rows.find((r) => r[1] === String(v.valuer.id) && r[3] === 'すべて');
      expect(row).toEqual([
        '鑑定士',
        String(v.valuer.id),
        v.valuer.name,
        'すべて',
        '',
        ...cells(expected((s) => s.valuer === v.valuer.id)),
      ]);
    }
  });
});
