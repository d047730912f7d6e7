import type { CommodityDetail } from '@jewel/contract/commodity';
import { useNavigate } from 'react-router';
import { NeedsNetworkReason, useNeedsNetwork } from '../../../components/needs-network.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { barActions } from '../action-plan.ts';
import './action-bar.css';

/**
 * Only the actions the server allows the caller now (`allowed_actions`), the main one on the
 * right under the thumb; none at all, no bar.
 */
export function ActionBar({ detail, onReassess }: { detail: CommodityDetail; onReassess: () => void }) {
  const { t } = useTranslation('commodity');
  const navigate = useNavigate();
  const network = useNeedsNetwork();
  const actions = barActions(detail);
  if (actions.length === 0) return null;
  // The primary action sits last, nearest the right thumb.
  const ordered = [...actions].reverse();
  return (
    <div className="commodity-action-bar">
      <NeedsNetworkReason reason={network.reason} />
      {ordered.map((action, index) => {
        const primary = index === ordered.length - 1;
        return (
          <Button
            key={action.key}
            color="primary"
            fill={primary ? 'solid' : 'outline'}
            className="commodity-action-bar__button"
            disabled={network.disabled}
            onClick={() => (action.to ? navigate(action.to) : onReassess())}
          >
            {t(`actions.${action.key}`)}
          </Button>
        );
      })}
    </div>
  );
}
