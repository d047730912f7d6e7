import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import Provider, { type Adapter, type AdapterPayload, type Configuration } from 'oidc-provider';

/*
 * OpenID Connect issuers on loopback for the tests (docs/adr/0103): a real `oidc-provider`
 * (panva's certified provider) whose sign-in page signs in whichever account the test names, and
 * a hand-made issuer whose token endpoint answers the id token a test builds, to tamper with.
 */

async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

function close(server: Server) {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The provider's records in memory, one store per provider (its own is refused outside development). */
function memoryAdapter() {
  const records = new Map<string, AdapterPayload>();
  return class MemoryAdapter implements Adapter {
    readonly model: string;
    constructor(model: string) {
      this.model = model;
    }
    key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: AdapterPayload) {
      records.set(this.key(id), payload);
    }
    async find(id: string) {
      return records.get(this.key(id));
    }
    async findByUserCode(userCode: string) {
      return [...records.values()].find((payload) => payload.userCode === userCode);
    }
    async findByUid(uid: string) {
      return [...records.values()].find((payload) => payload.uid === uid);
    }
    async consume(id: string) {
      const payload = records.get(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      records.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of records) if (payload.grantId === grantId) records.delete(key);
    }
  };
}

export interface TestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** An account's claims at the provider (`sub` is its id). */
export type AccountClaims = { email?: string; email_verified?: boolean };

export interface TestProvider {
  issuer: string;
  /** The account the provider's sign-in page signs in next; accounts are made as named. */
  signInAs: string;
  accounts: Map<string, AccountClaims>;
  /** Stops answering (the server closes; its port refuses). */
  close(): Promise<void>;
}

/** A real oidc-provider on 127.0.0.1: clients registered with client_secret_post and PKCE required. */
export async function startOidcProvider(clients: TestClient[]): Promise<TestProvider> {
  const state: { provider?: Provider } = {};
  const accounts = new Map<string, AccountClaims>();
  const harness = { signInAs: 'alice' };

  // The provider's sign-in page: no form, the test's account signs in and consents at once.
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const provider = state.provider as Provider;
    const details = await provider.interactionDetails(req, res);
    const accountId = harness.signInAs;
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } });
  }

  const { server, origin } = await listen((req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      });
      return;
    }
    state.provider?.callback()(req, res);
  });
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const configuration: Configuration = {
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: [client.redirectUri],
      token_endpoint_auth_method: 'client_secret_post',
      grant_types: ['authorization_code'],
      response_types: ['code'],
    })),
    adapter: memoryAdapter(),
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: ['test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    // The e-mail in the id token itself, as LINE, Google and Entra put it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    pkce: { required: () => true },
    findAccount: (_ctx, sub) => {
      const claims = accounts.get(sub) ?? {};
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
  };
  const provider = new Provider(origin, configuration);
  // Its own errors are the tests' to see in the answers, not on the console.
  provider.on('server_error', () => {});
  state.provider = provider;
  return {
    issuer: origin,
    get signInAs() {
      return harness.signInAs;
    },
    set signInAs(accountId: string) {
      harness.signInAs = accountId;
    },
    accounts,
    close: () => close(server),
  };
}

/**
 * Follows the authorization URL as a browser would (the provider's cookies carried, redirects
 * followed by hand) until it is sent back to `redirectUri`: the address it came back to.
 */
export async function authorizeInBrowser(url: string, redirectUri: string) {
  const jar = new Map<string, string>();
  let next = url;
  for (let step = 0; step < 10; step++) {
    if (next.startsWith(`${redirectUri}?`)) return next;
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const cookie of response.headers.getSetCookie()) {
      const pair = cookie.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`${new URL(next).pathname} answered ${response.status}: ${await response.text()}`);
    await response.body?.cancel();
    next = new URL(location, next).href;
  }
  throw new Error('too many redirects');
}

export interface HandMadeIssuer {
  issuer: string;
  /** The id token the token endpoint answers next, from the nonce the authorization sent. */
  idToken: (nonce: string) => Promise<string>;
  /** Signs with the key its JWKS publishes, another under the same `kid`, or an HMAC secret. */
  sign(claims: JWTPayload, options?: { otherKey?: boolean; secret?: string }): Promise<string>;
  /** Answers 503 to everything while set (a provider that is down, not gone). */
  down: boolean;
  /** The code the "browser" brings back for an authorization address (its challenge and nonce kept). */
  codeFor(authorizationUrl: string): string;
  close(): Promise<void>;
}

/**
 * An issuer that publishes its discovery and keys and answers its token endpoint with whatever id
 * token the test makes: the authorization itself is skipped (the test writes the address the
 * browser comes back to). PKCE is checked against the challenge the authorization address carried.
 */
export async function startHandMadeIssuer(): Promise<HandMadeIssuer> {
  const published = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(published.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const challenges = new Map<string, string>();
  let origin = '';
  const issuer: HandMadeIssuer = {
    issuer: '',
    down: false,
    idToken: async () => {
      throw new Error('no id token set');
    },
    async sign(claims, { otherKey = false, secret } = {}) {
      const jwt = new SignJWT(claims);
      if (secret) return jwt.setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
      return jwt
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .sign(otherKey ? other.privateKey : published.privateKey);
    },
    codeFor(authorizationUrl) {
      const params = new URL(authorizationUrl).searchParams;
      const code = randomUUID();
      challenges.set(code, `${params.get('code_challenge')} ${params.get('nonce')}`);
      return code;
    },
    close: async () => close(started.server),
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const started = await listen((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (issuer.down) return json(res, 503, { error: 'temporarily_unavailable' });
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/auth`,
        token_endpoint: `${origin}/token`,
        jwks_uri: `${origin}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [publicJwk] });
    if (url.pathname === '/token' && req.method === 'POST') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        const form = new URLSearchParams(body);
        const entry = challenges.get(form.get('code') ?? '');
        const verifier = createHash('sha256')
          .update(form.get('code_verifier') ?? '')
          .digest('base64url');
        if (!entry || entry.split(' ')[0] !== verifier) return json(res, 400, { error: 'invalid_grant' });
        issuer
          .idToken(entry.split(' ')[1] ?? '')
          .then((id_token) => json(res, 200, { access_token: randomUUID(), token_type: 'Bearer', id_token }))
          .catch((error: Error) => json(res, 500, { error: error.message }));
      });
      return;
    }
    json(res, 404, { error: 'not_found' });
  });
  origin = started.origin;
  issuer.issuer = origin;
  return issuer;
}
