import { formatRelative } from '../lib/format.ts';
import { useTranslation } from '../lib/use-translation.ts';
import './data-age.css';

/** What `DataAge` shows: "Updated 12 min ago" ("just now" under a minute). */
export default function DataAgeLine({ updatedAt, now }: { updatedAt: number; now: number }) {
  const { t } = useTranslation('offline');
  const age = now - updatedAt < 60_000 ? t('justNow') : formatRelative(new Date(updatedAt).toISOString(), now);
  return (
    <p className="data-age" data-testid="data-age">
      {t('updated', { age })}
    </p>
  );
}
