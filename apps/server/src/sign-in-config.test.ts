import { describe, expect, it } from 'vitest';
import { oidcProvidersConfig } from './sign-in-config.ts';

const line = { key: 'line', name: 'LINE', issuer: 'https://access.line.me', client_id: '1650000000' };

describe('OIDC_PROVIDERS', () => {
  it('reads a provider with its defaults, and names it in every language', () => {
    expect(oidcProvidersConfig(JSON.stringify([{ ...line, client_secret: 's', id_token_alg: 'HS256' }]))).toEqual([
      {
        key: 'line',
        names: { 'zh-Hans': 'LINE', 'zh-Hant': 'LINE', en: 'LINE', ja: 'LINE' },
        issuer: 'https://access.line.me',
        clientId: '1650000000',
        clientSecret: 's',
        scopes: ['openid', 'email'],
        idTokenAlg: 'HS256',
      },
    ]);
  });

  it('takes an http issuer on this machine only', () => {
    for (const issuer of ['http://127.0.0.1:4000', 'http://localhost:4000/realms/shop']) {
      expect(oidcProvidersConfig(JSON.stringify([{ ...line, issuer }]))[0]?.issuer).toBe(issuer);
    }
    expect(() => oidcProvidersConfig(JSON.stringify([{ ...line, issuer: 'http://idp.example.com' }]))).toThrowError(
      'OIDC_PROVIDERS line: issuer must be an https address',
    );
  });

  it('refuses an id token algorithm it does not know, and an HMAC without the secret it is signed with', () => {
    expect(() => oidcProvidersConfig(JSON.stringify([{ ...line, id_token_alg: 'none' }]))).toThrowError(
      /id_token_alg must be a signing algorithm/,
    );
    expect(() => oidcProvidersConfig(JSON.stringify([{ ...line, id_token_alg: 'HS256' }]))).toThrowError(
      'OIDC_PROVIDERS line: id_token_alg HS256 needs the client_secret',
    );
  });
});
