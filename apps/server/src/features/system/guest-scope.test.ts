import { routes } from '@jewel/contract/routes';
import { expect, it } from 'vitest';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

/** A path of the contract with every parameter filled in: ids as 1, uuids as a fixed one. */
function filled(path: string) {
  return path.replace(':uuid', '00000000-0000-4000-8000-000000000000').replace(/:[a-z_]+/g, '1');
}

describeOnDatabases('guests and staff-only calls', (ctx) => {
  it('a temporary user is refused on every staff-only call, whatever the input', async () => {
    const staff = await ctx.login(DEMO.valuer3);
    const guestOf = async (role: string) => {
      const link = ctx.json(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/tmp', payload: { role }, headers: bearer(staff) }),
      ).data;
      const guest = ctx.json(
        await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid } }),
      );
      return guest.data.token as string;
    };
    const staffOnly = Object.entries(routes).filter(([, route]) => route.access === 'regular');
    expect(staffOnly.length).toBeGreaterThan(10);
    for (const token of [await guestOf('recorder'), await guestOf('valuers')]) {
      for (const [name, route] of staffOnly) {
        const response = await ctx.app.inject({
          method: route.method,
          url: filled(route.path),
          headers: bearer(token),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        expect(ctx.json(response).code, `${name} ${route.method} ${route.path}`).toBe(2031);
      }
    }
  });
});
