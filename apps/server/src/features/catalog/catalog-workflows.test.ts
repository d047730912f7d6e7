import { expect, it } from 'vitest';
import { workflows } from '../../db/schema.ts';
import { distribute, prepareKit, register, step } from '../../test/commodity-kit.ts';
import { managerCalls } from '../../test/manager-calls.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';
import { verdict } from '../../test/verdict.ts';

// The appraisal workflows in the back office (issue 28 item 5: "workflows: list, search, add,
// edit, retire (never delete what items use)"). Written from PRODUCT.md "Workflows": a workflow
// is the first appraisal alone, or with a second valuer's reconsideration and a comprehensive
// judgement when they disagree; `standard` is what a distribution naming none follows, so its
// code and its reconsideration stay and it is never retired (409 `workflowStandardFixed`).

const VALIDATION = 1001;
const NOT_FOUND = 1002;
const LIST_CODE_TAKEN = 5104;
const STANDARD_FIXED = 5105;

const NAMES = {
  'zh-Hans': '金条快速鉴定',
  'zh-Hant': '金條快速鑑定',
  en: 'Bullion, first appraisal only',
  ja: 'インゴット簡易鑑定',
};

describeOnDatabases('catalog: appraisal workflows', (ctx) => {
  const { call, data } = managerCalls(ctx);
  const rows = async () => JSON.stringify(await ctx.app.db.select().from(workflows).orderBy(workflows.id));
  /** What a recorder's distribution offers, in `lang`. */
  const offered = async (lang: string) =>
    ctx.json(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/workflows',
        headers: { ...bearer(await ctx.login(DEMO.recorder)), lang },
      }),
    ).data as { id: number; code: string; name: string; steps: string[] }[];
  const standardId = async () =>
    ((await data('GET', '/api/catalog/workflows')) as { id: number; code: string }[]).find(
      (workflow) => workflow.code === 'standard',
    )?.id ?? 0;

  it('adds one without a reconsideration: offered at once, an item distributed with it is fixed at its first appraisal', async () => {
    const kit = await prepareKit(ctx);
    const added = await data('POST', '/api/catalog/workflows', {
      code: 'bullion',
      name: NAMES,
      reconsideration: false,
    });
    expect(added).toMatchObject({
      code: 'bullion',
      name: NAMES,
      reconsideration: false,
      retired: false,
      standard: false,
    });
    expect((await offered('ja')).find((workflow) => workflow.code === 'bullion')).toEqual({
      id: added.id,
      code: 'bullion',
      name: 'インゴット簡易鑑定',
      steps: ['first'],
    });

    const { id } = await register(ctx, kit);
    expect((await distribute(ctx, kit, [id], kit.valuer1, added.id)).code).toBe(0);
    await step(ctx, kit.valuer1, id, 'start-appraisal', {}, 30);
    // 30 → 70: nothing waits for a reconsideration.
    const fixed = await step(ctx, kit.valuer1, id, 'appraise', verdict(), 70);
    expect(fixed).toMatchObject({ workflow: { code: 'bullion', name: 'Bullion, first appraisal only' } });

    // With a reconsideration from now on: its steps follow.
    await data('PUT', `/api/catalog/workflows/${added.id}`, { code: 'bullion', name: NAMES, reconsideration: true });
    expect((await offered('en')).find((workflow) => workflow.code === 'bullion')?.steps).toEqual([
      'first',
      'reconsideration',
      'comprehensive',
    ]);
  });

  it('retired: no longer offered, marked in the managers’ list, still named by the items that follow it; brought back', async () => {
    const kit = await prepareKit(ctx);
    const added = await data('POST', '/api/catalog/workflows', {
      code: 'watches-full',
      name: NAMES,
      reconsideration: true,
    });
    const { id } = await register(ctx, kit);
    await distribute(ctx, kit, [id], kit.valuer1, added.id);

    const input = { code: 'watches-full', name: NAMES, reconsideration: true };
    expect(await data('PUT', `/api/catalog/workflows/${added.id}`, { ...input, retired: true })).toMatchObject({
      retired: true,
    });
    expect((await offered('en')).map((workflow) => workflow.code)).not.toContain('watches-full');
    const managers = (await data('GET', '/api/catalog/workflows')) as { code: string; retired: boolean }[];
    expect(managers.find((workflow) => workflow.code === 'watches-full')?.retired).toBe(true);
    const detail = ctx.json(
      await ctx.app.inject({ method: 'GET', url: `/api/commodities/${id}`, headers: bearer(kit.recorder.token) }),
    ).data;
    expect(detail.workflow).toMatchObject({ id: added.id, code: 'watches-full' });

    await data('PUT', `/api/catalog/workflows/${added.id}`, { ...input, retired: false });
    expect((await offered('en')).map((workflow) => workflow.code)).toContain('watches-full');
  });

  it('keeps the standard workflow’s code and reconsideration, never retires it; renames it', async () => {
    const id = await standardId();
    const standard = { code: 'standard', name: NAMES, reconsideration: true };
    const before = await rows();
    const refusals: [object, string][] = [
      [{ ...standard, code: 'standard-old' }, 'code'],
      [{ ...standard, reconsideration: false }, 'reconsideration'],
      [{ ...standard, retired: true }, 'retired'],
    ];
    for (const [body, field] of refusals) {
      const response = await call('PUT', `/api/catalog/workflows/${id}`, body);
      expect(response.statusCode, field).toBe(409);
      expect(ctx.json(response), field).toMatchObject({ code: STANDARD_FIXED, data: { field } });
    }
    expect(await rows()).toBe(before);

    const renamed = { ...NAMES, en: 'Standard, with a second valuer' };
    expect(await data('PUT', `/api/catalog/workflows/${id}`, { ...standard, name: renamed })).toMatchObject({
      code: 'standard',
      name: renamed,
      standard: true,
    });
  });

  it('refuses a taken or malformed code, a missing name and an unknown workflow, changing nothing', async () => {
    const before = await rows();
    const taken = await call('POST', '/api/catalog/workflows', { code: 'quick', name: NAMES, reconsideration: false });
    expect(taken.statusCode).toBe(409);
    expect(ctx.json(taken)).toMatchObject({
      code: LIST_CODE_TAKEN,
      msg: 'Another entry of this list already has the code quick.',
      data: { field: 'code' },
    });
    const refusals: [object, string][] = [
      [{ code: 'Gold Bars', name: NAMES, reconsideration: false }, 'code'],
      [{ code: 'gold-bars', name: { ...NAMES, ja: ' ' }, reconsideration: false }, 'name.ja'],
      [{ code: 'gold-bars', name: NAMES, reconsideration: 'no' }, 'reconsideration'],
    ];
    for (const [body, field] of refusals) {
      const response = await call('POST', '/api/catalog/workflows', body);
      expect(ctx.json(response), field).toMatchObject({ code: VALIDATION, data: { field } });
    }
    const missing = await call('PUT', '/api/catalog/workflows/999999', {
      code: 'gold-bars',
      name: NAMES,
      reconsideration: false,
    });
    expect(missing.statusCode).toBe(404);
    expect(ctx.json(missing)).toMatchObject({ code: NOT_FOUND });
    expect(await rows()).toBe(before);
  });
});
