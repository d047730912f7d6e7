import type { ShopDetails } from '@jewel/contract/shop';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { refusalField, useForm } from '../../../components/form/use-form.ts';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { LoadError, LoadingRows } from '../../../components/state-views.tsx';
// The frame's width at a desk (issue 28 item 9), which only the back office's pages load.
import '../../../components/wide-table.css';
import { Button } from '../../../lib/antd-mobile.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { successToast, toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { shopDetailsOptions, shopKeys, useChangeShopDetails } from '../api/shop-queries.ts';
import {
  fromShopDetails,
  SHOP_FIELDS,
  type ShopValues,
  shopFieldOfRefusal,
  timeZoneChoices,
  toShopDetails,
} from '../shop-model.ts';
import { useFocusFirstError } from './focus-first-error.ts';
import { ShopBanners } from './shop-banners.tsx';
import { ShopChanges } from './shop-changes.tsx';
import { ShopFields, shopErrors } from './shop-fields.tsx';
import { ShopImages } from './shop-images.tsx';
import { ShopPublicUrl } from './shop-public-url.tsx';
import { ShopRules } from './shop-rules.tsx';
import '../shop.css';

/** The form's id, for its save button in the page footer. */
export const SHOP_FORM_ID = 'shop-form';

/**
 * The shop's details, for its managers (issue 28): the fields the setup page asked (shop-fields.tsx),
 * saved from the footer, and below them the latest changes (who, when, old → new). Anyone else is
 * told whom the page is for. At a desk (issue 28 item 9), two columns: what the shop's documents
 * print of it (details, public address, logo and seal), then its banners, rules and changes; on a
 * phone the same cards follow each other in that order.
 */
export function ShopScreen() {
  // Both namespaces start loading at once: the page's own and its fields' (setup).
  const { t } = useTranslation(['shop', 'setup']);
  const manager = useIsManager();
  const query = useQuery({ ...shopDetailsOptions(), enabled: manager });
  const saving = useIsMutating({ mutationKey: shopKeys.change() }) > 0;

  if (!manager) return <ShopManagersOnly />;
  if (query.isPending) {
    return (
      <Page wide>
        <LoadingRows rows={8} />
      </Page>
    );
  }
  if (query.isError && !query.data) {
    // No longer a manager (the session's copy of the user said otherwise): whom the page is for.
    if (isApiError(query.error, 'managersOnly')) return <ShopManagersOnly />;
    return (
      <Page wide>
        <LoadError onRetry={() => query.refetch()} />
      </Page>
    );
  }
  return (
    <Page
      wide
      footer={
        <Button block color="primary" size="large" type="submit" form={SHOP_FORM_ID} loading={saving}>
          {t('save')}
        </Button>
      }
    >
      <div className="shop-page">
        <div className="shop-page__column">
          <ShopForm details={query.data.details} />
          <ShopPublicUrl publicUrl={query.data.public_url} warning={query.data.public_url_warning} />
          <ShopImages images={query.data.images} />
        </div>
        <div className="shop-page__column">
          <ShopBanners />
          <ShopRules rules={query.data.rules} />
          <ShopChanges changes={query.data.changes} />
        </div>
      </div>
    </Page>
  );
}

function ShopManagersOnly() {
  const { t } = useTranslation('shop');
  return (
    <Page wide>
      <ManagersOnly title={t('only.title')} description={t('only.description')} />
    </Page>
  );
}

/**
 * The details as the server keeps them, changed here and saved whole (PUT /api/shop). What is
 * typed stays until saved: a refetch of the page does not reset the form; a save sets it to the
 * details as the server kept them (texts trimmed).
 */
function ShopForm({ details }: { details: ShopDetails }) {
  const { t } = useTranslation('shop');
  const change = useChangeShopDetails();
  // The short list, and the shop's own zone after it when it is another.
  const [zones] = useState(() => timeZoneChoices(details.time_zone));
  const { values, set, setValues, errors, handleSubmit } = useForm({
    initial: () => fromShopDetails(details),
    check: (entered: ShopValues) => shopErrors(t, entered),
    // The body is the details themselves: the server names `name`, `languages.0`.
    refusal: (error) => {
      const named = refusalField(error);
      const field = named && shopFieldOfRefusal(named.field);
      return named && field ? { [field]: named.message } : {};
    },
  });
  const checked = useFocusFirstError(SHOP_FIELDS, errors);

  // A refusal is toasted by the API client; one naming a field is shown under it too (useForm).
  const submit = handleSubmit(async (entered) => {
    const body = toShopDetails(entered);
    // Nothing changed: nothing to send, nor to record.
    if (JSON.stringify(body) === JSON.stringify(details)) {
      toast(t('unchanged'));
      return;
    }
    const answer = await change.mutateAsync(body);
    setValues(fromShopDetails(answer.details));
    successToast(t('saved'));
  });

  return (
    <form
      id={SHOP_FORM_ID}
      className="setup-form"
      noValidate
      onSubmit={(event) => {
        checked.current = true;
        void submit(event);
      }}
    >
      <p className="muted setup-note">{t('intro')}</p>
      <section className="card form-section" aria-labelledby="shop-details">
        <h2 className="card__title" id="shop-details">
          {t('details')}
        </h2>
        <ShopFields values={values} set={set} errors={errors} zones={zones} />
      </section>
    </form>
  );
}
