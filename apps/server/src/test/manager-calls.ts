import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { bearer, type TestContext } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PUT';

/**
 * The back office's calls in its tests, in English: as the demo's manager unless another mobile
 * signs in; `data` answers the envelope's data.
 */
export function managerCalls(ctx: TestContext) {
  const call = async (method: Method, url: string, payload?: unknown, mobile: string = DEMO_MOBILES.manager) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...bearer(await ctx.login(mobile)), lang: 'en' },
    });
  const data = async (method: Method, url: string, payload?: unknown) =>
    ctx.json(await call(method, url, payload)).data;
  return { call, data };
}
