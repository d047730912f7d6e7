import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  act,
  buybackProof,
  commodityInput,
  enroll,
  enrollBody,
  getDetail,
  type Kit,
  outcome,
  prepareKit,
  verdict,
} from '../../test/commodity-kit.ts';
import { expectSqlRefusal, SUBTOTAL_VERSIONS_IMMUTABLE } from '../../test/sql-refusal.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

interface Made {
  id: number;
  no: string;
  brandId: number;
  stateLevel: string;
  isReal: number;
  priceLow: number;
  priceHigh: number;
  currency: string;
  recycle: { price: number; currency: string } | null;
}

describeOnDatabases('data base and subtotals', (ctx) => {
  let kit: Kit;
  let quickId: number;
  let today: string;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
    const workflows = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/workflows', headers: bearer(kit.recorder.token) }),
    ).data;
    quickId = workflows.find((w: { code: string }) => w.code === 'quick').id;
    today = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.config.shopTimezone }).format(new Date());
  });

  const get = (url: string, token = kit.recorder.token) =>
    ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), lang: 'en' } });
  const post = (url: string, payload: object, token = kit.recorder.token) =>
    ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), lang: 'en' }, payload });

  /** Registers, distributes (quick workflow), appraises (→ 70) and, when asked, buys or returns it. */
  const identify = async (
    name: string,
    options: {
      brandId?: number;
      verdict?: Record<string, unknown>;
      recycle?: { price: number; currency: string } | 'returned';
    } = {},
  ): Promise<Made> => {
    const brandId = options.brandId ?? kit.brandId;
    const typeId = brandId === kit.brandId ? kit.typeId : kit.foreignTypeId;
    const enrolled = outcome(
      ctx,
      await enroll(
        ctx,
        kit.recorder.token,
        enrollBody([commodityInput(kit, { product_name: name, brand_id: brandId, type_id: typeId })]),
      ),
    );
    const { id, no } = enrolled.data.commodities[0];
    const version = async () => outcome(ctx, await getDetail(ctx, kit.recorder.token, id)).data.version;
    const step = async (token: string, action: string, body: object) => {
      const answer = outcome(ctx, await act(ctx, token, id, action, { version: await version(), ...body }));
      expect({ action, code: answer.code, data: answer.code ? answer.data : null }).toMatchObject({ code: 0 });
    };
    expect(
      outcome(
        ctx,
        await act(ctx, kit.recorder.token, 'distribute', '', {
          items: [{ id, version: await version() }],
          valuer_id: kit.valuer1.id,
          workflow_id: quickId,
        }),
      ).code,
    ).toBe(0);
    await step(kit.valuer1.token, 'start-appraisal', {});
    const given = verdict(options.verdict);
    await step(kit.valuer1.token, 'appraise', given);
    const recycle = options.recycle;
    if (recycle === 'returned') await step(kit.recorder.token, 'recycle', { is_recycle: 0 });
    else if (recycle) {
      await step(kit.recorder.token, 'recycle', {
        is_recycle: 1,
        ...recycle,
        ...(await buybackProof(ctx, kit.recorder.token)),
      });
    }
    return {
      id,
      no,
      brandId,
      stateLevel: given.state_level as string,
      isReal: given.is_real as number,
      priceLow: given.price_low as number,
      priceHigh: given.price_high as number,
      currency: given.currency as string,
      recycle: recycle && recycle !== 'returned' ? recycle : null,
    };
  };

  const fake = { is_real: 2, not_genuine_reason: 'hallmark_mismatch' };
  /** The figures of a version, computed here in plain JavaScript over the rows the test made. */
  const expectedFigures = (rows: Made[]) => {
    const round2 = (n: number) => Math.round(n * 100) / 100;
    const avg = (values: number[]) =>
      values.length ? round2(values.reduce((a, b) => a + b, 0) / values.length) : null;
    const currencies = [
      ...new Set([...rows.map((r) => r.currency), ...rows.flatMap((r) => (r.recycle ? [r.recycle.currency] : []))]),
    ].sort();
    return {
      count: rows.length,
      genuine_count: rows.filter((r) => r.isReal === 1).length,
      genuine_share: rows.length ? rows.filter((r) => r.isReal === 1).length / rows.length : null,
      by_currency: currencies.map((currency) => {
        const estimated = rows.filter((r) => r.currency === currency);
        const bought = rows.flatMap((r) => (r.recycle?.currency === currency ? [r.recycle.price] : []));
        return {
          currency,
          count: estimated.length,
          genuine_count: estimated.filter((r) => r.isReal === 1).length,
          price_min: estimated.length ? Math.min(...estimated.map((r) => r.priceLow)) : null,
          price_avg: avg(estimated.map((r) => (r.priceLow + r.priceHigh) / 2)),
          price_max: estimated.length ? Math.max(...estimated.map((r) => r.priceHigh)) : null,
          recycle_count: bought.length,
          recycle_min: bought.length ? Math.min(...bought) : null,
          recycle_avg: avg(bought),
          recycle_max: bought.length ? Math.max(...bought) : null,
        };
      }),
    };
  };

  describe('the list', () => {
    let made: Made[];
    beforeAll(async () => {
      made = [
        await identify('Listing probe ring', {
          verdict: { price_low: 100, price_high: 300 },
          recycle: { price: 180, currency: 'CNY' },
        }),
        await identify('Listing probe bag', {
          brandId: kit.otherBrandId,
          verdict: { state_level: 'SA', price_low: 50000, price_high: 70000, currency: 'JPY' },
          recycle: 'returned',
        }),
        await identify('Listing probe watch', {
          verdict: { ...fake, state_level: 'B', price_low: 10, price_high: 20 },
        }),
        await identify('Listing probe brooch', {
          verdict: { price_low: 900, price_high: 1100, currency: 'USD' },
          recycle: { price: 120000, currency: 'JPY' },
        }),
      ];
    }, 120_000);

    const list = async (query: string, token = kit.recorder.token) => {
      const answer = outcome(ctx, await get(`/api/information?keyword=listing%20probe&${query}`, token));
      expect(answer.code).toBe(0);
      return answer.data as { items: { id: number; [key: string]: unknown }[]; next_cursor: string | null };
    };
    const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);
    const nth = (i: number) => () => made[i] as Made;
    const ring = nth(0);
    const bag = nth(1);
    const watch = nth(2);
    const brooch = nth(3);

    it('answers one row per identified commodity with its final result', async () => {
      const page = await list('');
      expect(ids(page)).toEqual([brooch().id, watch().id, bag().id, ring().id]);
      expect(page.next_cursor).toBeNull();
      const row = page.items.find((item) => item.id === ring().id);
      expect(row).toMatchObject({
        no: ring().no,
        status: 80,
        brand: { id: kit.brandId },
        category: { id: kit.categoryId },
        product_name: 'Listing probe ring',
        material: { id: kit.materialId },
        state_level: 'A',
        is_real: 1,
        price_low: 100,
        price_high: 300,
        currency: 'CNY',
        is_recycle: 1,
        recycle_price: 180,
        recycle_currency: 'CNY',
      });
      expect(row?.thumb).toMatch(/^\/api\/files\/.+-thumb\.\w+$/);
      expect(page.items.find((item) => item.id === bag().id)).toMatchObject({
        status: 90,
        is_recycle: 0,
        recycle_price: null,
      });
      expect(page.items.find((item) => item.id === watch().id)).toMatchObject({ status: 70, is_recycle: null });

      // Not identified yet: not in the data base.
      const pending = outcome(
        ctx,
        await enroll(
          ctx,
          kit.recorder.token,
          enrollBody([commodityInput(kit, { product_name: 'Listing probe pending' })]),
        ),
      ).data.commodities[0];
      expect(ids(await list(''))).not.toContain(pending.id);
      expect(outcome(ctx, await get(`/api/information/${pending.id}`)).code).toBe(1002);
    });

    it('filters by every column', async () => {
      expect(ids(await list(`brand_id=${kit.otherBrandId}`))).toEqual([bag().id]);
      expect(ids(await list(`category_id=${kit.categoryId}`))).toHaveLength(4);
      expect(ids(await list('state_level=B'))).toEqual([watch().id]);
      expect(ids(await list('is_real=2'))).toEqual([watch().id]);
      expect(ids(await list('is_real=1'))).toEqual([brooch().id, bag().id, ring().id]);
      expect(ids(await list('currency=JPY'))).toEqual([bag().id]);
      expect(ids(await list(`material_id=${kit.materialId}`))).toHaveLength(4);
      expect(ids(await list(`material_id=${kit.materialId + 1000}`))).toEqual([]);
      expect(ids(await list(`product_id=${kit.productId}`))).toEqual([]);
      expect(ids(await get('/api/information?keyword=PROBE%20WAT').then((r) => ctx.json(r).data))).toEqual([
        watch().id,
      ]);
      expect(ids(await list(`identified_from=${today}&identified_to=${today}`))).toHaveLength(4);
      expect(ids(await list('identified_to=2000-01-01'))).toEqual([]);
      expect(ids(await list('identified_from=2999-01-01'))).toEqual([]);
      expect(ids(await list(`brand_id=${kit.brandId}&currency=CNY&is_real=1`))).toEqual([ring().id]);
    });

    it('sorts by price estimate, recycle price and date, and pages by cursor', async () => {
      // The price sorts by the middle of the estimate: 15, 200, 1000, 60000.
      expect(ids(await list('sort=price&order=asc'))).toEqual([watch().id, ring().id, brooch().id, bag().id]);
      expect(ids(await list('sort=price&order=desc'))).toEqual([bag().id, brooch().id, ring().id, watch().id]);
      // Rows not bought come last either way, newest id first among equals… by id in the order's direction.
      expect(ids(await list('sort=recycle_price&order=desc'))).toEqual([brooch().id, ring().id, watch().id, bag().id]);
      expect(ids(await list('sort=recycle_price&order=asc'))).toEqual([ring().id, brooch().id, bag().id, watch().id]);
      expect(ids(await list('sort=identified_at&order=asc'))).toEqual([ring().id, bag().id, watch().id, brooch().id]);

      for (const sort of ['identified_at', 'price', 'recycle_price']) {
        for (const order of ['asc', 'desc']) {
          const whole = ids(await list(`sort=${sort}&order=${order}`));
          const walked: number[] = [];
          let cursor: string | null = null;
          do {
            const page = await list(`sort=${sort}&order=${order}&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
            walked.push(...ids(page));
            cursor = page.next_cursor;
          } while (cursor);
          expect(walked, `${sort} ${order}`).toEqual(whole);
        }
      }
      // A cursor belongs to its sort.
      const first = await list('sort=price&order=asc&limit=1');
      const other = outcome(ctx, await get(`/api/information?sort=price&order=desc&cursor=${first.next_cursor}`));
      expect(other).toMatchObject({ code: 1001, data: { field: 'cursor' } });
    });

    it('shows one row with the rest of its result', async () => {
      const answer = outcome(ctx, await get(`/api/information/${watch().id}`));
      expect(answer).toMatchObject({
        code: 0,
        data: {
          id: watch().id,
          is_real: 2,
          not_genuine_reason: 'hallmark_mismatch',
          valuer: { id: kit.valuer1.id },
          recorder: { id: kit.recorder.id },
          round: 1,
          recycled_at: null,
        },
      });
      expect(answer.data.product_pics).toHaveLength(2);
    });

    it('refuses bad filters, naming the field', async () => {
      const refused = async (query: string) => outcome(ctx, await get(`/api/information?${query}`));
      expect(await refused('brand_id=abc')).toMatchObject({ status: 400, code: 1001, data: { field: 'brand_id' } });
      expect(await refused('state_level=Z')).toMatchObject({ code: 1001, data: { field: 'state_level' } });
      expect(await refused('currency=EUR')).toMatchObject({ code: 1001, data: { field: 'currency' } });
      expect(await refused('is_real=7')).toMatchObject({ code: 1001, data: { field: 'is_real' } });
      expect(await refused('identified_from=yesterday')).toMatchObject({
        code: 1001,
        data: { field: 'identified_from' },
      });
      expect(await refused('sort=name')).toMatchObject({ code: 1001, data: { field: 'sort' } });
      expect(await refused('cursor=bm9wZQ')).toMatchObject({ code: 1001, data: { field: 'cursor' } });
      const range = await refused('identified_from=2026-03-02&identified_to=2026-03-01');
      expect(range).toMatchObject({ status: 400, code: 4040, data: { field: 'identified_to' } });
      expect(ctx.json(await get('/api/information?identified_from=2026-03-02&identified_to=2026-03-01')).msg).toContain(
        'identified_to',
      );
      const body = outcome(ctx, await post('/api/subtotals', { name: 'x', filter: { currency: 'EUR' } }));
      expect(body).toMatchObject({ code: 1001, data: { field: 'filter.currency' } });
      expect(outcome(ctx, await post('/api/subtotals', { name: ' ', filter: {} }))).toMatchObject({
        code: 1001,
        data: { field: 'name' },
      });
    });
  });

  describe('subtotals', () => {
    it('computes the figures in the database, per currency, and keeps every version as it was', async () => {
      const made = [
        await identify('Subtotal probe A', {
          verdict: { price_low: 1000, price_high: 1501 },
          recycle: { price: 1200.5, currency: 'CNY' },
        }),
        await identify('Subtotal probe B', { verdict: { ...fake, price_low: 200, price_high: 260 } }),
        await identify('Subtotal probe C', {
          verdict: { price_low: 80000, price_high: 95000, currency: 'JPY' },
          recycle: { price: 85000, currency: 'JPY' },
        }),
        await identify('Subtotal probe D', {
          verdict: { is_real: 3, not_genuine_reason: 'other', price_low: 333, price_high: 334 },
          recycle: { price: 90, currency: 'USD' },
        }),
        await identify('Subtotal probe E', { verdict: { price_low: 5000, price_high: 5000 }, recycle: 'returned' }),
      ];
      // Another shop's rows of the data base that the filter leaves out.
      await identify('Unrelated ring', { verdict: { price_low: 1, price_high: 2 } });

      const created = outcome(
        ctx,
        await post('/api/subtotals', { name: 'Probe items', filter: { keyword: 'subtotal probe' } }),
      );
      expect(created).toMatchObject({
        code: 0,
        data: {
          name: 'Probe items',
          filter: { keyword: 'subtotal probe' },
          versions: 1,
          created_by: { id: kit.recorder.id },
        },
      });
      const first = created.data.latest;
      expect(first).toMatchObject({ version: 1, computed_by: { id: kit.recorder.id }, ...expectedFigures(made) });
      expect(first.genuine_share).toBeCloseTo(3 / 5);

      // The same figures through a different SQL: plain per-currency queries without the lateral pair.
      const check = (await ctx.app.db.execute(sql`
        select f.currency, count(*)::int as n, min(f.price_low)::float8 as lo, max(f.price_high)::float8 as hi
        from commodities c join identify_flows f on f.id = c.result_flow_id
        where c.product_name like 'Subtotal probe%' group by f.currency order by f.currency`)) as unknown as {
        rows: { currency: string; n: number; lo: number; hi: number }[];
      };
      for (const row of check.rows) {
        expect(first.by_currency.find((c: { currency: string }) => c.currency === row.currency)).toMatchObject({
          count: Number(row.n),
          price_min: Number(row.lo),
          price_max: Number(row.hi),
        });
      }

      // A new result, then a recomputation: a second version with different figures.
      made.push(
        await identify('Subtotal probe F', {
          verdict: { price_low: 100, price_high: 140, currency: 'USD' },
          recycle: { price: 110, currency: 'USD' },
        }),
      );
      const again = outcome(ctx, await post(`/api/subtotals/${created.data.id}/recompute`, {}, kit.valuer2.token));
      expect(again).toMatchObject({ code: 0, data: { versions: 2 } });
      expect(again.data.latest).toMatchObject({
        version: 2,
        computed_by: { id: kit.valuer2.id },
        ...expectedFigures(made),
      });
      expect(again.data.latest.count).not.toBe(first.count);

      const versions = outcome(ctx, await get(`/api/subtotals/${created.data.id}/versions`, kit.valuer1.token));
      expect(versions.data.total).toBe(2);
      expect(versions.data.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
      expect(versions.data.items[1]).toEqual(first);
      expect(versions.data.items[0]).toEqual(again.data.latest);

      // The database itself refuses to change or remove a version.
      const refused = { ...SUBTOTAL_VERSIONS_IMMUTABLE, raisedBy: 'subtotal_versions_immutable' };
      await expectSqlRefusal(ctx.app.db.execute(sql`update subtotal_versions set count = 0`), refused);
      await expectSqlRefusal(ctx.app.db.execute(sql`delete from subtotal_versions`), refused);
      const after = outcome(ctx, await get(`/api/subtotals/${created.data.id}/versions`));
      expect(after.data.items[1]).toEqual(first);

      // The shop's subtotals: every staff member sees them, newest first, with the latest version.
      const other = outcome(ctx, await post('/api/subtotals', { name: 'Everything', filter: {} }, kit.valuer1.token));
      expect(other.data.latest.count).toBeGreaterThanOrEqual(made.length + 1);
      const listed = outcome(ctx, await get('/api/subtotals'));
      expect(listed.data.items.map((s: { id: number }) => s.id).slice(0, 2)).toEqual([other.data.id, created.data.id]);
      expect(listed.data.items[1].latest).toEqual(again.data.latest);
      expect(outcome(ctx, await get(`/api/subtotals/${created.data.id}`)).data).toEqual(again.data);
      expect(outcome(ctx, await get('/api/subtotals/999999')).code).toBe(1002);
      expect(outcome(ctx, await post('/api/subtotals/999999/recompute', {})).code).toBe(1002);
    }, 120_000);

    it('counts an empty subtotal as zero, with no genuine share', async () => {
      const empty = outcome(
        ctx,
        await post('/api/subtotals', { name: 'Nothing', filter: { keyword: 'no such product anywhere' } }),
      );
      expect(empty.data.latest).toMatchObject({ count: 0, genuine_count: 0, genuine_share: null, by_currency: [] });
    });
  });
});
