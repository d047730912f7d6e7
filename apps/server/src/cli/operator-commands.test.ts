import { expect, it } from 'vitest';
import { waitFor } from '../test/server-process.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../test/test-app.ts';
import { commands, UsageError } from './operator-commands.ts';

describeOnDatabases('operator commands', (ctx) => {
  const info = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });

  it('creates a user who can sign in, and refuses a taken mobile', async () => {
    const message = await commands['create-user'](ctx.app.database, {
      mobile: '13800000099',
      name: '新员工',
      role: 'valuers',
      password: 'secret-99',
    });
    expect(message).toMatch(/created user \d+ \(valuers\)/);
    const token = await ctx.login('13800000099', 'secret-99');
    expect(ctx.json(await info(token)).data).toMatchObject({ name: '新员工', role_code: 'valuers' });
    await expect(
      commands['create-user'](ctx.app.database, { mobile: '13800000099', name: 'x', password: 'secret-99' }),
    ).rejects.toBeInstanceOf(UsageError);
    await expect(
      commands['create-user'](ctx.app.database, { mobile: '13800000098', name: 'x', role: 'admin' }),
    ).rejects.toThrow(/--role/);
  });

  it('creates a user holding a set of roles, comma-separated (ADR 0104)', async () => {
    await commands['create-user'](ctx.app.database, {
      mobile: '13800000097',
      name: '两岗位',
      role: 'valuers,recorder',
      password: 'secret-97',
    });
    const both = ctx.json(await info(await ctx.login('13800000097', 'secret-97'))).data;
    expect(both).toMatchObject({ role_code: 'recorder', roles: ['recorder', 'valuers'], is_manager: 0, read_only: 0 });
    await commands['create-user'](ctx.app.database, {
      mobile: '13800000096',
      name: '只管店',
      role: 'manager',
      password: 'secret-96',
    });
    const manages = ctx.json(await info(await ctx.login('13800000096', 'secret-96'))).data;
    expect(manages).toMatchObject({ role_code: 'recorder', roles: [], is_manager: 1, read_only: 1 });
    await expect(
      commands['create-user'](ctx.app.database, { mobile: '13800000095', name: 'x', role: 'recorder,admin' }),
    ).rejects.toThrow(/--role/);
  });

  it('disabling a user ends their sessions at once and refuses sign-in', async () => {
    const token = await ctx.login(DEMO.valuer3);
    await commands['disable-user'](ctx.app.database, { mobile: DEMO.valuer3 });
    expect((await info(token)).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { mobile: DEMO.valuer3, password: DEMO_PASSWORD },
    });
    expect(ctx.json(login).code).toBe(2002);
    await commands['enable-user'](ctx.app.database, { mobile: DEMO.valuer3 });
    expect((await info(await ctx.login(DEMO.valuer3))).statusCode).toBe(200);
  });

  it('disabling ends a session the server remembers within a second, through the database signal every instance hears', async () => {
    const token = await ctx.login(DEMO.valuer3);
    // Checked once, the session is now remembered: only the `sessions` signal (migration 0007) ends it.
    expect((await info(token)).statusCode).toBe(200);
    await commands['disable-user'](ctx.app.database, { mobile: DEMO.valuer3 });
    await waitFor('the token to be refused', async () => (await info(token)).statusCode === 401, 1000);
    await commands['enable-user'](ctx.app.database, { mobile: DEMO.valuer3 });
  });

  it('resetting a password ends the sessions; the seed never overwrites', async () => {
    const token = await ctx.login(DEMO.valuer2);
    const message = await commands['reset-password'](ctx.app.database, { mobile: DEMO.valuer2 });
    const generated = /reset to: (\S+);/.exec(message)?.[1] ?? '';
    expect(generated.length).toBeGreaterThanOrEqual(6);
    expect((await info(token)).statusCode).toBe(401);
    await ctx.login(DEMO.valuer2, generated);
    await commands['reset-password'](ctx.app.database, { mobile: DEMO.valuer2, password: DEMO_PASSWORD });
    expect(await commands.seed(ctx.app.database)).toMatch(/nothing seeded/);
    await expect(commands['reset-password'](ctx.app.database, { mobile: '100' })).rejects.toThrow(/no user/);
  });

  it('a refusal never repeats the mobile it was given (the output may end up in a log)', async () => {
    const refusals = [
      commands['disable-user'](ctx.app.database, { mobile: '13700000077' }),
      commands['create-user'](ctx.app.database, { mobile: DEMO.valuer1, name: 'x', password: 'secret-99' }),
    ];
    for (const refusal of refusals) {
      const error = await refusal.catch((caught: Error) => caught);
      expect(error).toBeInstanceOf(UsageError);
      expect(String(error)).not.toMatch(/13700000077|13800000002/);
    }
  });
});
