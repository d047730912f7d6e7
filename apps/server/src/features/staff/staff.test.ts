import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { and, count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { commands } from '../../cli/operator-commands.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { bearer, DEMO, describeOnDatabases, type TestContext } from '../../test/test-app.ts';
import { changeStaff } from './staff.service.ts';

/**
 * Issue 28 item 3: managers keep the shop's staff in the browser. The expected answers are the
 * issue's: list, invite with a first password shown once, disable (sessions end at once),
 * enable, reset a password, change roles, last sign-in; the last active manager is neither
 * disabled nor demoted, and one's own account is another manager's to change.
 */

const MANAGERS_ONLY = 2033;
const TEMPORARY_USER_NOT_ALLOWED = 2031;
const MOBILE_TAKEN = 2050;
const USER_DISABLED = 2002;
const LOGIN_FAILED = 2001;
const LAST_MANAGER = 2062;
const STAFF_SELF = 2063;

function api(ctx: TestContext) {
  const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    ctx.app.inject({ method, url, payload, headers: { ...bearer(token), lang: 'en' } });
  const signIn = (mobile: string, password: string) =>
    ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile, password } });
  return { call, signIn };
}

describeOnDatabases('the staff, for managers', (ctx) => {
  const { call, signIn } = api(ctx);
  let manager = '';
  const staffOf = async (token = manager) => ctx.json(await call(token, 'GET', '/api/staff')).data.items;

  it('lists the staff, managers first, not guests; for managers only', async () => {
    manager = await ctx.login(DEMO_MOBILES.manager);
    const items = await staffOf();
    expect(items.map((member: { mobile: string }) => member.mobile)).toEqual([
      DEMO_MOBILES.manager,
      // Then by name.
      ...(await ctx.app.db.select({ mobile: users.mobile, name: users.name }).from(users))
        .filter((row) => row.mobile !== DEMO_MOBILES.manager)
        .sort((a, b) => a.name.localeCompare(b.name, 'en'))
        .map((row) => row.mobile),
    ]);
    expect(items[0]).toMatchObject({
      name: '周店长',
      roles: ['recorder'],
      manager: true,
      owner: false,
      is_enabled: true,
    });
    expect(items[0].last_sign_in_at).not.toBeNull();

    const recorder = await ctx.login(DEMO.recorder);
    const refused = await call(recorder, 'GET', '/api/staff');
    expect(refused.statusCode).toBe(403);
    expect(ctx.json(refused)).toMatchObject({ code: MANAGERS_ONLY, msg: "Only the shop's managers can do this." });
    const link = ctx.json(await call(recorder, 'POST', '/api/auth/tmp', { role: 'valuers' })).data;
    const guest = ctx.json(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid, name: 'Guest' } }),
    ).data.token;
    expect(ctx.json(await call(guest, 'GET', '/api/staff')).code).toBe(TEMPORARY_USER_NOT_ALLOWED);
    // The guest is no staff.
    expect((await staffOf()).some((member: { name: string }) => member.name === 'Guest')).toBe(false);
  });

  it('adds a member with a first password shown once, who signs in with it; a mobile in use is refused', async () => {
    const added = await call(manager, 'POST', '/api/staff', {
      name: '吴新人',
      mobile: '13900007001',
      roles: ['valuers'],
    });
    expect(added.statusCode).toBe(200);
    const { member, password } = ctx.json(added).data;
    expect(member).toMatchObject({
      name: '吴新人',
      mobile: '13900007001',
      roles: ['valuers'],
      manager: false,
      is_enabled: true,
      last_sign_in_at: null,
    });
    expect(password).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.id, member.id));
    expect(stored?.passwordHash).not.toContain(password);

    expect((await signIn('13900007001', password)).statusCode).toBe(200);
    const listed = (await staffOf()).find((row: { id: number }) => row.id === member.id);
    expect(listed.last_sign_in_at).not.toBeNull();

    const before = (await ctx.app.db.select({ n: count() }).from(users))[0]?.n;
    const taken = await call(manager, 'POST', '/api/staff', {
      name: 'Twin',
      mobile: DEMO.recorder,
      roles: ['recorder'],
    });
    expect(taken.statusCode).toBe(409);
    expect(ctx.json(taken).code).toBe(MOBILE_TAKEN);
    expect((await ctx.app.db.select({ n: count() }).from(users))[0]?.n).toBe(before);
  });

  it('disabling ends the sessions at once and refuses sign-in; enabling lets them back', async () => {
    const { member, password } = ctx.json(
      await call(manager, 'POST', '/api/staff', { name: 'Disabled', mobile: '13900007002', roles: ['recorder'] }),
    ).data;
    const theirs = ctx.json(await signIn('13900007002', password)).data.token;
    expect((await call(theirs, 'GET', '/api/user/info')).statusCode).toBe(200);

    const disabled = await call(manager, 'PATCH', `/api/staff/${member.id}`, { is_enabled: false });
    expect(ctx.json(disabled).data).toMatchObject({ id: member.id, is_enabled: false });
    expect((await call(theirs, 'GET', '/api/user/info')).statusCode).toBe(401);
    expect(ctx.json(await signIn('13900007002', password)).code).toBe(USER_DISABLED);

    await call(manager, 'PATCH', `/api/staff/${member.id}`, { is_enabled: true });
    expect((await signIn('13900007002', password)).statusCode).toBe(200);
  });

  it("a change of roles ends their sessions; they sign in to their new role's screens", async () => {
    const { member, password } = ctx.json(
      await call(manager, 'POST', '/api/staff', { name: 'Mover', mobile: '13900007003', roles: ['recorder'] }),
    ).data;
    const theirs = ctx.json(await signIn('13900007003', password)).data.token;
    const changed = ctx.json(
      await call(manager, 'PATCH', `/api/staff/${member.id}`, { roles: ['valuers'], manager: false }),
    ).data;
    expect(changed).toMatchObject({ roles: ['valuers'], manager: false });
    expect((await call(theirs, 'GET', '/api/user/info')).statusCode).toBe(401);
    const again = ctx.json(await signIn('13900007003', password)).data;
    expect(again.user).toMatchObject({ role_code: 'valuers', roles: ['valuers'], is_manager: 0, read_only: 0 });

    await call(manager, 'PATCH', `/api/staff/${member.id}`, { manager: true });
    const promoted = ctx.json(await signIn('13900007003', password)).data;
    expect(promoted.user.is_manager).toBe(1);
    expect((await call(promoted.token, 'GET', '/api/staff')).statusCode).toBe(200);
    // Back as they were, so that the shop has one manager for the tests below.
    await call(manager, 'PATCH', `/api/staff/${member.id}`, { manager: false });
  });

  it('a reset password replaces the old one and ends their sessions', async () => {
    const { member, password } = ctx.json(
      await call(manager, 'POST', '/api/staff', { name: 'Forgetful', mobile: '13900007004', roles: ['recorder'] }),
    ).data;
    const theirs = ctx.json(await signIn('13900007004', password)).data.token;
    const reset = ctx.json(await call(manager, 'POST', `/api/staff/${member.id}/password`)).data;
    expect(reset.password).not.toBe(password);
    expect((await call(theirs, 'GET', '/api/user/info')).statusCode).toBe(401);
    expect(ctx.json(await signIn('13900007004', password)).code).toBe(LOGIN_FAILED);
    expect((await signIn('13900007004', reset.password)).statusCode).toBe(200);
  });

  it('changes the set of roles a member holds; never none at all (ADR 0104)', async () => {
    const { member, password } = ctx.json(
      await call(manager, 'POST', '/api/staff', { name: 'Many', mobile: '13900007006', roles: ['recorder'] }),
    ).data;
    const both = ctx.json(
      await call(manager, 'PATCH', `/api/staff/${member.id}`, { roles: ['valuers', 'recorder'], manager: false }),
    ).data;
    expect(both).toMatchObject({ roles: ['recorder', 'valuers'], manager: false });
    expect(ctx.json(await signIn('13900007006', password)).data.user).toMatchObject({
      role_code: 'recorder',
      roles: ['recorder', 'valuers'],
      read_only: 0,
    });
    const manages = ctx.json(
      await call(manager, 'PATCH', `/api/staff/${member.id}`, { roles: [], manager: true }),
    ).data;
    expect(manages).toMatchObject({ roles: [], manager: true });
    expect(ctx.json(await signIn('13900007006', password)).data.user).toMatchObject({
      role_code: 'recorder',
      roles: [],
      is_manager: 1,
      read_only: 1,
    });
    // Nothing held at all: refused, by the form's rule or by taking managing from a manager only.
    for (const body of [{ roles: [], manager: false }, { manager: false }]) {
      const refused = await call(manager, 'PATCH', `/api/staff/${member.id}`, body);
      expect(ctx.json(refused).code, JSON.stringify(body)).toBe(1001);
    }
    expect((await staffOf()).find((row: { id: number }) => row.id === member.id)).toMatchObject({
      roles: [],
      manager: true,
    });
    // Back to one active manager, as the tests below expect.
    await call(manager, 'PATCH', `/api/staff/${member.id}`, { is_enabled: false });
  });

  it("one's own account is another manager's to change, and the shop keeps an active manager", async () => {
    const self = ctx.json(await call(manager, 'GET', '/api/user/info')).data.id;
    for (const [method, url, body] of [
      ['PATCH', `/api/staff/${self}`, { manager: false }],
      ['PATCH', `/api/staff/${self}`, { is_enabled: false }],
      ['PATCH', `/api/staff/${self}`, { roles: ['valuers'], manager: true }],
      ['POST', `/api/staff/${self}/password`, undefined],
    ] as const) {
      const response = await call(manager, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(409);
      expect(ctx.json(response).code).toBe(STAFF_SELF);
    }
    // The only active manager, as another (whose own rights the service takes as given) would demote them.
    const activeManagers = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.manager, true), eq(users.isEnabled, true)));
    expect(activeManagers).toEqual([{ id: self }]);
    for (const change of [{ manager: false }, { is_enabled: false }]) {
      const refusal = await changeStaff(ctx.app.db, -1, self, change).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).errorName).toBe('lastManager');
    }
    // A change of the counter roles that keeps them managing: allowed; one that takes managing away: not.
    await expect(changeStaff(ctx.app.db, -1, self, { roles: ['recorder'], manager: true })).resolves.toMatchObject({
      manager: true,
    });
    const demoted = await changeStaff(ctx.app.db, -1, self, { roles: ['recorder'], manager: false }).catch(
      (error: unknown) => error,
    );
    expect((demoted as AppError).errorName).toBe('lastManager');
    manager = await ctx.login(DEMO_MOBILES.manager);
  });

  it('the command line makes a manager, for a shop set up before managers and for recovery', async () => {
    const answer = await commands['grant-manager'](ctx.app.database, { mobile: DEMO.valuer3 });
    expect(answer).toMatch(/^user \d+ manages the shop; their sessions have ended$/);
    const valuer = await ctx.login(DEMO.valuer3);
    expect((await call(valuer, 'GET', '/api/staff')).statusCode).toBe(200);
    // Back to one manager.
    const id = ctx.json(await call(valuer, 'GET', '/api/user/info')).data.id;
    await call(manager, 'PATCH', `/api/staff/${id}`, { manager: false });
  });

  it('two managers demoting each other at once leave one', async () => {
    const { member, password } = ctx.json(
      await call(manager, 'POST', '/api/staff', {
        name: 'Rival',
        mobile: '13900007005',
        roles: ['recorder'],
        manager: true,
      }),
    ).data;
    const rival = ctx.json(await signIn('13900007005', password)).data.token;
    const self = ctx.json(await call(manager, 'GET', '/api/user/info')).data.id;
    const answers = await Promise.all([
      call(manager, 'PATCH', `/api/staff/${member.id}`, { manager: false }),
      call(rival, 'PATCH', `/api/staff/${self}`, { manager: false }),
    ]);
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    // The other is refused: the shop's last manager (lastManager), or its session already ended (401).
    const other = answers.find((answer) => answer.statusCode !== 200);
    expect([401, 409]).toContain(other?.statusCode);
    if (other?.statusCode === 409) expect(ctx.json(other).code).toBe(LAST_MANAGER);
    const left = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.manager, true), eq(users.isEnabled, true)));
    expect(left).toHaveLength(1);
  });
});
