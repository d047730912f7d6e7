import { LANGS, type Lang } from '@jewel/contract/values/i18n';

/*
 * The sign-in providers an operator configures (docs/adr/0103, README "Sign-in providers"):
 * WeChat by WECHAT_APP_ID and WECHAT_APP_SECRET (WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET inside
 * WeChat), WECHAT_API_BASE and WECHAT_OPEN_BASE; OpenID Connect providers by
 * OIDC_PROVIDERS. Refused at start-up, naming the variable, when they cannot work. Secrets are
 * kept here and sent only to their provider: never logged, never answered.
 */

/** One app at WeChat: its id and secret. */
export interface WechatApp {
  appId: string;
  appSecret: string;
}

/**
 * WeChat's apps: the website app of the Open Platform's QR login, and, inside WeChat's own
 * browser, the official account's (WeChat gives each its own id, secret and openids).
 */
export interface WechatConfig extends WechatApp {
  /** The official account (WECHAT_MP_APP_ID, WECHAT_MP_APP_SECRET) used inside WeChat; absent: the app above. */
  officialAccount?: WechatApp;
  /** Where `sns/oauth2/access_token` is asked (https://api.weixin.qq.com; tests and proxies move it). */
  apiBase: string;
  /** Where the browser is sent to authorize (https://open.weixin.qq.com; tests move it). */
  openBase: string;
  /** How long the code exchange may take before WeChat counts as unreachable (5 s; tests shorten it). */
  timeoutMs?: number;
}

export interface OidcProviderConfig {
  /** Its key in addresses and bindings: `line`, `google`, `entra`... */
  key: string;
  /** The button's name in each language (one given is used for the others). */
  names: Record<Lang, string>;
  /** The issuer, whose `/.well-known/openid-configuration` is read. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  /**
   * The id token's signing algorithm when it is not one the issuer's discovery lists: `HS256` for
   * LINE's web login, signed with the channel secret. Absent: the issuer's list (RS256 without one).
   */
  idTokenAlg?: string;
}

const WECHAT_API_BASE = 'https://api.weixin.qq.com';
const WECHAT_OPEN_BASE = 'https://open.weixin.qq.com';
const PROVIDER_KEY = /^[a-z][a-z0-9-]{0,31}$/;
const JWS_ALG = /^(?:[RP]S|ES|HS)(?:256|384|512)$|^Ed(?:DSA|25519)$/;

/** An http(s) address as given (an issuer is compared to the letter), refused otherwise. */
function httpAddress(name: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:')
    throw new RangeError(`${name} must be an http(s) address`);
  return value.trim();
}

/** An issuer: https, or http on this machine only (a provider in tests or at a developer's desk). */
function issuerAddress(name: string, value: string): string {
  const issuer = httpAddress(name, value);
  const { protocol, hostname } = new URL(issuer);
  if (protocol === 'http:' && !isLoopbackHost(hostname)) throw new RangeError(`${name} must be an https address`);
  return issuer;
}

export function isLoopbackHost(hostname: string) {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(hostname);
}

/** An app's id and secret from `<prefix>_APP_ID` and `<prefix>_APP_SECRET`: both, or neither. */
function wechatApp(env: NodeJS.ProcessEnv, prefix: string): WechatApp | undefined {
  const appId = (env[`${prefix}_APP_ID`] ?? '').trim();
  const appSecret = (env[`${prefix}_APP_SECRET`] ?? '').trim();
  if (!appId && !appSecret) return undefined;
  if (!appId || !appSecret)
    throw new RangeError(`${prefix}_APP_ID and ${prefix}_APP_SECRET go together: set both, or neither`);
  return { appId, appSecret };
}

/**
 * WeChat: the app's id and secret, or neither (not configured); the official account's beside
 * them when the shop has one for WeChat's own browser.
 */
