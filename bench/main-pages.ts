import { paths as webPaths, withQuery } from '@jewel/contract/values/web-paths';
import type { SessionTokens } from '../apps/web/e2e/session.ts';
import { FIRST_LOAD_PAGES } from '../apps/web/first-load.mjs';
import { type Answer, call, catalog, enroll, enrollmentBody, ok, uploadPhoto } from './cluster.ts';
import { signIn } from './demo-server.ts';

/** A call's `data`; throws on an error answer. */
function dataOf<T>(what: string, answer: Answer): T {
  if (!ok(answer)) throw new Error(`main pages: ${what}: ${answer.status} ${answer.msg}`);
  return answer.data as T;
}

export interface MainPage {
  name: string;
  path: string;
  /** Who opens it; none for the sign-in page. */
  session: SessionTokens | undefined;
}

/**
 * The seven main pages of issue 16, each as its user opens it on the demo server at `base`: the
 * sign-in page, the recorder's home and list, the detail of a commodity, a valuer's appraisal
 * form on it, the newest knowledge article, the data base. The demo data has no commodities: the
 * recorder registers one and hands it to the demo valuer first. And the back office's staff list
 * and catalog list (issue 28), as the demo's owner opens them.
 */
export async function mainPages(base: string, recorder: SessionTokens): Promise<MainPage[]> {
  const valuer = await signIn(base, '13800000002');
  const manager = await signIn(base, '13800000005');
  const token = recorder.token;
  const photo = await uploadPhoto(base, token);
  if (!photo.url) throw new Error(`main pages: photo upload: ${photo.status} ${photo.msg}`);
  const enrolled = dataOf<{ commodities: { id: number }[] }>(
    'enrollment',
    await enroll(base, token, enrollmentBody(await catalog(base, token), photo.url)),
  );
  const id = enrolled.commodities[0]?.id ?? 0;
  const { version } = dataOf<{ version: number }>('detail', await call(`${base}/api/commodities/${id}`, { token }));
  dataOf(
    'distribution',
    await call(`${base}/api/commodities/distribute`, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ items: [{ id, version }], valuer_id: valuer.user.id }),
    }),
  );
  const articles = dataOf<{ items: { id: number }[] }>(
    'knowledge articles',
    await call(`${base}/api/knowledge/articles?page_size=1`, { token }),
  );
  return [
    { name: 'login', path: FIRST_LOAD_PAGES.login.path, session: undefined },
    { name: 'home', path: FIRST_LOAD_PAGES.home.path, session: recorder },
    { name: 'list', path: webPaths.commodityList, session: recorder },
    { name: 'detail', path: withQuery(webPaths.commodityDetail, { id }), session: recorder },
    { name: 'appraisal form', path: withQuery(webPaths.commodityIdentify, { id }), session: valuer },
    {
      name: 'knowledge article',
      path: withQuery(webPaths.knowDetail, { id: articles.items[0]?.id ?? 0 }),
      session: recorder,
    },
    { name: 'data base', path: webPaths.information, session: recorder },
    { name: 'staff list', path: webPaths.staff, session: manager },
    { name: 'catalog list', path: webPaths.catalog, session: manager },
  ];
}
