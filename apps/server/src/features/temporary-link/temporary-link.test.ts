import { expect, it } from 'vitest';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('temporary link record', (ctx) => {
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: body as object, headers });
  const get = (url: string, token: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

  it('lists the caller’s links with uses and guests, and revoking ends the guests at once', async () => {
    const owner = await ctx.login(DEMO.valuer3);
    const older = ctx.json(await post('/api/auth/tmp', { role: 'recorder', hours: 1 }, bearer(owner))).data;
    const link = ctx.json(await post('/api/auth/tmp', { role: 'valuers' }, bearer(owner))).data;
    const guest = ctx.json(await post('/api/auth/guest', { uuid: link.uuid, name: 'Sato' })).data;

    const record = ctx.json(await get('/api/temporary-links', owner)).data;
    expect(record.total).toBe(2);
    expect(record.items.map((item: { uuid: string }) => item.uuid)).toEqual([link.uuid, older.uuid]);
    expect(record.items[0]).toMatchObject({
      role: 'valuers',
      path: `/t_v${link.uuid}`,
      state: 'active',
      uses: 1,
      guests: [{ name: 'Sato' }],
      revoked_at: null,
    });

    // Someone else's link is not theirs to see or revoke.
    const stranger = await ctx.login(DEMO.recorder);
    expect(ctx.json(await get('/api/temporary-links', stranger)).data.total).toBe(0);
    const notMine = await post(`/api/temporary-links/${link.uuid}/revoke`, {}, bearer(stranger));
    expect(ctx.json(notMine).code).toBe(1002);
    expect((await get('/api/user/info', guest.token)).statusCode).toBe(200);

    const revoked = ctx.json(await post(`/api/temporary-links/${link.uuid}/revoke`, {}, bearer(owner))).data;
    expect(revoked).toMatchObject({ state: 'revoked', uses: 1 });
    expect((await get('/api/user/info', guest.token)).statusCode).toBe(401);
    // Revoking twice keeps the first time.
    const again = ctx.json(await post(`/api/temporary-links/${link.uuid}/revoke`, {}, bearer(owner))).data;
    expect(again.revoked_at).toBe(revoked.revoked_at);
  });

  it('guests can neither list nor revoke links', async () => {
    const owner = await ctx.login(DEMO.recorder);
    const link = ctx.json(await post('/api/auth/tmp', { role: 'recorder' }, bearer(owner))).data;
    const guest = ctx.json(await post('/api/auth/guest', { uuid: link.uuid })).data;
    expect(ctx.json(await get('/api/temporary-links', guest.token)).code).toBe(2031);
    expect(ctx.json(await post(`/api/temporary-links/${link.uuid}/revoke`, {}, bearer(guest.token))).code).toBe(2031);
    const bad = await post('/api/temporary-links/nope/revoke', {}, bearer(owner));
    expect(ctx.json(bad)).toMatchObject({ code: 1001, data: { field: 'uuid' } });
  });
});
