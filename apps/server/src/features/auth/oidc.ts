import { AppError } from '../../lib/app-error.ts';
import type { OidcProviderConfig } from '../../sign-in-config.ts';
import type { ProviderFlow } from './provider-flow.ts';

/** An OpenID Connect provider (docs/adr/0103 "OpenID Connect"). */
export function oidcFlow(_config: OidcProviderConfig, name: string): ProviderFlow {
  return {
    key: _config.key,
    name,
    async authorizationUrl() {
      throw new AppError('providerLoginNotConfigured');
    },
    async verify() {
      throw new AppError('providerLoginNotConfigured');
    },
  };
}
