import { useTranslation } from '../lib/use-translation.ts';
import { useNetworkStore } from '../stores/network-store.ts';
import './needs-network.css';

/**
 * For an action only the server can do (issue 17): disabled while offline, with the reason to
 * show beside it. Registration is not one of them: it waits in the outbox. Used by the main
 * action bars (docs/decisions.md "Installable and offline" lists them).
 */
export function useNeedsNetwork(): { disabled: boolean; reason: string | undefined } {
  const online = useNetworkStore((state) => state.online);
  const { t } = useTranslation();
  return { disabled: !online, reason: online ? undefined : t('needsNetwork') };
}

/** The reason above a bar whose actions wait for the network; nothing online. */
export function NeedsNetworkReason({ reason }: { reason: string | undefined }) {
  return reason ? (
    <p className="needs-network" role="status">
      {reason}
    </p>
  ) : null;
}
