import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { publishCommodityChange } from '../../domain/live-events.ts';
import { notify } from '../../domain/notify.ts';
import {
  act,
  commodityInput,
  enroll,
  enrollBody,
  enterAsGuest,
  type Kit,
  outcome,
  prepareKit,
  uploadPhoto,
} from '../../test/commodity-kit.ts';
import { openStream, type Stream } from '../../test/live-stream.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('live events', (ctx) => {
  let base = '';
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => {
    // Left open on purpose: closing the app must end it rather than wait for it.
    expect(ctx.app.live.size).toBeGreaterThan(0);
  });

  const userId = async (token: string) =>
    ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) })).data.id as number;

  it('refuses a caller without a session', async () => {
    const response = await fetch(`${base}/api/user/events`);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { code: number }).code).toBe(401);
  });

  /** A commodity signal straight into this instance's hub, as its PostgreSQL listener hands it over. */
  const MARKER = (id: number) => ({ type: 'commodity', id, status: 0 });
  const sendMarker = (id: number) =>
    (ctx.app.live as unknown as { receive(payload: string): void }).receive(
      JSON.stringify({ kind: 'commodity', id, status: 0 }),
    );

  it('sends the unread count first, and a new one only once the notification commits', async () => {
    const token = await ctx.login(DEMO.valuer1);
    const me = await userId(token);
    const stream = await openStream(base, token);
    const first = await stream.next(0);
    expect(first.type).toBe('notification');
    const before = first.type === 'notification' ? first.unread : -1;

    await ctx.app.db.transaction(async (tx) => {
      await notify(tx, [{ userId: me, type: 'identified', params: { number: 'C20261121-0001' } }]);
      // Not yet committed: nothing may arrive. A marker sent now arrives next, as the stream keeps order.
      sendMarker(1);
      expect(await stream.next(1)).toEqual(MARKER(1));
    });
    expect(await stream.next(2)).toEqual({ type: 'notification', unread: before + 1 });

    // A rolled-back notification announces nothing.
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await notify(tx, [{ userId: me, type: 'identified', params: { number: 'C20261121-0002' } }]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');

    // Someone else's notification is not this stream's business; reading one lowers the count.
    const other = await userId(await ctx.login(DEMO.valuer2));
    await notify(ctx.app.db, [{ userId: other, type: 'identified', params: { number: 'C20261121-0003' } }]);
    const list = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/user/notifications?status=unread', headers: bearer(token) }),
    );
    await ctx.app.inject({
      method: 'GET',
      url: `/api/user/notifications/${list.data.items[0].id}/markAsRead`,
      headers: bearer(token),
    });
    expect(await stream.next(3)).toEqual({ type: 'notification', unread: before });
    // Nothing else came before the next marker: not the rolled-back one, not someone else's.
    sendMarker(2);
    expect(await stream.next(4)).toEqual(MARKER(2));
    stream.close();
  });

  it('broadcasts commodity changes to every signed-in user', async () => {
    const recorder = await openStream(base, await ctx.login(DEMO.recorder));
    const valuer = await openStream(base, await ctx.login(DEMO.valuer3));
    await recorder.next(0);
    await valuer.next(0);
    await ctx.app.db.transaction(async (tx) => {
      await publishCommodityChange(tx, { id: 42, status: 20, recorderId: 999_999, valuerIds: [999_998] });
    });
    expect(await recorder.next(1)).toEqual({ type: 'commodity', id: 42, status: 20 });
    expect(await valuer.next(1)).toEqual({ type: 'commodity', id: 42, status: 20 });
    recorder.close();
    valuer.close();
  });

  it('tells a guest only of the commodities it may see, as its list does', async () => {
    const kit: Kit = await prepareKit(ctx);
    const register = async (token: string, photos = kit.photos) => {
      const [a = '', b = ''] = photos;
      const input = commodityInput(kit, { size_pics: [a], weight_pics: [], product_pics: [b], accessory_pics: [a] });
      return outcome(ctx, await enroll(ctx, token, enrollBody([input]))).data.commodities[0].id as number;
    };
    const distribute = async (id: number, version: number, valuerId: number) => {
      const body = { items: [{ id, version }], valuer_id: valuerId };
      expect(outcome(ctx, await act(ctx, kit.recorder.token, 'distribute', '', body)).code).toBe(0);
    };
    /** The commodity events heard so far, once there are at least `count`. */
    const heard = async (stream: Stream, count: number) => {
      const changes = () => stream.events.filter((event) => event.type === 'commodity');
      await vi.waitFor(() => expect(changes().length).toBeGreaterThanOrEqual(count));
      return changes();
    };
    const change = (id: number, status: number) => ({ type: 'commodity', id, status });

    const guestValuer = await enterAsGuest(ctx, kit.recorder.token, 'valuers');
    const guestRecorder = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
    const valuerStream = await openStream(base, guestValuer.token);
    const recorderStream = await openStream(base, guestRecorder.token);
    const staffStream = await openStream(base, kit.recorder.token);
    for (const stream of [valuerStream, recorderStream, staffStream]) await stream.next(0);

    // Signals arrive in commit order: what is not heard before a later event is never heard.
    const others = await register(kit.recorder.token);
    await distribute(others, 0, kit.valuer1.id);
    const given = await register(kit.recorder.token);
    await distribute(given, 0, guestValuer.id);
    expect(await heard(valuerStream, 1)).toEqual([change(given, 20)]);

    // Given to someone else: the guest hears it leave, then nothing more of it.
    await distribute(given, 1, kit.valuer1.id);
    const photo = await uploadPhoto(ctx, guestRecorder.token, 200);
    const own = await register(guestRecorder.token, [photo, photo]);
    await distribute(own, 0, guestValuer.id);
    expect(await heard(valuerStream, 3)).toEqual([change(given, 20), change(given, 20), change(own, 20)]);
    expect(await heard(recorderStream, 2)).toEqual([change(own, 10), change(own, 20)]);

    // Staff hear everything: three registrations and four distributions.
    expect(await heard(staffStream, 7)).toHaveLength(7);
    for (const stream of [valuerStream, recorderStream, staffStream]) stream.close();
  });

  // The embedded database has no connection to lose: PostgreSQL only.
  if (ctx.kind === 'postgres')
    it('listens again when its PostgreSQL connection is lost, and resends the unread count', async () => {
      const token = await ctx.login(DEMO.valuer3);
      const me = await userId(token);
      const stream = await openStream(base, token);
      const first = await stream.next(0);
      const unread = first.type === 'notification' ? first.unread : -1;
      const killed = await ctx.app.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows).toHaveLength(1);
      // Back after the first backoff step: the stream is told its count again, and signals flow.
      expect(await stream.next(1)).toEqual({ type: 'notification', unread });
      await notify(ctx.app.db, [{ userId: me, type: 'identified', params: { number: 'C20261121-0004' } }]);
      expect(await stream.next(2)).toEqual({ type: 'notification', unread: unread + 1 });
      stream.close();
    });

  it('writes a heartbeat, and ends the stream as soon as its session is revoked', async () => {
    const token = await ctx.login(DEMO.valuer2);
    const stream = await openStream(base, token);
    await stream.next(0);
    await ctx.app.live.heartbeat();
    await expect.poll(() => stream.comments).toBe(1);
    // No heartbeat after the logout: the session signal of its commit ends the stream.
    const logout = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(logout.statusCode).toBe(200);
    await stream.ended;
    expect(stream.comments).toBe(1);

    // One left open for the app's close.
    const open = await openStream(base, await ctx.login(DEMO.recorder));
    await open.next(0);
  });
});