export function wechatConfig(env: NodeJS.ProcessEnv): WechatConfig | undefined {
  const app = wechatApp(env, 'WECHAT');
  const officialAccount = wechatApp(env, 'WECHAT_MP');
  if (!app) {
    if (officialAccount) throw new RangeError('WECHAT_MP_APP_ID needs WECHAT_APP_ID and WECHAT_APP_SECRET too');
    return undefined;
  }
  return {
    ...app,
    ...(officialAccount ? { officialAccount } : {}),
    apiBase: httpAddress('WECHAT_API_BASE', env.WECHAT_API_BASE || WECHAT_API_BASE).replace(/\/+$/, ''),
    openBase: httpAddress('WECHAT_OPEN_BASE', env.WECHAT_OPEN_BASE || WECHAT_OPEN_BASE).replace(/\/+$/, ''),
  };
}

function names(key: string, value: unknown): Record<Lang, string> {
  const given = typeof value === 'string' ? { en: value } : (value ?? {});
  if (typeof given !== 'object' || Array.isArray(given))
    throw new RangeError(`OIDC_PROVIDERS ${key}: name must be text or { "en": ... }`);
  const entries = Object.entries(given as Record<string, unknown>).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
  );
  const first = entries[0]?.[1];
  if (!first) throw new RangeError(`OIDC_PROVIDERS ${key}: a name is needed`);
  const byLang = Object.fromEntries(entries);
  return Object.fromEntries(LANGS.map((lang) => [lang, (byLang[lang] ?? byLang.en ?? first).slice(0, 40)])) as Record<
    Lang,
    string
  >;
}

/**
 * OIDC_PROVIDERS: a JSON array of `{ key, name, issuer, client_id, client_secret, scopes?,
 * id_token_alg? }`, `name` text or one per language (`{ "en": "LINE", "ja": "LINE" }`); `scopes`
 * default `openid email`; `id_token_alg` as `HS256` for LINE (README "Sign-in providers").
 */
export function oidcProvidersConfig(value: string | undefined): OidcProviderConfig[] {
  if (!value?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new RangeError('OIDC_PROVIDERS must be a JSON array (README "Sign-in providers")');
  }
  if (!Array.isArray(parsed)) throw new RangeError('OIDC_PROVIDERS must be a JSON array (README "Sign-in providers")');
  const providers = parsed.map((item: Record<string, unknown>, index) => {
    const key = typeof item?.key === 'string' ? item.key : '';
    if (!PROVIDER_KEY.test(key) || key === 'wechat')
      throw new RangeError(`OIDC_PROVIDERS[${index}]: key must be lowercase letters, digits or -, and not "wechat"`);
    const clientId = typeof item.client_id === 'string' ? item.client_id.trim() : '';
    if (!clientId) throw new RangeError(`OIDC_PROVIDERS ${key}: client_id is needed`);
    const scopes = item.scopes === undefined ? ['openid', 'email'] : item.scopes;
    if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string') || !scopes.includes('openid'))
      throw new RangeError(`OIDC_PROVIDERS ${key}: scopes must be a list that holds "openid"`);
    const clientSecret = typeof item.client_secret === 'string' ? item.client_secret : '';
    const idTokenAlg = typeof item.id_token_alg === 'string' ? item.id_token_alg : undefined;
    if (item.id_token_alg !== undefined && !(idTokenAlg && JWS_ALG.test(idTokenAlg)))
      throw new RangeError(`OIDC_PROVIDERS ${key}: id_token_alg must be a signing algorithm such as HS256 or RS256`);
    // An id token signed with HMAC is signed with the client secret, which then cannot be empty.
    if (idTokenAlg?.startsWith('HS') && !clientSecret)
      throw new RangeError(`OIDC_PROVIDERS ${key}: id_token_alg ${idTokenAlg} needs the client_secret`);
    return {
      key,
      names: names(key, item.name),
      issuer: issuerAddress(`OIDC_PROVIDERS ${key}: issuer`, typeof item.issuer === 'string' ? item.issuer : ''),
      clientId,
      clientSecret,
      scopes: scopes as string[],
      ...(idTokenAlg ? { idTokenAlg } : {}),
    };
  });
  const keys = new Set(providers.map((provider) => provider.key));
  if (keys.size !== providers.length) throw new RangeError('OIDC_PROVIDERS: each key once');
  return providers;
}
