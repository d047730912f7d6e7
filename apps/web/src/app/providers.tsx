import type { Lang } from '@jewel/contract/values/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { ConfigProvider } from '../lib/antd-mobile.ts';
import { changeLanguage } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { useLanguageStore } from '../stores/language-store.ts';

type AntdLocale = typeof zhCN;

/** antd-mobile's own texts; the default language's come with the app, the others on demand. */
const antdLocales: Record<Exclude<Lang, 'zh-Hans'>, () => Promise<{ default: AntdLocale }>> = {
  'zh-Hant': () => import('antd-mobile/es/locales/zh-TW'),
  en: () => import('antd-mobile/es/locales/en-US'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
};

/** antd-mobile's texts follow the chosen language; so do the server's labels (refetched). */
export function Providers({ children }: { children: ReactNode }) {
  const lang = useLanguageStore((state) => state.currentLang);
  const [antdLocale, setAntdLocale] = useState<AntdLocale>(zhCN);
  const shownLang = useRef(lang);
  useEffect(() => {
    let current = true;
    if (shownLang.current !== lang) {
      shownLang.current = lang;
      changeLanguage(lang).then(() => queryClient.invalidateQueries());
    }
    const load = lang === 'zh-Hans' ? Promise.resolve({ default: zhCN }) : antdLocales[lang]();
    load.then((module) => current && setAntdLocale(module.default));
    return () => {
      current = false;
    };
  }, [lang]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={antdLocale}>{children}</ConfigProvider>
    </QueryClientProvider>
  );
}
