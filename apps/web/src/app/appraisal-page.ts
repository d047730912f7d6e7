import type { AppraisalInput } from '@jewel/contract/commodity';
import { parseId } from '@jewel/contract/values/ids';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { type AppraisalOptions, appraisalOptions } from '../features/appraisal/api/appraisal-queries.ts';
import { type AppraisalFormValues, toAppraisalInput } from '../features/appraisal/appraisal-model.ts';
import { clearAppraisalDraft } from '../features/appraisal/components/appraisal-form.tsx';
import { verdictSummary } from '../features/appraisal/components/appraisal-summary.ts';
import { commodityDetailOptions } from '../features/commodity/api/commodity-queries.ts';
import { commodityPageState } from '../features/commodity/components/commodity-page-state.tsx';
import { materialsOptions } from '../lib/catalog.ts';
import { Dialog } from '../lib/dialog.ts';
import type { TFunction } from '../lib/i18n.ts';
import { shopSettingsOptions } from '../lib/shop-settings.ts';
import { successToast } from '../lib/toast.ts';

/**
 * What a page with the appraisal form loads (the first appraisal or the reconsideration, and the
 * comprehensive assessment): the commodity of `?id=`, the dictionary's options, the materials and
 * the shop's settings. Answers the id and, as `commodityPageState` does, the page to show
 * meanwhile (its skeleton's blocks) or the data of all four.
 */
export function useAppraisalPage(skeleton: readonly number[]) {
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const detail = useQuery({ ...commodityDetailOptions(id ?? 0), enabled: id !== null });
  const options = useQuery(appraisalOptions());
  const materials = useQuery(materialsOptions());
  const settings = useQuery(shopSettingsOptions());
  return { id, state: commodityPageState(id, [detail, options, materials, settings], skeleton) };
}

/**
 * Sends a verdict of the appraisal form once the valuer confirms it in a dialog (`dialog` words
 * it around the verdict's summary), then drops the form's draft and says `done`. Answers whether
 * it was sent; a refusal throws, as the form expects, so that it is shown under its field.
 */
export async function sendVerdict({
  t,
  values,
  options,
  version,
  draftKey,
  dialog,
  send,
  done,
}: {
  t: TFunction;
  values: AppraisalFormValues;
  options: AppraisalOptions;
  version: number;
  draftKey: string;
  dialog: (summary: string) => { title: string; content: string; confirmText: string };
  send: (body: AppraisalInput) => Promise<unknown>;
  done: string;
}): Promise<boolean> {
  const confirmed = await Dialog.confirm({
    ...dialog(verdictSummary(t, values, options)),
    cancelText: t('common:cancel'),
  });
  if (!confirmed) return false;
  await send(toAppraisalInput(values, version));
  clearAppraisalDraft(draftKey);
  successToast(done);
  return true;
}
