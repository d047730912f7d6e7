import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Page } from '../../../components/page.tsx';
import { LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { setupKeys, shopStateOptions } from '../api/setup-queries.ts';
import { DemoEntry } from './demo-entry.tsx';
import { SETUP_FORM_ID, SetupForm } from './setup-form.tsx';

/**
 * An empty shop's first page (issue 28): set it up, or explore the demo data. A shop that is set
 * up (now, or already when the page opens) leaves for login: `onLeave(demo)`.
 */
export function SetupScreen({ onLeave }: { onLeave: (demo: boolean) => void }) {
  const { t } = useTranslation('setup');
  const state = useQuery(shopStateOptions());
  const saving = useIsMutating({ mutationKey: setupKeys.setUp() }) > 0;
  const exploring = useIsMutating({ mutationKey: setupKeys.demo() }) > 0;
  const setUp = state.data?.set_up === true;
  const demo = state.data?.demo === true;

  const left = useRef(false);
  useEffect(() => {
    if (!setUp || left.current) return;
    left.current = true;
    onLeave(demo);
  }, [setUp, demo, onLeave]);

  if (state.isError) {
    return (
      <Page>
        <LoadError onRetry={() => state.refetch()} />
      </Page>
    );
  }
  if (state.isPending || setUp) {
    return (
      <Page>
        <LoadingRows rows={6} />
      </Page>
    );
  }
  return (
    <Page
      footer={
        <Button
          block
          color="primary"
          size="large"
          type="submit"
          form={SETUP_FORM_ID}
          loading={saving}
          disabled={exploring}
        >
          {t('submit')}
        </Button>
      }
    >
      <SetupForm />
      <DemoEntry disabled={saving} />
    </Page>
  );
}
