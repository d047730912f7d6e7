import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { WechatConfig } from '../sign-in-config.ts';

/*
 * WeChat's web authorization on loopback, for Vitest and for the journeys (docs/adr/0103
 * "WeChat"): the two pages a browser is sent to, which "approve" at once with a 302 back to
 * `redirect_uri?code=…&state=…`, and `sns/oauth2/access_token`, which exchanges a code once, at the
 * app that gave it, and answers WeChat's documented errcodes otherwise. Answers are JSON as
 * `text/plain`, as WeChat's are. The unionid comes with `snsapi_login` and `snsapi_userinfo` only.
 *
 * One app by default, which both pages take. With `officialAccount`, two, as WeChat has them: the
 * website app for the QR login only, the official account for `connect/oauth2/authorize` only,
 * and the same person has another openid at each (`<nextOpenid>-mp` at the official account).
 */

export type WechatEndpoint = 'authorize' | 'qrconnect' | 'access_token';

/** How the exchange misbehaves: `status500`, `hang` (never answers), `busy` (errcode -1), `html` (not JSON). */
export type WechatFailure = 'none' | 'status500' | 'hang' | 'busy' | 'html';

export interface WechatHit {
  endpoint: WechatEndpoint;
  /** The query as the server read it, in order (the order matters to WeChat). */
  query: [string, string][];
}

interface Grant {
  appId: string;
  openid: string;
  unionid: string | undefined;
  scope: string;
  used: boolean;
}

export interface WechatServer {
  /** `http://127.0.0.1:<port>`, both the API's base and the authorization pages'. */
  base: string;
  appId: string;
  appSecret: string;
  /** The official account's app, with `officialAccount`. */
  officialAccount: { appId: string; appSecret: string } | undefined;
  /** The server's `wechat` configuration pointing here. */
  config: WechatConfig;
  /** The WECHAT_ variables that point a server here. */
  env: Record<string, string>;
  /** The WeChat user the next authorization approves as. */
  nextOpenid: string;
  /** The unionid answered with the next approval's exchange; none when undefined. */
  nextUnionid: string | undefined;
  /** How the exchange answers from now on. */
  failure: WechatFailure;
  /** Every request, oldest first. */
  hits: WechatHit[];
  /** Every access token answered (none may reach a log). */
  accessTokens: string[];
  /** A code approved for `openid` without a browser (as the authorization pages make them). */
  issueCode(openid?: string, unionid?: string): string;
  close(): Promise<void>;
}

const SCOPES: Record<string, string[]> = {
  '/connect/oauth2/authorize': ['snsapi_base', 'snsapi_userinfo'],
  '/connect/qrconnect': ['snsapi_login'],
};
/** Where an app may send a browser: `any` is the one-app setup's. */
const PAGES: Record<'any' | 'website' | 'officialAccount', string[]> = {
  any: ['/connect/oauth2/authorize', '/connect/qrconnect'],
  website: ['/connect/qrconnect'],
  officialAccount: ['/connect/oauth2/authorize'],
};
const WITH_UNIONID = ['snsapi_login', 'snsapi_userinfo'];

function json(response: ServerResponse, body: object) {
  response.writeHead(200, { 'content-type': 'text/plain' }).end(JSON.stringify(body));
}

const error = (errcode: number, errmsg: string) => ({
  errcode,
  errmsg: `${errmsg}, rid: ${randomBytes(4).toString('hex')}`,
});

