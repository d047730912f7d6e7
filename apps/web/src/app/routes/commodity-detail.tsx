import type { CommodityDetail } from '@jewel/contract/commodity';
import { SHOWN_PHOTO_FIELDS } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { TagOutline, TruckOutline } from 'antd-mobile-icons';
import { type CSSProperties, useState } from 'react';
import { useSearchParams } from 'react-router';
import { DataAge } from '../../components/data-age.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { PhotoGrid } from '../../components/photos/photo-grid.tsx';
import { useIsGuest } from '../../components/staff-only.tsx';
import { CertificateCard } from '../../features/certificate/components/certificate-card.tsx';
import { useShotNames } from '../../lib/catalog.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import '../../features/certificate/certificate.css';
import { barActions } from '../../features/commodity/action-plan.ts';
import { commodityDetailOptions } from '../../features/commodity/api/commodity-queries.ts';
import { openBranchesOptions } from '../../features/commodity/api/transfer-calls.ts';
import { ActionBar } from '../../features/commodity/components/action-bar.tsx';
import { commodityPageState } from '../../features/commodity/components/commodity-page-state.tsx';
import {
  CustomerSection,
  DetailHeader,
  HistorySection,
  PeopleSection,
  ProductSection,
  RecycleSection,
  ResultSection,
} from '../../features/commodity/components/detail-sections.tsx';
import { Section } from '../../features/commodity/components/field-list.tsx';
import { ReassessPopup } from '../../features/commodity/components/reassess-popup.tsx';
import { TransferPopup } from '../../features/commodity/components/transfer-popup.tsx';
import { WatchMatchNotice } from '../../features/watch/components/watch-match-notice.tsx';
import '../../features/commodity/detail-page.css';

const PHOTOS_PER_ROW = 4;

/** Each kind of photo in its own grid; a tap opens the viewer (zoom 1–4). */
function PhotosSection({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('commodity');
  // Which product photo is which shot of the photo guide (issue 17), and what was not taken.
  const shots = useShotNames(detail.category.id, detail.product_pic_shots);
  const fields = SHOWN_PHOTO_FIELDS.filter((field) => detail[field].length > 0);
  if (fields.length === 0) return null;
  return (
    <Section title={t('enroll:sections.photos')}>
      <div className="commodity-photos">
        {fields.map((field) => {
          const label = t(`enroll:fields.${field}`);
          // Each group as wide as its photos (up to a row of 4): small groups share a row.
          const columns = Math.min(detail[field].length, PHOTOS_PER_ROW);
          return (
            <div key={field} className="commodity-photos__group" style={{ '--columns': columns } as CSSProperties}>
              <h3 className="commodity-photos__label">{label}</h3>
              <PhotoGrid
                photos={detail[field]}
                label={label}
                captions={field === 'product_pics' ? shots.names : undefined}
                flags={detail.photo_flags}
              />
              {field === 'product_pics' && shots.missing.length > 0 ? (
                <p className="commodity-photos__missing muted">
                  {t('enroll:guide.missingList', { names: shots.missing.join(t('enroll:guide.separator')) })}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </Section>
  );
}

/** Its tag, printed from the tags page with the item chosen (issue 29 item 4): the shop's staff only. */
function PrintTagLink({ id }: { id: number }) {
  const { t } = useTranslation('commodity');
  if (useIsGuest()) return null;
  return (
    <Link className="commodity-detail-head__link" to={withQuery(paths.tags, { ids: String(id) })}>
      <TagOutline aria-hidden />
      {t('detail.printTag')}
    </Link>
  );
}

/**
 * Where the item may be transferred (docs/adr/0105 "Transfers"): for a staff recorder acting as
 * one, an item not returned to its customer, every open branch but its own; none otherwise, and
 * none in a shop with one open branch (the action is then not offered).
 */
function useTransferDestinations(detail: CommodityDetail | undefined) {
  const recorder = useAuthStore(
    (state) => state.user?.role_code === 'recorder' && state.user.read_only !== 1 && state.user.is_tmp !== 1,
  );
  const movable = detail !== undefined && detail.status !== COMMODITY_STATUS.returned;
  const open = useQuery({ ...openBranchesOptions(), enabled: recorder && movable });
  if (!recorder || !movable || !open.data) return [];
  return open.data.filter((branch) => branch.id !== detail.branch_id);
}

/** Transfer to another branch: a link in the header, opening its sheet. */
function TransferLink({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation('commodity');
  return (
    <button type="button" className="commodity-detail-head__link link-button" onClick={onOpen}>
      <TruckOutline aria-hidden />
      {t('transfer.action')}
    </button>
  );
}

/**
 * One commodity: status, every field and photo, the final result once fixed, the customer's
 * decision, the people and workflow, a compact history, and the actions the caller may take now.
 */
export default function CommodityDetailRoute() {
  // Its sections' texts, and the field labels of the register form (`enroll:fields.*`).
  useTranslation(['commodity', 'enroll', 'certificate']);
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const detail = useQuery({ ...commodityDetailOptions(id ?? 0), enabled: id !== null });
  const [reassessing, setReassessing] = useState(false);
  const [transferring, setTransferring] = useState(false);
  const destinations = useTransferDestinations(detail.data);
  const [historyExpanded, setHistoryExpanded] = useState(false);

  const state = commodityPageState(id, [detail], [3, 6]);
  if (state.view) return state.view;
  const [data] = state.data;
  return (
    <Page
      footer={
        barActions(data).length > 0 ? <ActionBar detail={data} onReassess={() => setReassessing(true)} /> : undefined
      }
    >
      <DetailHeader detail={data}>
        <div className="commodity-detail-head__links">
          <PrintTagLink id={data.id} />
          {destinations.length > 0 ? <TransferLink onOpen={() => setTransferring(true)} /> : null}
        </div>
      </DetailHeader>
      <DataAge updatedAt={detail.dataUpdatedAt} />
      <WatchMatchNotice commodityId={data.id} />
      <ResultSection detail={data} />
      <CertificateCard item={data} />
      <RecycleSection detail={data} />
      <PhotosSection detail={data} />
      <ProductSection detail={data} />
      <CustomerSection detail={data} />
      <PeopleSection detail={data} />
      <HistorySection detail={data} expanded={historyExpanded} onExpand={() => setHistoryExpanded(true)} />
      {data.allowed_actions.includes('reassess') ? (
        <ReassessPopup detail={data} visible={reassessing} onClose={() => setReassessing(false)} />
      ) : null}
      {destinations.length > 0 ? (
        <TransferPopup
          detail={data}
          destinations={destinations}
          visible={transferring}
          onClose={() => setTransferring(false)}
        />
      ) : null}
    </Page>
  );
}
