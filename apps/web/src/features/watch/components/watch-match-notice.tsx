import { ERRORS } from '@jewel/contract/values/error-codes';
import { paths } from '@jewel/contract/values/web-paths';
import type { WatchMatch } from '@jewel/contract/watch';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from '../../../components/link.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { openMatchesOfOptions, watchKeys } from '../api/watch-queries.ts';
import { MatchCard } from './match-card.tsx';
import '../watch.css';

/**
 * The stolen-goods alert of one commodity, on its detail and its buyback page: every open match
 * (what matched which notice), each with its acknowledgement for a staff recorder. Nothing when
 * there is none, and nothing for guests (the list is not theirs to read).
 */
export function WatchMatchNotice({ commodityId }: { commodityId: number }) {
  const user = useAuthStore((state) => state.user);
  const staff = user !== null && user.is_tmp !== 1;
  const query = useQuery({ ...openMatchesOfOptions(commodityId), enabled: staff });
  // A buyback refused for a match (perhaps found just then) shows it here at once.
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const error = event.mutation?.state.error;
        if (event.type === 'updated' && error instanceof ApiError && error.code === ERRORS.watchListMatch.code) {
          void queryClient.invalidateQueries({ queryKey: watchKeys.matches() });
        }
      }),
    [],
  );
  const matches = query.data ?? [];
  if (!staff || matches.length === 0) return null;
  // Its texts load only when there is something to say: the page does not wait for them otherwise.
  return (
    <Banner
      commodityId={commodityId}
      matches={matches}
      canAcknowledge={user.role_code === 'recorder' && user.read_only !== 1}
    />
  );
}

function Banner({
  commodityId,
  matches,
  canAcknowledge,
}: {
  commodityId: number;
  matches: WatchMatch[];
  canAcknowledge: boolean;
}) {
  const { t } = useTranslation('watch');
  return (
    <section className="watch-banner" role="alert" aria-labelledby={`watch-banner-${commodityId}`}>
      <h2 id={`watch-banner-${commodityId}`} className="watch-banner__title">
        {t('banner.title')}
      </h2>
      <p className="watch-banner__text">{t('banner.text')}</p>
      <ul className="watch-list">
        {matches.map((match) => (
          <li key={match.id}>
            <MatchCard match={match} canAcknowledge={canAcknowledge} showItem={false} />
          </li>
        ))}
      </ul>
      <Link className="watch-banner__link" to={paths.watchList}>
        {t('banner.openList')}
      </Link>
    </section>
  );
}

/**
 * Whether a commodity's buyback waits for a stolen-goods acknowledgement (issue 27 item 7): an
 * open match, or the answer not known yet. A failed read does not lock: the server refuses anyway.
 */
export function useWatchLock(commodityId: number, enabled: boolean): boolean {
  const query = useQuery({ ...openMatchesOfOptions(commodityId), enabled });
  if (!enabled) return false;
  if (query.data) return query.data.length > 0;
  return !query.isError;
}

/** Under a locked buyback's confirm button: why it is disabled. */
export function WatchLockNote() {
  const { t } = useTranslation('watch');
  return (
    <p className="muted watch-lock-note" role="note" data-testid="watch-lock-note">
      {t('banner.locked')}
    </p>
  );
}
