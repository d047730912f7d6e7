import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { uploads } from '../../db/schema.ts';
import {
  distribute,
  getDetail,
  type Kit,
  outcome,
  prepareKit,
  register,
  uploadPhoto,
} from '../../test/commodity-kit.ts';
import { photoUpload } from '../../test/photo-upload.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/**
 * Issue 29 item 9: a photo the phone's check found blurred or too dark, kept by the recorder all
 * the same, goes up with its flag and stays marked on the item for the valuer. Photos that passed
 * carry no mark; a flag that is neither of the two is refused before anything is stored.
 */

const VALIDATION = 1001;

describeOnDatabases('photos kept though poor', (ctx) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
  });

  it('are marked on the item the valuer opens, each with why; the others are not', async () => {
    const blurred = await uploadPhoto(ctx, kit.recorder.token, 150, { flag: 'blurred' });
    const dark = await uploadPhoto(ctx, kit.recorder.token, 5, { flag: 'dark' });
    const [, passed = ''] = kit.photos;
    const item = await register(ctx, kit, { product_pics: [blurred, passed], weight_pics: [dark] });
    expect(outcome(ctx, await getDetail(ctx, kit.recorder.token, item.id)).data.photo_flags).toEqual({
      [blurred]: 'blurred',
      [dark]: 'dark',
    });
    expect((await distribute(ctx, kit, [item.id], kit.valuer1)).code).toBe(0);
    const seen = outcome(ctx, await getDetail(ctx, kit.valuer1.token, item.id)).data;
    expect(seen.product_pics).toEqual([blurred, passed]);
    expect(seen.photo_flags).toEqual({ [blurred]: 'blurred', [dark]: 'dark' });
  });

  it('an item whose photos all passed has no mark', async () => {
    const item = await register(ctx, kit);
    expect(outcome(ctx, await getDetail(ctx, kit.recorder.token, item.id)).data.photo_flags).toEqual({});
  });

  it('a flag that is neither blurred nor dark is refused, naming the field, and nothing is stored', async () => {
    const [before] = await ctx.app.db.select({ n: count() }).from(uploads);
    for (const flag of ['fuzzy', '', 'BLURRED']) {
      const { payload, contentType } = await photoUpload(90, { flag });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        headers: { ...bearer(kit.recorder.token), lang: 'en', 'content-type': contentType },
        payload,
      });
      expect(response.statusCode, flag).toBe(400);
      expect(ctx.json(response), flag).toMatchObject({ code: VALIDATION, data: { field: 'flag' } });
    }
    const [after] = await ctx.app.db.select({ n: count() }).from(uploads);
    expect(after?.n).toBe(before?.n);
  });
});
