import { COMMODITY_STAGE, type CommodityStatus, STAGE_COLOR } from '@jewel/contract/values/commodity-status';
import { useTranslation } from 'react-i18next';
import { Tag } from '../../../lib/antd-mobile.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import '../commodity.css';

/** The colour of a status's stage (UI.md "Status tags"); grey for a status the app does not know. */
export function stageColor(status: number): string {
  const stage = COMMODITY_STAGE[status as CommodityStatus];
  return STAGE_COLOR[stage ?? 'waiting'];
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
