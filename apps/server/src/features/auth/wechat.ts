import { AppError } from '../../lib/app-error.ts';
import type { WechatConfig } from '../../sign-in-config.ts';
import type { ProviderFlow } from './provider-flow.ts';

/** WeChat's web authorization (docs/adr/0103 "WeChat"). */
export function wechatFlow(_config: WechatConfig, name: string): ProviderFlow {
  return {
    key: 'wechat',
    name,
    async authorizationUrl() {
      throw new AppError('providerLoginNotConfigured');
    },
    async verify() {
      throw new AppError('providerLoginNotConfigured');
    },
  };
}
