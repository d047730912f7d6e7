import { COMMODITY_STAGE, type CommodityStage, type CommodityStatus } from '@jewel/contract/values/commodity-status';
import { Tag } from '../../../lib/antd-mobile.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import './status-tag.css';

/** Each stage's colour token (tokens.css, UI.md "Status tags"). */
const STAGE_TOKEN: Record<CommodityStage, string> = {
  waiting: 'var(--app-stage-waiting)',
  inProgress: 'var(--app-stage-in-progress)',
  needsRecorder: 'var(--app-stage-needs-recorder)',
  disagreement: 'var(--app-stage-disagreement)',
  done: 'var(--app-stage-done)',
  bought: 'var(--app-stage-bought)',
  returned: 'var(--app-stage-returned)',
};

/** The colour of a status's stage; grey for a status the app does not know. */
function stageColor(status: number): string {
  return STAGE_TOKEN[COMMODITY_STAGE[status as CommodityStatus] ?? 'waiting'];
}

/**
 * A commodity's status, the same tag everywhere: the label from the server's dictionary
 * (`identify_product.status`), the colour of its stage.
 */
export function StatusTag({ status }: { status: number }) {
  const { label } = useDictionaryOptions('identify_product.status');
  return (
    <Tag color={stageColor(status)} fill="solid" round className="commodity-status-tag" data-status={status}>
      {label(status) || '…'}
    </Tag>
  );
}

/** The urgent flag (`identify_product.valuation_priority` 2). */
export function UrgentTag() {
  const { t } = useTranslation('commodity');
  return (
    <Tag color="danger" fill="outline" round className="commodity-urgent-tag">
      {t('urgent')}
    </Tag>
  );
}
