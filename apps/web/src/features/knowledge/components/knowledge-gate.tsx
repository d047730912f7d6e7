import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { StatusView } from '../../../components/status-view.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** The knowledge base is for users whose `knowledge_show` is 1; others reaching its address are told so. */
export function KnowledgeGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('knowledge');
  const shown = useAuthStore((state) => state.user?.knowledge_show === 1);
  if (!shown) return <StatusView icon={<LockOutline />} title={t('hidden.title')} description={t('hidden.hint')} />;
  return children;
}
