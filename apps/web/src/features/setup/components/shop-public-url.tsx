import { useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangeShopPublicUrl } from '../api/shop-queries.ts';
import { publicUrlAccepted } from '../shop-model.ts';

const FIELD_ID = 'field-public_url';
const PROBLEM_ID = 'field-public_url-error';
const HINT_ID = 'field-public_url-hint';

/**
 * The shop's public address, which the QR codes of its certificates and tags open (issue 28):
 * saved on its own (PUT /api/shop/public-url), empty for the address each request came to. The
 * server warns when it is unset and this page came from a local address.
 */
export function ShopPublicUrl({ publicUrl, warning }: { publicUrl: string | null; warning: boolean }) {
  const { t } = useTranslation('shop');
  const change = useChangeShopPublicUrl();
  const [value, setValue] = useState(publicUrl ?? '');
  const [problem, setProblem] = useState(false);
  const save = async () => {
    if (!publicUrlAccepted(value)) {
      setProblem(true);
      document.getElementById(FIELD_ID)?.focus();
      return;
    }
    setProblem(false);
    // A refusal is toasted by the API client.
    const answer = await change.mutateAsync(value.trim() || null).catch(() => undefined);
    if (!answer) return;
    setValue(answer.public_url ?? '');
    successToast(t('publicUrl.saved'));
  };
  return (
    <section className="card form-section shop-public-url" aria-labelledby="shop-public-url">
      <h2 className="card__title" id="shop-public-url">
        {t('publicUrl.title')}
      </h2>
      {warning ? (
        <p className="shop-public-url__warning" role="note">
          {t('publicUrl.warning')}
        </p>
      ) : null}
      {/* The card's heading says it: the label is for screen readers. */}
      <label className="sr-only" htmlFor={FIELD_ID}>
        {t('setup:fields.shop_public_url')}
      </label>
      <Input
        id={FIELD_ID}
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder={t('publicUrl.placeholder')}
        value={value}
        maxLength={200}
        onChange={(next) => {
          setValue(next);
          setProblem(false);
        }}
        aria-invalid={problem || undefined}
        aria-describedby={problem ? `${PROBLEM_ID} ${HINT_ID}` : HINT_ID}
      />
      {problem ? (
        <p className="field-error" id={PROBLEM_ID}>
          {t('publicUrl.invalid')}
        </p>
      ) : null}
      <p className="muted shop-public-url__hint" id={HINT_ID}>
        {t('publicUrl.hint')}
      </p>
      <Button color="primary" fill="outline" loading={change.isPending} onClick={() => void save()}>
        {t('publicUrl.save')}
      </Button>
    </section>
  );
}
