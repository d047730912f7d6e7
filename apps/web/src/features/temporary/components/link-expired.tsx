import { Button, ErrorBlock } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../temporary.css';

/** The guest link no longer works: ask the sharer for a new one; staff may sign in instead. */
export function LinkExpired({ onSignIn }: { onSignIn(): void }) {
  const { t } = useTranslation('temporary');
  return (
    <section className="card temporary-expired">
      <ErrorBlock status="default" title={t('expire.title')} description={t('expire.description')} />
      <p className="temporary-expired__hint muted">{t('expire.staffHint')}</p>
      <Button block color="primary" size="large" onClick={onSignIn}>
        {t('expire.signIn')}
      </Button>
    </section>
  );
}
