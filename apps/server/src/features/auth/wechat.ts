import { AppError } from '../../lib/app-error.ts';
import type { WechatApp, WechatConfig } from '../../sign-in-config.ts';
import type { ProviderFlow, ProviderRequest, VerifiedAccount } from './provider-flow.ts';

/*
 * WeChat's web authorization (docs/adr/0103 "WeChat"): inside WeChat's own browser the official
 * account's silent `snsapi_base`, elsewhere the Open Platform's QR login; the code that comes back
 * is exchanged at `sns/oauth2/access_token` for the openid (and the unionid when WeChat gives one).
 * The access token that answer carries is used for nothing. No code, secret, token or id is logged:
 * a refusal names WeChat's errcode only.
 */

/** How long WeChat may take to answer the exchange before it counts as unreachable. */
const EXCHANGE_TIMEOUT_MS = 5_000;

/** The code's own refusals: invalid (40029), used already (40163), missing (41008). The member tries again. */
const CODE_REFUSALS = new Set([40029, 40163, 41008]);
/** WeChat busy (-1) or over its call quotas (45009 a day, 45011 a minute): try again later. */
const BUSY = new Set([-1, 45009, 45011]);

/**
 * The app a browser signs in at: inside WeChat the official account's when one is configured, else
 * the app's. The code comes back to the same browser, so the return asks the app that gave it.
 */
function appFor(config: WechatConfig, request: ProviderRequest): WechatApp {
  return request.inWechat && config.officialAccount ? config.officialAccount : config;
}

/**
 * The errcodes an operator was told of, per app configured: a wrong app id or secret (40013,
 * 40125), an address not on the app's allow list (40164) refuse every sign-in alike, and one line
 * says so, not one per member.
 */
const told = new WeakMap<WechatApp, Set<number>>();

function tellOnce(config: WechatConfig, request: ProviderRequest, errcode: number) {
  const app = appFor(config, request);
  const codes = told.get(app) ?? new Set<number>();
  told.set(app, codes);
  if (codes.has(errcode)) return;
  codes.add(errcode);
  request.log.warn(
    { errcode, officialAccount: app !== config },
    'WeChat refused the code exchange for this app: check WECHAT_APP_ID, WECHAT_APP_SECRET (WECHAT_MP_ inside WeChat) and the allowed addresses',
  );
}

/** The answer's JSON, whatever its content type (WeChat's is `text/plain`); undefined when it is none. */
async function answerOf(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await response.text());
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const idOf = (value: unknown) => (typeof value === 'string' && value.length > 0 && value.length <= 128 ? value : '');

export function wechatFlow(config: WechatConfig, name: string): ProviderFlow {
  const unavailable = () => new AppError('providerUnavailable', { params: { provider: name } });

  async function exchange(request: ProviderRequest, code: string) {
    const app = appFor(config, request);
    const query = new URLSearchParams({
      appid: app.appId,
      secret: app.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    try {
      const response = await fetch(`${config.apiBase}/sns/oauth2/access_token?${query}`, {
        signal: AbortSignal.timeout(config.timeoutMs ?? EXCHANGE_TIMEOUT_MS),
        redirect: 'error',
      });
      // A refused answer's body is let go, so that its connection is freed.
      const answer = response.ok ? await answerOf(response) : await response.body?.cancel();
      if (!answer) request.log.warn({ status: response.status }, 'WeChat answered the code exchange with no JSON');
      return answer;
    } catch (error) {
      // The error by its class and code only (lib/logging.ts): its message could quote the address.
      request.log.warn({ err: error }, 'WeChat cannot be reached for the code exchange');
      return undefined;
    }
  }

  return {
    key: 'wechat',
    name,
    async authorizationUrl(request) {
      // WeChat reads these in this order; `#wechat_redirect` ends either address.
      const [path, scope] = request.inWechat
        ? ['/connect/oauth2/authorize', 'snsapi_base']
        : ['/connect/qrconnect', 'snsapi_login'];
      const query = [
        `appid=${encodeURIComponent(appFor(config, request).appId)}`,
        `redirect_uri=${encodeURIComponent(request.redirectUri)}`,
        'response_type=code',
        `scope=${scope}`,
        `state=${encodeURIComponent(request.state)}`,
      ].join('&');
      return `${config.openBase}${path}?${query}#wechat_redirect`;
    },
    async verify(request, code): Promise<VerifiedAccount> {
      const answer = await exchange(request, code);
      if (!answer) throw unavailable();
      if (answer.errcode !== undefined && answer.errcode !== 0) {
        const errcode = Number(answer.errcode);
        if (BUSY.has(errcode)) throw unavailable();
        if (!CODE_REFUSALS.has(errcode)) tellOnce(config, request, errcode);
        throw new AppError('providerSignInFailed');
      }
      const openid = idOf(answer.openid);
      if (!openid) {
        request.log.warn('WeChat answered the code exchange without an openid');
        throw unavailable();
      }
      // The unionid when WeChat gives one: the same person under every app of the shop's Open
      // Platform account (the official account's openid and the website app's differ).
      return { issuer: '', subject: idOf(answer.unionid) || openid };
    },
  };
}
