import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { notifications, users } from '../../db/schema.ts';
import {
  act,
  commodityInput,
  enroll,
  enrollBody,
  enterAsGuest,
  getDetail,
  outcome,
  type Person,
  prepareKit,
  verdict,
} from '../../test/commodity-kit.ts';
import { openStream } from '../../test/live-stream.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('comprehensive assessment notice', (ctx) => {
  let base = '';
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('tells every valuer who may assess a disagreement, and counts it on their dashboard', async () => {
    const kit = await prepareKit(ctx);
    const db = ctx.app.db;
    // A fourth regular valuer may assess too; a disabled one and a guest may not.
    const [fourth] = await db
      .insert(users)
      .values({ name: 'Valuer Four', mobile: '13800000095', roles: ['valuers'] })
      .returning({ id: users.id });
    const [disabled] = await db
      .insert(users)
      .values({ name: 'Valuer Off', mobile: '13800000096', roles: ['valuers'], isEnabled: false })
      .returning({ id: users.id });
    const guest = await enterAsGuest(ctx, kit.recorder.token, 'valuers');
    if (!fourth || !disabled) throw new Error('valuers not created');

    const registered = outcome(
      ctx,
      await enroll(ctx, kit.recorder.token, enrollBody([commodityInput(kit, { valuer_id: kit.valuer1.id })])),
    ).data.commodities[0] as { id: number; no: string };
    const { id, no } = registered;
    const step = async (person: Person, action: string, body: object) => {
      const version = outcome(ctx, await getDetail(ctx, person.token, id)).data.version;
      expect(outcome(ctx, await act(ctx, person.token, id, action, { version, ...body })).code).toBe(0);
    };
    await step(kit.valuer1, 'start-appraisal', {});
    await step(kit.valuer1, 'appraise', verdict());
    await step(kit.valuer2, 'start-reconsideration', {});

    const stream = await openStream(base, kit.valuer3.token);
    const before = await stream.next(0);
    expect(before.type).toBe('notification');

    await step(kit.valuer2, 'reconsider', verdict({ is_real: 2, not_genuine_reason: 'hallmark_mismatch' }));

    const sent = await db
      .select({ userId: notifications.userId, link: notifications.link })
      .from(notifications)
      .where(and(eq(notifications.type, 'comprehensive_needed'), sql`${notifications.params}->>'number' = ${no}`));
    expect(sent.map((row) => row.userId).sort((x, y) => x - y)).toEqual(
      [kit.valuer3.id, fourth.id].sort((x, y) => x - y),
    );
    for (const row of sent) expect(row.link).toBe(withQuery(paths.flowComprehensive, { id }));

    // The assessor's device hears its new unread count at once (beside the commodity's own event).
    const unreadBefore = before.type === 'notification' ? before.unread : -1;
    await vi.waitFor(() => expect(stream.events).toContainEqual({ type: 'notification', unread: unreadBefore + 1 }));
    stream.close();

    const list = ctx.json(
      await ctx.app.inject({
        method: 'GET',
        url: '/api/user/notifications?status=unread',
        headers: { ...bearer(kit.valuer3.token), lang: 'en' },
      }),
    ).data.items;
    expect(list[0]).toMatchObject({ type: 'comprehensive_needed', title: 'Comprehensive assessment needed' });
    expect(list[0].content).toContain(no);

    const pending = async (token: string) =>
      ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/user/statistics', headers: bearer(token) })).data
        .pending_comprehensive;
    expect(await pending(kit.valuer3.token)).toBe(1);
    expect(await pending(kit.valuer1.token)).toBe(0);
    expect(await pending(kit.valuer2.token)).toBe(0);
    expect(await pending(guest.token)).toBe(0);
    expect(await pending(kit.recorder.token)).toBe(1);
  });
});