export async function startWechatServer(
  options: { appId?: string; appSecret?: string; openid?: string; officialAccount?: boolean } = {},
): Promise<WechatServer> {
  const appId = options.appId ?? `wx${randomBytes(8).toString('hex')}`;
  const appSecret = options.appSecret ?? randomBytes(16).toString('hex');
  const officialAccount = options.officialAccount
    ? { appId: `wx${randomBytes(8).toString('hex')}`, appSecret: randomBytes(16).toString('hex') }
    : undefined;
  const apps = new Map<string, { secret: string; kind: keyof typeof PAGES }>([
    [appId, { secret: appSecret, kind: officialAccount ? 'website' : 'any' }],
  ]);
  if (officialAccount) apps.set(officialAccount.appId, { secret: officialAccount.appSecret, kind: 'officialAccount' });
  const grants = new Map<string, Grant>();
  const sockets = new Set<Socket>();

  const state = {
    nextOpenid: options.openid ?? `o-${randomBytes(12).toString('base64url')}`,
    nextUnionid: undefined as string | undefined,
    failure: 'none' as WechatFailure,
    hits: [] as WechatHit[],
    accessTokens: [] as string[],
  };

  function issueCode(openid = state.nextOpenid, unionid = state.nextUnionid, scope = 'snsapi_login', app = appId) {
    const code = randomBytes(16).toString('hex');
    const atApp = apps.get(app)?.kind === 'officialAccount' ? `${openid}-mp` : openid;
    grants.set(code, {
      appId: app,
      openid: atApp,
      unionid: WITH_UNIONID.includes(scope) ? unionid : undefined,
      scope,
      used: false,
    });
    return code;
  }

  function authorize(url: URL, response: ServerResponse) {
    const query = url.searchParams;
    const redirect = query.get('redirect_uri');
    const scope = query.get('scope') ?? '';
    const app = apps.get(query.get('appid') ?? '');
    // WeChat shows an error page for these; the journeys would see it.
    if (!app || !redirect || !URL.canParse(redirect) || query.get('response_type') !== 'code')
      return response.writeHead(400, { 'content-type': 'text/plain' }).end('bad authorization request');
    if (!PAGES[app.kind].includes(url.pathname))
      return response.writeHead(400, { 'content-type': 'text/plain' }).end('this app has no such authorization');
    // WeChat's documented state: a-z, A-Z, 0-9, at most 128 bytes.
    if (!/^[A-Za-z0-9]{0,128}$/.test(query.get('state') ?? ''))
      return response.writeHead(400, { 'content-type': 'text/plain' }).end('bad state');
    if (!SCOPES[url.pathname]?.includes(scope))
      return response.writeHead(400, { 'content-type': 'text/plain' }).end('scope not allowed');
    const back = new URL(redirect);
    back.searchParams.set('code', issueCode(state.nextOpenid, state.nextUnionid, scope, query.get('appid') ?? ''));
    back.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { location: back.href }).end();
  }

  function accessToken(url: URL, response: ServerResponse) {
    if (state.failure === 'hang') return;
    if (state.failure === 'status500') return response.writeHead(500).end('Internal Server Error');
    if (state.failure === 'html')
      return response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>proxy</body></html>');
    if (state.failure === 'busy') return json(response, error(-1, 'system error'));
    const query = url.searchParams;
    const app = apps.get(query.get('appid') ?? '');
    if (!app) return json(response, error(40013, 'invalid appid'));
    if (query.get('secret') !== app.secret) return json(response, error(40125, 'invalid appsecret'));
    const code = query.get('code');
    if (!code) return json(response, error(41008, 'missing code'));
    if (query.get('grant_type') !== 'authorization_code') return json(response, error(40002, 'invalid grant_type'));
    const grant = grants.get(code);
    // A code is its app's: another app's exchange does not know it.
    if (!grant || grant.appId !== query.get('appid')) return json(response, error(40029, 'invalid code'));
    if (grant.used) return json(response, error(40163, 'code been used'));
    grant.used = true;
    const token = randomBytes(24).toString('base64url');
    state.accessTokens.push(token);
    json(response, {
      access_token: token,
      expires_in: 7200,
      refresh_token: randomBytes(24).toString('base64url'),
      openid: grant.openid,
      scope: grant.scope,
      ...(grant.unionid ? { unionid: grant.unionid } : {}),
    });
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const endpoint: WechatEndpoint | undefined =
      url.pathname === '/connect/oauth2/authorize'
        ? 'authorize'
        : url.pathname === '/connect/qrconnect'
          ? 'qrconnect'
          : url.pathname === '/sns/oauth2/access_token'
            ? 'access_token'
            : undefined;
    if (request.method !== 'GET' || !endpoint) return response.writeHead(404).end();
    state.hits.push({ endpoint, query: [...url.searchParams] });
    if (endpoint === 'access_token') return accessToken(url, response);
    return authorize(url, response);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return Object.assign(state, {
    base,
    appId,
    appSecret,
    officialAccount,
    config: { appId, appSecret, ...(officialAccount ? { officialAccount } : {}), apiBase: base, openBase: base },
    env: {
      WECHAT_APP_ID: appId,
      WECHAT_APP_SECRET: appSecret,
      ...(officialAccount
        ? { WECHAT_MP_APP_ID: officialAccount.appId, WECHAT_MP_APP_SECRET: officialAccount.appSecret }
        : {}),
      WECHAT_API_BASE: base,
      WECHAT_OPEN_BASE: base,
    },
    issueCode: (openid?: string, unionid?: string) => issueCode(openid, unionid),
    async close() {
      // A hanging exchange keeps its socket: end those too.
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  });
}
