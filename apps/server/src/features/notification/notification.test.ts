import { expect, it } from 'vitest';
import { notify } from '../../domain/notify.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('notifications', (ctx) => {
  const list = (token: string, query: string, lang = 'en') =>
    ctx.app.inject({ method: 'GET', url: `/api/user/notifications?${query}`, headers: { ...bearer(token), lang } });

  it('lists all, unread and read, marks read, and keeps to the owner', async () => {
    const token = await ctx.login(DEMO.valuer1);
    const other = await ctx.login(DEMO.valuer2);
    const me = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).data;
    await notify(ctx.app.db, [
      { userId: me.id, type: 'distributed', params: { from: '陈晓', count: 2, number: 'C20261121-0001' }, link: '/x' },
      { userId: me.id, type: 'reconsideration_needed', params: { number: 'C20261121-0002' } },
      { userId: me.id, type: 'identified', params: { number: 'C20261121-0003' } },
    ]);

    const all = ctx.json(await list(token, 'status=all&page=1&page_size=2'));
    expect(all.data).toMatchObject({ total: 3, unread: 3, page: 1, page_size: 2 });
    expect(all.data.items).toHaveLength(2);
    expect(all.data.items[0]).toMatchObject({ type: 'identified', is_read: 0, read_at: null });
    const distributed = ctx.json(await list(token, 'page=2&page_size=2')).data.items[0];
    expect(distributed.content).toBe('Items assigned to you by 陈晓 (2): C20261121-0001');

    const zh = ctx.json(await list(token, 'page=2&page_size=2', 'zh_CN')).data.items[0];
    expect(zh.title).toBe('新的待鉴定商品');

    const mark = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/notifications/${distributed.id}/markAsRead`,
      headers: bearer(token),
    });
    expect(ctx.json(mark).data).toMatchObject({ id: distributed.id, is_read: 1 });

    const unread = ctx.json(await list(token, 'status=unread')).data;
    expect(unread).toMatchObject({ total: 2, unread: 2 });
    const read = ctx.json(await list(token, 'status=read')).data;
    expect(read.items.map((n: { id: number }) => n.id)).toEqual([distributed.id]);

    const notMine = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/notifications/${distributed.id}/markAsRead`,
      headers: bearer(other),
    });
    expect(notMine.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/notifications/999999/markAsRead',
      headers: bearer(token),
    });
    expect(ctx.json(unknown).code).toBe(1002);
    const badStatus = await list(token, 'status=sometimes');
    expect(ctx.json(badStatus)).toMatchObject({ code: 1001, data: { field: 'status' } });
  });
});
